import ArbiterEngine
import ArbiterLint
import ArbiterScenario
import Testing

/// HarmonyOS's lints, found in a replay of a scenario, each at the place its fix belongs.
@Suite("HarmonyOS lints")
struct HarmonyLintTests {
    func warnings(_ yaml: String) throws -> [LintWarning] {
        let scenario = try HarmonyScenarioParser.parse(yaml, file: "lint.yaml").get()
        return HarmonyReplayer.replay(scenario).warnings
    }

    @Test("an app that ignores RESUME is warned at its declaration; one that starts again is not")
    func resumeIgnored() throws {
        let steps = """
            steps:
              - Music: start
              - Chat: start
              - Chat: stop
            """
        let found = try warnings(
            """
            scenario: ignored
            platform: harmonyos
            apps:
              Music: { usage: music }
              Chat: { usage: voiceCommunication }
            \(steps)
            """)
        #expect(found.map(\.finding.lint.id) == ["harmony.resume-ignored"])
        #expect(found.first?.position.line == 4, "at Music's declaration, where the reaction goes")
        let handled = try warnings(
            """
            scenario: handled
            platform: harmonyos
            apps:
              Music: { usage: music, reactions: { resume: start } }
              Chat: { usage: voiceCommunication }
            \(steps)
            """)
        #expect(handled.isEmpty)
    }

    @Test("a handler that starts its stream again on STOP is warned")
    func startedAfterStop() throws {
        let found = try warnings(
            """
            scenario: restarts
            platform: harmonyos
            apps:
              Music: { usage: music, reactions: { stop: start } }
              Video: { usage: movie }
            steps:
              - Music: start
              - Video: start
            """)
        #expect(found.map(\.finding.lint.id).contains("harmony.started-after-stop"))
    }

    @Test("a two-second prompt played as music that stops the user's music is warned; as a notification it is not")
    func mediaUsageForShortSound() throws {
        func scenario(_ usage: String) -> String {
            """
            scenario: prompt
            platform: harmonyos
            apps:
              Music: { usage: music }
              Tips: { usage: \(usage) }
            steps:
              - Music: start
              - after: 5s
                Tips: start
              - after: 2s
                Tips: stop
            """
        }
        let found = try warnings(scenario("music"))
        #expect(found.map(\.finding.lint.id) == ["harmony.media-usage-for-short-sound"])
        #expect(found.first?.finding.message == "Tips.player played 2s of music and stopped Music.player for good")
        #expect(try warnings(scenario("notification")).isEmpty)
    }

    @Test("an allowance silences a lint, with its reason; a misspelt one is an error with the nearest id")
    func allowances() throws {
        let quiet = try warnings(
            """
            scenario: allowed
            platform: harmonyos
            allowLints: { harmony.media-usage-for-short-sound: "the point of the scenario" }
            apps:
              Music: { usage: music }
              Tips: { usage: music }
            steps:
              - Music: start
              - Tips: start
              - after: 1s
                Tips: stop
            """)
        #expect(quiet.isEmpty)
        let misspelt = HarmonyScenarioParser.parse(
            """
            scenario: misspelt
            platform: harmonyos
            allowLints: [harmony.resume-ignord]
            apps:
              Music: { usage: music }
            steps: []
            """, file: "lint.yaml")
        guard case .failure(let errors) = misspelt else {
            Issue.record("a misspelt lint id decoded")
            return
        }
        #expect(errors.description.contains("did you mean 'harmony.resume-ignored'?"))
    }
}
