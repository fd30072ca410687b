import ArbiterAndroid
import ArbiterEngine
import Yams

/// Checks on the system's clients (`call`, `assistant`, `alarm`) and the car's own checks (`losers`, `delayed`,
/// `duckedContexts`).
extension AndroidScenarioDecoder {
    /// What a system client can be checked for: it has focus and makes requests, but no players and no listener a
    /// scenario sees.
    static let systemCheckKeys = ["focus", "request", "ducked"]

    /// `call: { focus: lossTransient, request: granted, ducked: true }`.
    mutating func systemChecks(_ owner: FocusOwner, _ node: Node) -> [AndroidCheck] {
        guard let fields = reader.mapping(node, expected: "a mapping of \(owner)'s checks (focus, request, ducked)")
        else { return [] }
        let known = Self.systemCheckKeys
        for (key, keyNode, _) in fields where !known.contains(key) {
            let why =
                Self.appCheckKeys.contains(key)
                ? "'\(key)' is an app's check; \(owner) is the system's own client, with no players or listener here"
                : "unknown key '\(key)' in the checks of \(owner)"
            reader.fail(
                keyNode, why, expected: "one of: " + known.joined(separator: ", "),
                suggestion: Suggestions.nearest(to: key, in: known))
        }
        return propertyChecks(AppID(owner.description), fields.filter { known.contains($0.key) })
            .map { check in
                guard case .app(_, let property) = check.subject else { return check }
                return AndroidCheck(position: check.position, subject: .system(owner, property))
            }
    }

    /// `losers: [Music]` (who waits) or `losers: { Music: [Maps] }` (who waits, and what blocks each);
    /// `delayed: Music` or `delayed: null`; `duckedContexts: [music]`.
    mutating func carCheck(_ key: String, _ node: Node) -> AndroidCheckSubject? {
        switch key {
        case "losers":
            if case .mapping = node {
                guard let entries = reader.mapping(node, expected: "{ loser: [its blockers] }") else { return nil }
                var patterns: [CarLoserPattern] = []
                for (_, keyNode, value) in entries {
                    guard let loser = focusOwner(keyNode), let blockers = owners(value) else { continue }
                    patterns.append(CarLoserPattern(owner: loser, blockers: blockers))
                }
                return patterns.count == entries.count ? .losers(patterns) : nil
            }
            return owners(node).map { .losers($0.map { CarLoserPattern(owner: $0) }) }
        case "delayed":
            return owner(node).map { .delayed($0) }
        default:
            guard let items = reader.list(node, expected: "a list of car audio contexts") else { return nil }
            let table = CarAudioContext.real.map { ($0.rawValue, $0) }
            let contexts = items.compactMap { reader.androidChoice($0, table, what: "car audio context") }
            return contexts.count == items.count ? .duckedContexts(contexts) : nil
        }
    }
}
