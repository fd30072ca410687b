import ArbiterEngine
import Yams

/// What every platform's decoder reads the same way: verbs, durations and player names.
extension YAMLReader {
    /// A verb as a step writes it: its name, the node of the name, and its argument.
    typealias Verb = (name: String, node: Node, argument: Node?)

    /// A verb of a `target` step (`app`, `device`, `system`): `play`, or a one-key mapping `{ play: video }`, one of
    /// `verbs`. A verb of another of the `owners` is an error naming its owner (`typed(owner, verb)` says how to type it
    /// where lines are words, as the REPL reads them); any other word is an error with the nearest verb.
    mutating func verb(
        _ node: Node, verbs: [String], target: String, owners: [(String, [String])],
        typed: ((_ owner: String, _ verb: String) -> String)? = nil
    ) -> Verb? {
        var name: String
        var nameNode = node
        var argument: Node?
        if case .mapping = node {
            guard let entries = mapping(node, expected: "a verb"), entries.count == 1, let entry = entries.first else {
                fail(
                    node, "a \(target) step's mapping must have exactly one verb",
                    expected: "one of: " + verbs.joined(separator: ", "))
                return nil
            }
            name = entry.key
            nameNode = entry.keyNode
            argument = isNull(entry.value) ? nil : entry.value
        } else if let text = text(node), !isNull(node) {
            name = text
        } else {
            fail(node, "a \(target) step is \(describe(node))", expected: "one of: " + verbs.joined(separator: ", "))
            return nil
        }
        guard verbs.contains(name) else {
            func article(_ target: String) -> String { target == "app" ? "an app" : "a \(target)" }
            if let owner = owners.first(where: { $0.1.contains(name) })?.0 {
                let hint = readsWordPositions ? typed?(owner, name) : nil
                fail(
                    nameNode, "'\(name)' is \(article(owner)) verb, not \(article(target)) verb",
                    expected: hint ?? "one of: " + verbs.joined(separator: ", "))
            } else {
                fail(
                    nameNode, "unknown \(target) verb '\(name)'", expected: "one of: " + verbs.joined(separator: ", "),
                    suggestion: Suggestions.nearest(to: name, in: verbs))
            }
            return nil
        }
        return (name, nameNode, argument)
    }

    /// Whether `verb` came without an argument; an error at the argument otherwise.
    mutating func noArgument(_ verb: Verb) -> Bool {
        if let argument = verb.argument {
            fail(argument, "'\(verb.name)' takes no argument", expected: "just '\(verb.name)'")
            return false
        }
        return true
    }

    /// A duration (`500ms`, `2s`, `1.5s`) for `key`.
    mutating func duration(_ node: Node, key: String, orWord word: String? = nil) -> Time? {
        guard let text = text(node), !isNull(node), let time = DurationText.parse(text) else {
            fail(
                node, "\(key) is \(describe(node))",
                expected: DurationText.expected + (word.map { ", or \($0)" } ?? ""))
            return nil
        }
        return time
    }

    /// One of `app`'s players, `names`.
    mutating func playerName(_ node: Node, app: AppID, names: [String]) -> String? {
        guard let name = string(node, expected: "a player name") else { return nil }
        guard names.contains(name) else {
            fail(
                node, "app '\(app)' has no player '\(name)'",
                expected: names.isEmpty
                    ? "no player name: the app has no players"
                    : "one of its players: " + names.joined(separator: ", "),
                suggestion: Suggestions.nearest(to: name, in: names))
            return nil
        }
        return name
    }

    /// The key a cross-platform file's projection leaves on another platform's step, beside its time: the step is
    /// gone, and its `at:` or `after:` still moves this platform's clock (`isOtherPlatformsStep`).
    static let otherPlatformsStep = "(another platform's step)"

    /// Whether a step is what is left of another platform's (`otherPlatformsStep`): only its time counts.
    func isOtherPlatformsStep(_ entries: [(key: String, keyNode: Node, value: Node)]) -> Bool {
        entries.contains { $0.key == Self.otherPlatformsStep }
    }

    /// A step's time, from its `at:` (not before `now`) or `after:` (counted from `now`), which moves `now` on.
    mutating func stepTime(_ entries: [(key: String, keyNode: Node, value: Node)], now: inout Time) {
        let at = entries.first { $0.key == "at" }
        let after = entries.first { $0.key == "after" }
        if let at, after != nil {
            fail(at.keyNode, "a step has both 'at' and 'after'", expected: "one of them")
        }
        if let at, let time = duration(at.value, key: "at") {
            if time < now {
                fail(
                    at.value, "time goes backwards: at \(time) is before the previous step's \(now)",
                    expected: "\(now) or later")
            } else {
                now = time
            }
        } else if let after, let delay = duration(after.value, key: "after") {
            now = now + delay
        }
    }

    /// A step's one action: its one key that is not one of `otherKeys` (an app name, device, system or expect). An
    /// error when it has none, or more than one.
    mutating func stepAction(
        _ entries: [(key: String, keyNode: Node, value: Node)], of step: Node,
        otherKeys: [String]
    ) -> (key: String, keyNode: Node, value: Node)? {
        let actions = entries.filter { !otherKeys.contains($0.key) }
        guard let action = actions.first else {
            fail(step, "a step has no action", expected: "one of an app name, device, system or expect")
            return nil
        }
        for extra in actions.dropFirst() {
            fail(
                extra.keyNode, "a step has a second action '\(extra.key)' after '\(action.key)'",
                expected: "exactly one of an app name, device, system or expect per step")
        }
        return action
    }

    /// The error for a step whose action `key` is neither an app of `apps` nor device, system or expect; `noApps` says
    /// what to declare when there are no apps.
    mutating func unknownAction(_ key: String, at node: Node, apps: [String], noApps: String) {
        fail(
            node, "unknown app or action '\(key)'",
            expected: apps.isEmpty
                ? "device, system, expect, or \(noApps)"
                : "one of the apps (" + apps.joined(separator: ", ") + "), device, system or expect",
            suggestion: Suggestions.nearest(to: key, in: apps + ["device", "system", "expect"]))
    }

    /// A scenario file's top: a mapping of only `keys`, its required `scenario` title and its `description`. Nil
    /// when the file is not a mapping; a missing or bad title is reported and read as "".
    mutating func scenarioTop(_ root: Node, keys: [String], expected: String) -> ScenarioTop? {
        guard let entries = mapping(root, expected: expected) else { return nil }
        onlyKeys(entries, keys, in: "the scenario")
        var title = ""
        if let node = require("scenario", in: entries, at: root, context: "the scenario") {
            title = string(node, expected: "a title for the scenario") ?? ""
        }
        let description = entries.first { $0.key == "description" }.flatMap {
            string($0.value, expected: "a description")
        }
        return ScenarioTop(entries: entries, title: title, description: description)
    }
}

/// A scenario file's top-level entries, with its title and description read.
struct ScenarioTop {
    let entries: [(key: String, keyNode: Node, value: Node)]
    let title: String
    let description: String?

    /// The value of a top-level key, if the file has it.
    func value(_ key: String) -> Node? { entries.first { $0.key == key }?.value }
}
