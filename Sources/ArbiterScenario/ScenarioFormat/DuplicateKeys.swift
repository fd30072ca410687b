import Yams

/// Places each repeated mapping key at its repeat, where the mistake is. Yams stops at the first repeated key
/// and names the key's first occurrence; so the first occurrence is renamed with a marker and the text composed
/// again, until it composes, and then every marked key's next namesake in its mapping is a repeat.
enum DuplicateKeys {
    /// Put in front of a first occurrence with two digits of its own (`...07_`), so that two marked keys differ;
    /// no scenario key starts with it.
    static let marker = "arbiterFirstOccurrenceOfARepeatedKey"
    static let markerLength = marker.unicodeScalars.count + 3
    /// The most repeats looked for before giving up (each costs one composition).
    static let limit = 32

    /// A diagnostic at every repeated key of `text`, or nil when they cannot be placed.
    static func diagnostics(_ text: String, file: String) -> [Diagnostic]? {
        var edits = MarkedText(text)
        var root: Node?
        for _ in 0...limit {
            do {
                root = try Yams.compose(yaml: edits.text)
                break
            } catch YamlError.duplicatedKeysInMapping(_, let context) {
                guard edits.mark(at: context.mark) else { return nil }
            } catch {
                return nil
            }
        }
        guard let root else { return nil }
        var found: [Diagnostic] = []
        var budget = 200_000
        visit(root, budget: &budget) { pairs in
            for (index, (key, _)) in pairs.enumerated() {
                guard let text = key.string, text.hasPrefix(marker), let first = key.mark else { continue }
                let name = String(text.dropFirst(markerLength))
                guard let repeated = pairs[(index + 1)...].first(where: { unmarked($0.0.string) == name })?.0,
                    let mark = repeated.mark
                else { continue }
                let (line, column) = edits.original(first)
                found.append(
                    Diagnostic(
                        edits.position(of: mark, file: file),
                        "the key '\(name)' is already in this mapping (at \(line):\(column))", expected: "each key once"
                    ))
            }
        }
        return found.isEmpty ? nil : found
    }

    private static func unmarked(_ text: String?) -> String? {
        guard let text else { return nil }
        return text.hasPrefix(marker) ? String(text.dropFirst(markerLength)) : text
    }

    /// Calls `body` with the pairs of every mapping under `node`, visiting at most `budget` nodes.
    private static func visit(_ node: Node, budget: inout Int, _ body: ([(Node, Node)]) -> Void) {
        budget -= 1
        guard budget > 0 else { return }
        switch node {
        case .mapping(let mapping):
            body(Array(mapping))
            for (key, value) in mapping {
                visit(key, budget: &budget, body)
                visit(value, budget: &budget, body)
            }
        case .sequence(let sequence):
            for item in sequence { visit(item, budget: &budget, body) }
        case .scalar, .alias:
            break
        }
    }

    /// The text with markers inserted, and the way back from its positions to the original's.
    struct MarkedText {
        let lines: [[Unicode.Scalar]]
        /// Where markers go, as original (line, column) pairs: before the key's first character, or after its
        /// quote; each with its number.
        var insertions: [[Int]: Int] = [:]

        init(_ text: String) {
            lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.unicodeScalars) }
        }

        var text: String {
            lines.enumerated().map { index, scalars in
                var line = String.UnicodeScalarView()
                for (offset, scalar) in scalars.enumerated() {
                    if let number = insertions[[index + 1, offset + 1]] {
                        let digits = String(number)
                        let text = marker + String(repeating: "0", count: 2 - digits.count) + digits + "_"
                        line.append(contentsOf: text.unicodeScalars)
                    }
                    line.append(scalar)
                }
                return String(line)
            }.joined(separator: "\n")
        }

        /// Marks the key that starts at `mark` (a position in `text`); false when it cannot be marked again.
        mutating func mark(at mark: Mark) -> Bool {
            var (line, column) = original(mark)
            guard line >= 1, line <= lines.count, column >= 1, column <= lines[line - 1].count else { return false }
            if ["\"", "'"].contains(lines[line - 1][column - 1]) { column += 1 }
            guard insertions[[line, column]] == nil, insertions.count < 100 else { return false }
            insertions[[line, column]] = insertions.count
            return true
        }

        /// The original line and column of a position in `text`; a marker's start is its key's.
        func original(_ mark: Mark) -> (Int, Int) {
            var shift = 0
            for point in insertions.keys.filter({ $0[0] == mark.line }).map({ $0[1] }).sorted() {
                guard point + shift < mark.column else { break }
                shift += markerLength
            }
            return (mark.line, mark.column - shift)
        }

        func position(of mark: Mark, file: String) -> SourcePosition {
            let (line, column) = original(mark)
            return SourcePosition(file: file, line: line, column: column)
        }
    }
}
