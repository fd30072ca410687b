import ArbiterEngine
import Yams

/// What the scenario's iOS release has: an option, a mode, a call style or a call that came later is an error at the
/// word, saying which release brought it.
extension ScenarioDecoder {
    /// The releases a scenario's `ios:` may name.
    static let releases = Release.oldest...Release.newest

    /// Whether the scenario's release has `what`, introduced in `release`; reports an error at `node` when not.
    mutating func available(_ node: Node, _ what: String, since release: Release) -> Bool {
        guard !release.isAvailable(on: ios) else { return true }
        reader.fail(
            node, "\(what) needs \(release) or later; this scenario has ios: \(ios)",
            expected: "ios: \(release.major) or later, or a scenario without it")
        return false
    }

    /// A mode the scenario's release has.
    mutating func mode(_ node: Node) -> Mode? {
        guard let mode = reader.choice(node, Vocabulary.modes, what: "mode") else { return nil }
        return available(node, "mode \(mode)", since: mode.introduced) ? mode : nil
    }

    /// A category option the scenario's release has.
    mutating func option(_ node: Node) -> CategoryOption? {
        guard let option = reader.choice(node, Vocabulary.options, what: "category option") else { return nil }
        return available(node, "option \(option)", since: option.introduced) ? option : nil
    }
}
