/// A PipeWire problem, with what to do about it.
public struct PipeWireError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
