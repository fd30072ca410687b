import ArbiterEngine
import ArbiterLint
import Yams

extension YAMLReader {
    /// `allowLints: { lint.id: "why it is allowed" }`, or a list of lint identifiers with no reason, each one of
    /// `known`; records where each allowance is written (for `app`, or the whole file when nil) in `positions`.
    mutating func allowLints(
        _ node: Node, for app: AppID?, known ids: [String],
        positions: inout [LintAllowances.Entry: SourcePosition]
    ) -> [String: String] {
        var allowed: [String: String] = [:]
        func allow(_ id: String, at keyNode: Node, reason: String) {
            guard ids.contains(id) else {
                fail(
                    keyNode, "unknown lint '\(id)'", expected: "a lint identifier (`arbiter lints` lists them)",
                    suggestion: Suggestions.nearestLint(to: id, in: ids))
                return
            }
            allowed[id] = reason
            positions[LintAllowances.Entry(app: app, lint: id)] = position(keyNode)
        }
        if case .mapping = node {
            for (id, keyNode, value) in mapping(node, expected: "lint identifiers") ?? [] {
                guard let reason = text(value), !isNull(value), reason.contains(where: { !$0.isWhitespace }) else {
                    fail(value, "lint \(id) is allowed without a reason", expected: "the reason it is allowed, as text")
                    continue
                }
                allow(id, at: keyNode, reason: reason)
            }
            return allowed
        }
        let expected = "a mapping from lint identifiers to the reason each is allowed, or a list of lint identifiers"
        for item in list(node, expected: expected) ?? [] {
            if let id = string(item, expected: "a lint identifier") { allow(id, at: item, reason: "") }
        }
        return allowed
    }
}
