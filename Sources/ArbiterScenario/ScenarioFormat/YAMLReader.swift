import Yams

/// Reads a composed YAML tree, collecting every problem with its position instead of stopping at the first.
struct YAMLReader {
    let file: String
    var diagnostics: [Diagnostic] = []
    /// Nodes left to visit: a guard against documents made huge by aliases.
    var budget = 200_000
    var exhausted = false

    /// Whether nodes carry their position in a word tag (typed REPL lines); a file's own tags never place a node.
    let readsWordPositions: Bool

    init(file: String, readsWordPositions: Bool = false) {
        self.file = file
        self.readsWordPositions = readsWordPositions
    }

    func position(_ node: Node) -> SourcePosition {
        if readsWordPositions, let position = WordNodes.position(of: node, file: file) { return position }
        let mark = node.mark
        return SourcePosition(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1)
    }

    mutating func fail(_ node: Node, _ message: String, expected: String, suggestion: String? = nil) {
        fail(at: position(node), message, expected: expected, suggestion: suggestion)
    }

    mutating func fail(at position: SourcePosition, _ message: String, expected: String, suggestion: String? = nil) {
        diagnostics.append(Diagnostic(position, message, expected: expected, suggestion: suggestion))
    }

    /// Counts visited nodes; false once the document is too large to read.
    mutating func visit(_ node: Node, count: Int = 1) -> Bool {
        if exhausted { return false }
        budget -= count
        if budget < 0 {
            exhausted = true
            fail(
                node, "the document is too large (more than 200000 nodes, aliases expanded)",
                expected: "a scenario of a reasonable size")
            return false
        }
        return true
    }

    /// The text of a scalar, nil for mappings and sequences.
    func text(_ node: Node) -> String? {
        if case .scalar(let scalar) = node { return scalar.string }
        return nil
    }

    /// Whether the node is YAML null (`null`, `~` or nothing).
    func isNull(_ node: Node) -> Bool {
        guard case .scalar(let scalar) = node, scalar.style == .plain || scalar.style == .any else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(scalar.string)
    }

    /// A short description of what a node is, for messages.
    func describe(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar): isNull(node) ? "nothing" : "'\(scalar.string.prefix(40))'"
        case .mapping: "a mapping"
        case .sequence: "a list"
        case .alias: "an alias"
        }
    }

    mutating func string(_ node: Node, expected: String) -> String? {
        if let text = text(node), !isNull(node) { return text }
        fail(node, "found \(describe(node))", expected: expected)
        return nil
    }

    mutating func bool(_ node: Node, key: String) -> Bool? {
        switch text(node) {
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        default:
            fail(node, "\(key) is \(describe(node))", expected: "true or false")
            return nil
        }
    }

    mutating func number(_ node: Node, key: String, in range: ClosedRange<Double>? = nil) -> Double? {
        guard let text = text(node), !isNull(node), let value = Double(text), value.isFinite else {
            fail(
                node, "\(key) is \(describe(node))",
                expected: "a number"
                    + (range.map { " from \(Self.format($0.lowerBound)) to \(Self.format($0.upperBound))" } ?? ""))
            return nil
        }
        if let range, !range.contains(value) {
            fail(
                node, "\(key) is \(Self.format(value))",
                expected: "a number from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound))")
            return nil
        }
        return value
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// The entries of a mapping, keys as text, in file order. Non-text keys are reported.
    mutating func mapping(_ node: Node, expected: String) -> [(key: String, keyNode: Node, value: Node)]? {
        guard case .mapping(let mapping) = node else {
            fail(node, "found \(describe(node))", expected: expected)
            return nil
        }
        guard visit(node, count: mapping.count + 1) else { return nil }
        var entries: [(key: String, keyNode: Node, value: Node)] = []
        for (key, value) in mapping {
            guard let text = text(key) else {
                fail(key, "a key is \(describe(key))", expected: "a plain name as the key")
                continue
            }
            entries.append((text, key, value))
        }
        return entries
    }

    /// The items of a list. A single scalar counts as a list of one.
    mutating func list(_ node: Node, expected: String) -> [Node]? {
        switch node {
        case .sequence(let sequence):
            guard visit(node, count: sequence.count + 1) else { return nil }
            return Array(sequence)
        case .scalar where isNull(node): return []
        case .scalar: return [node]
        default:
            fail(node, "found \(describe(node))", expected: expected)
            return nil
        }
    }

    /// A name from a fixed vocabulary, with a suggestion for near misses.
    mutating func choice<T>(_ node: Node, _ table: [(String, T)], what: String) -> T? {
        guard let text = text(node), !isNull(node) else {
            fail(node, "\(what) is \(describe(node))", expected: "one of: " + table.map(\.0).joined(separator: ", "))
            return nil
        }
        if let match = table.first(where: { $0.0 == text }) { return match.1 }
        fail(
            node, "unknown \(what) '\(text)'", expected: "one of: " + table.map(\.0).joined(separator: ", "),
            suggestion: Suggestions.nearest(to: text, in: table.map(\.0)))
        return nil
    }

    /// Reports every key not in `allowed`.
    mutating func onlyKeys(
        _ entries: [(key: String, keyNode: Node, value: Node)], _ allowed: [String], in context: String
    ) {
        for entry in entries where !allowed.contains(entry.key) {
            fail(
                entry.keyNode, "unknown key '\(entry.key)' in \(context)",
                expected: allowed.isEmpty
                    ? "no keys: \(context) has none" : "one of: " + allowed.joined(separator: ", "),
                suggestion: Suggestions.nearest(to: entry.key, in: allowed))
        }
    }

    /// Reports a missing required key at the mapping.
    mutating func require(
        _ key: String, in entries: [(key: String, keyNode: Node, value: Node)], at node: Node,
        context: String
    ) -> Node? {
        if let entry = entries.first(where: { $0.key == key }) { return entry.value }
        fail(node, "\(context) has no '\(key)'", expected: "a '\(key)' key")
        return nil
    }
}
