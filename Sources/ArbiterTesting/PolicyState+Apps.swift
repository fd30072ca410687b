import ArbiterEngine
import CustomDump

extension PolicyState {
    /// The apps' states in declaration order, by name: `state.apps["Music"].playing`. Reading an app that does
    /// not exist gives a default `PolicyState.App`; writing one adds it, so a mistyped name shows up in the diff.
    public struct Apps: Equatable, Sendable, Sequence {
        public private(set) var names: [AppID] = []
        private var states: [AppID: App] = [:]

        public init() {}

        public subscript(_ name: AppID) -> App {
            get { states[name] ?? App() }
            set {
                if states[name] == nil { names.append(name) }
                states[name] = newValue
            }
        }

        public func makeIterator() -> some IteratorProtocol<(name: AppID, state: App)> {
            names.map { (name: $0, state: states[$0]!) }.makeIterator()
        }
    }
}

extension PolicyState.Apps: CustomDumpReflectable {
    public var customDumpMirror: Mirror {
        Mirror(self, children: names.map { (label: $0.name, value: states[$0]! as Any) }, displayStyle: .struct)
    }
}
