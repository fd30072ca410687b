/// Block-based key-value observing of the simulated objects (`item.observe(\.status, options: [.new]) { ... }`), as
/// Foundation offers it on Apple platforms. Values are read again after every step of the phone and the handler runs
/// when one changed. String-keyed KVO (`addObserver(_:forKeyPath:options:context:)`) needs the Objective-C runtime and
/// is not offered.
public struct NSKeyValueObservingOptions: OptionSet, Hashable, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let new = NSKeyValueObservingOptions(rawValue: 0x01)
    public static let old = NSKeyValueObservingOptions(rawValue: 0x02)
    public static let initial = NSKeyValueObservingOptions(rawValue: 0x04)
    public static let prior = NSKeyValueObservingOptions(rawValue: 0x08)
}

/// `NSKeyValueChange`.
public enum NSKeyValueChange: UInt, Sendable {
    case setting = 1
    case insertion, removal, replacement
}

/// One change an observation saw.
public struct NSKeyValueObservedChange<Value> {
    public let kind: NSKeyValueChange
    /// The value after the change, when the options include `.new`.
    public let newValue: Value?
    /// The value before the change, when the options include `.old`.
    public let oldValue: Value?
    public let indexes: IndexSet? = nil
    public let isPrior: Bool = false
}

/// The token an observation returns: the observation lasts while it is kept and not invalidated.
public class NSKeyValueObservation: NSObject, @unchecked Sendable {
    fileprivate var valid = true
    public func invalidate() { valid = false }
    deinit { valid = false }
}

/// An observation as the app keeps it: reads the value and calls the handler when it changed.
final class ValueObservation {
    private weak var token: NSKeyValueObservation?
    private let checkChange: () -> Void

    init(token: NSKeyValueObservation, check: @escaping () -> Void) {
        self.token = token
        checkChange = check
    }

    var isValid: Bool { token?.valid ?? false }
    func check() { if isValid { checkChange() } }
}

/// The simulated objects whose properties can be observed.
public protocol _KeyValueObservingSimulated: AnyObject {
    /// The app whose phone steps change the object's values.
    var _observingApp: SimulatedApp? { get }
}

extension _KeyValueObservingSimulated {
    /// Observes the value at `keyPath`; the handler runs when it changes (and at once with `.initial`).
    public func observe<Value: Equatable>(
        _ keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [],
        changeHandler: @escaping (Self, NSKeyValueObservedChange<Value>) -> Void
    ) -> NSKeyValueObservation {
        let token = NSKeyValueObservation()
        var last = self[keyPath: keyPath]
        if options.contains(.initial) {
            changeHandler(
                self,
                NSKeyValueObservedChange(
                    kind: .setting, newValue: options.contains(.new) ? last : nil,
                    oldValue: nil))
        }
        guard let app = _observingApp else {
            Diagnostics.outsideApp("observe(\(keyPath))")
            return token
        }
        app.addValueObservation(
            ValueObservation(token: token) { [weak self] in
                guard let self else { return }
                let value = self[keyPath: keyPath]
                guard value != last else { return }
                let old = last
                last = value
                changeHandler(
                    self,
                    NSKeyValueObservedChange(
                        kind: .setting, newValue: options.contains(.new) ? value : nil,
                        oldValue: options.contains(.old) ? old : nil))
            })
        return token
    }
}
