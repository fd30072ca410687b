/// A session-bus problem: what was tried, and what the bus or the system answered.
public struct BusError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
