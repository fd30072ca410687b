import Foundation
import Testing

@testable import ArbiterScenario

/// ScenarioFormat/Vocabulary.swift: the names scenario files use, which docs/scenario.schema.json repeats for
/// editors and validators; the two must name the same things.
@Suite("Vocabulary")
struct VocabularyTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func definitions() throws -> [String: Any] {
        let data = try Data(contentsOf: VocabularyTests.root.appendingPathComponent("docs/scenario.schema.json"))
        let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(schema["definitions"] as? [String: Any])
    }

    /// The alternatives of a `oneOf`.
    func alternatives(_ node: Any?) -> [[String: Any]] {
        ((node as? [String: Any])?["oneOf"] as? [Any] ?? []).compactMap { $0 as? [String: Any] }
    }

    /// The property `name` of the alternative of `node` that has it.
    func property(_ name: String, in node: Any?) -> [String: Any]? {
        alternatives(node).lazy.compactMap { ($0["properties"] as? [String: Any])?[name] as? [String: Any] }.first
    }

    /// The `enum` of a field of the object form of `node` (`{ reason: ... }`).
    func fieldEnum(_ field: String, of node: Any?) -> [String]? {
        alternatives(node).lazy.compactMap { ($0["properties"] as? [String: Any])?[field] as? [String: Any] }
            .first?["enum"] as? [String]
    }

    /// Every verb a verb definition allows: the bare ones and the keys of the `{ verb: argument }` forms.
    func verbs(_ definition: Any?) -> Set<String> {
        Set(alternatives(definition).flatMap { ($0["enum"] as? [String] ?? []) + ($0["required"] as? [String] ?? []) })
    }

    @Test("the schema allows the step verbs StepVerbs spells, no more, no fewer")
    func stepVerbs() throws {
        let definitions = try definitions()
        #expect(verbs(definitions["appVerb"]) == Set(Vocabulary.appVerbs))
        #expect(verbs(definitions["deviceVerb"]) == Set(Vocabulary.deviceVerbs))
        #expect(verbs(definitions["systemVerb"]) == Set(Vocabulary.systemVerbs))
    }

    @Test("the schema names the notifications, their reasons and the reaction triggers as the vocabulary does")
    func notificationsAndReasons() throws {
        let definitions = try definitions()
        let notification = definitions["notification"]
        #expect(alternatives(notification).first?["enum"] as? [String] == Vocabulary.notificationNames.map(\.0))
        #expect(
            fieldEnum("reason", of: property("routeChange", in: notification))
                == Vocabulary.routeChangeReasons.map(\.0))
        #expect(
            fieldEnum("reason", of: property("interruptionBegan", in: notification))
                == Vocabulary.interruptionReasons.map(\.0))
        let app = alternatives(definitions["app"]).lazy.compactMap { $0["properties"] as? [String: Any] }.first
        let triggers = (app?["reactions"] as? [String: Any])?["propertyNames"]
        #expect(
            alternatives(triggers).first?["enum"] as? [String]
                == Vocabulary.triggers.filter { !$0.hasPrefix("remote.") })
    }

    @Test("the schema names the categories, modes, options, background modes, commands, reactions and accessories")
    func declarationValues() throws {
        let definitions = try definitions()
        let app = try #require(
            alternatives(definitions["app"]).lazy.compactMap { $0["properties"] as? [String: Any] }
                .first)
        func names(_ node: Any?) -> [String]? { (node as? [String: Any])?["enum"] as? [String] }
        /// The names a value or a list of values may take (`[audio]` or `audio`).
        func listed(_ node: Any?) -> [String]? { alternatives(node).lazy.compactMap { names($0["items"]) }.first }
        #expect(names(app["category"]) == Vocabulary.categories.map(\.0))
        #expect(names(app["mode"]) == Vocabulary.modes.map(\.0))
        #expect(listed(definitions["options"]).map(Set.init) == Set(Vocabulary.options.map(\.0)))
        #expect(listed(app["backgroundModes"]) == Vocabulary.backgroundModes.map(\.0))
        #expect(listed(app["remoteCommands"]) == Vocabulary.commands.map(\.0))
        #expect(names((app["reactions"] as? [String: Any])?["additionalProperties"]) == Vocabulary.reactions.map(\.0))
        #expect(alternatives(definitions["accessory"]).first?["enum"] as? [String] == Vocabulary.accessories.map(\.0))
    }
}
