/// A place in a scenario file.
public struct SourcePosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var file: String
    /// 1-based.
    public var line: Int
    /// 1-based, in Unicode scalars.
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }

    /// `FILE:LINE:COLUMN`.
    public var description: String { "\(file):\(line):\(column)" }
}

/// A problem with a scenario file: where, what is wrong, and what was expected there.
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    public var position: SourcePosition
    /// What is wrong.
    public var message: String
    /// What was expected there.
    public var expected: String
    /// A near-miss name, if there is one.
    public var suggestion: String?

    public init(_ position: SourcePosition, _ message: String, expected: String, suggestion: String? = nil) {
        self.position = position
        self.message = message
        self.expected = expected
        self.suggestion = suggestion
    }

    /// `FILE:LINE:COLUMN: error: what is wrong (did you mean 'x'?); expected what was expected there`.
    public var description: String { "\(position): error: \(text)" }

    /// The message without its position: `what is wrong (did you mean 'x'?); expected what was expected there`.
    public var text: String {
        let hint = suggestion.map { " (did you mean '\($0)'?)" } ?? ""
        return "\(message)\(hint); expected \(expected)"
    }
}
