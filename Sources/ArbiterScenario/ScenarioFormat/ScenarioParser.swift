import ArbiterEngine
import Yams

/// Decodes and validates scenario files (format version 1, docs/scenario-format.md).
public enum ScenarioParser {
    /// The largest file accepted.
    public static let maximumBytes = 4 << 20
    /// The deepest nesting accepted.
    public static let maximumDepth = 64

    /// Decodes `text` (the contents of `file`). Every problem is reported, in file order.
    public static func parse(_ text: String, file: String) -> Result<Scenario, ScenarioErrors> {
        compose(text, file: file).flatMap { root in decode(root, file: file) }
    }

    /// Decodes an iOS scenario from its composed YAML tree.
    static func decode(_ root: Node, file: String) -> Result<Scenario, ScenarioErrors> {
        var decoder = ScenarioDecoder(reader: YAMLReader(file: file))
        let scenario = decoder.decode(root)
        let diagnostics = decoder.reader.diagnostics
        if let scenario, diagnostics.isEmpty { return .success(scenario) }
        return .failure(ScenarioErrors(diagnostics))
    }

    /// The YAML tree of `text`, after checking its size and nesting; every problem with its place.
    static func compose(_ text: String, file: String) -> Result<Node, ScenarioErrors> {
        if text.utf8.count > maximumBytes {
            return .failure(
                ScenarioErrors([
                    Diagnostic(
                        SourcePosition(file: file, line: 1, column: 1),
                        "the file is \(text.utf8.count) bytes", expected: "a scenario of at most \(maximumBytes) bytes")
                ]))
        }
        if let deep = NestingScan.firstTooDeep(text, limit: maximumDepth) {
            return .failure(
                ScenarioErrors([
                    Diagnostic(
                        SourcePosition(file: file, line: deep.line, column: deep.column),
                        "the document nests more than \(maximumDepth) levels deep", expected: "a flatter scenario")
                ]))
        }
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            if case .duplicatedKeysInMapping = error, let repeats = DuplicateKeys.diagnostics(text, file: file) {
                return .failure(ScenarioErrors(repeats))
            }
            return .failure(ScenarioErrors([diagnostic(for: error, file: file)]))
        } catch {
            return .failure(
                ScenarioErrors([
                    Diagnostic(
                        SourcePosition(file: file, line: 1, column: 1),
                        "the file is not YAML (\(error))", expected: "a YAML scenario")
                ]))
        }
        guard let root else {
            return .failure(
                ScenarioErrors([
                    Diagnostic(
                        SourcePosition(file: file, line: 1, column: 1),
                        "the file is empty", expected: "a mapping with scenario, apps and steps")
                ]))
        }
        return .success(root)
    }

    static func diagnostic(for error: YamlError, file: String) -> Diagnostic {
        func at(_ mark: Mark) -> SourcePosition { SourcePosition(file: file, line: mark.line, column: mark.column) }
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _),
            .composer(_, let problem, let mark, _):
            return Diagnostic(at(mark), "YAML syntax: \(problem)", expected: "well-formed YAML")
        case .duplicatedKeysInMapping(let duplicates, let context):
            // Only when the repeat could not be found (DuplicateKeys): the first occurrence is all Yams gives.
            return Diagnostic(
                at(context.mark),
                "the key '\(duplicates.joined(separator: "', '"))' appears twice "
                    + "in one mapping", expected: "each key once")
        case .reader(let problem, let offset, _, let yaml):
            let (line, column) = lineAndColumn(of: offset ?? 0, in: yaml)
            return Diagnostic(
                SourcePosition(file: file, line: line, column: column),
                "unreadable text: \(problem)", expected: "UTF-8 text")
        default:
            return Diagnostic(
                SourcePosition(file: file, line: 1, column: 1), "the file is not YAML (\(error))",
                expected: "a YAML scenario")
        }
    }

    static func lineAndColumn(of offset: Int, in text: String) -> (Int, Int) {
        var line = 1
        var column = 1
        for (index, byte) in text.utf8.enumerated() {
            if index >= offset { break }
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }
}

/// Every problem found in one file, in file order.
public struct ScenarioErrors: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics.sorted { $0.position < $1.position }
    }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

/// Finds nesting deep enough to exhaust a recursive YAML composer, before composing.
enum NestingScan {
    /// The position of the first place where flow brackets, block indentation levels and inline `- ` items
    /// together nest deeper than `limit`, if any.
    static func firstTooDeep(_ text: String, limit: Int) -> (line: Int, column: Int)? {
        var flow = 0
        var line = 1
        var indents: [Int] = []
        var inQuote: Character?
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var column = 0
            var atLineStart = flow == 0 && inQuote == nil
            var blockDepth = 0
            var leading = 0
            for character in rawLine {
                column += 1
                if let quote = inQuote {
                    if character == quote { inQuote = nil }
                    continue
                }
                if atLineStart {
                    if character == " " {
                        leading += 1
                        continue
                    }
                    if character == "-" || character == "?" {
                        blockDepth += 1
                        continue
                    }
                    atLineStart = false
                    while let last = indents.last, last >= leading { indents.removeLast() }
                    indents.append(leading)
                }
                switch character {
                case "#" where flow == 0: break
                case "\"", "'": inQuote = character
                case "[", "{":
                    flow += 1
                case "]", "}":
                    flow = max(0, flow - 1)
                default: break
                }
                if character == "#" && flow == 0 { break }
                if flow + indents.count + blockDepth > limit { return (line, column) }
            }
            if blockDepth + indents.count > limit { return (line, 1) }
            if inQuote == "'" || inQuote == "\"" { /* multi-line quoted scalar: keep scanning */  }
            line += 1
        }
        return nil
    }
}
