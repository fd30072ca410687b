/// The name of a virtual app, such as `Music` or `Maps`: letters, digits, `-` and `_`.
public struct AppID: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let name: String

    public init(_ name: String) { self.name = name }
    public init(stringLiteral value: String) { self.name = value }

    public var description: String { name }

    public static func < (lhs: AppID, rhs: AppID) -> Bool { lhs.name < rhs.name }

    /// Whether `name` is a valid app name: non-empty, only letters, digits, `-` and `_`.
    public static func isValid(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy { scalar in
            (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z")
                || (scalar >= "0" && scalar <= "9") || scalar == "-" || scalar == "_"
        }
    }
}
