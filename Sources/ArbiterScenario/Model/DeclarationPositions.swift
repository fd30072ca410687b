import ArbiterEngine

/// Where each part of the apps' declarations is written (the app's name, `category`, each option, each reaction, each
/// player), so that a lint can point at the line to change.
public struct DeclarationPositions: Hashable, Sendable {
    private var positions: [AppID: [[String]: SourcePosition]] = [:]

    public init() {}

    /// Notes that `path` of `app`'s declaration (`[]` for the app's name, `["reactions", "interruptionEnded"]`) is
    /// written at `position`.
    public mutating func note(_ path: [String], of app: AppID, at position: SourcePosition) {
        positions[app, default: [:]][path] = position
    }

    /// Where `path` of `app`'s declaration is written: the path itself, else the nearest enclosing key that is
    /// written (a missing `backgroundModes` points at the app's name); nil for an app not declared in the file.
    public func position(of path: [String], in app: AppID) -> SourcePosition? {
        guard let keys = positions[app] else { return nil }
        for length in stride(from: path.count, through: 0, by: -1) {
            if let position = keys[Array(path.prefix(length))] { return position }
        }
        return nil
    }
}
