import ArbiterEngine
import Testing

/// The engine records decisions as codes and an outcome spells them out when read: what is read must be what was
/// decided, whatever the names, whoever made the outcome.
@Suite("Outcome decisions")
struct OutcomeDecisionTests {
    private func engine() throws -> Engine {
        try Engine(
            Setup(apps: [
                AppConfig(
                    "Music", backgroundModes: [.audio], category: .playback,
                    players: [
                        PlayerConfig(name: "songs", kind: .avPlayer),
                        PlayerConfig(name: "previews", kind: .audioPlayer),
                    ]),
                AppConfig("Podcasts", backgroundModes: [.audio], category: .playback, mode: .spokenAudio),
            ]))
    }

    @Test("an engine's outcome equals one given the same decisions, and hashes alike")
    func recordedEqualsGiven() throws {
        var engine = try engine()
        engine.handle(.app("Music", .play(player: "previews")), at: .zero)
        engine.handle(.app("Podcasts", .foreground), at: .seconds(1))
        let outcome = engine.handle(.app("Podcasts", .play()), at: .seconds(2))
        let decisions = outcome.decisions
        #expect(
            decisions.map(\.description) == [
                "Podcasts: session activated  [playback.activates-session]",
                "Music: player previews paused  [interruption.pauses-players]",
                "Music: interrupted by Podcasts  [activation.non-mixable-interrupts]",
                "Podcasts: player main playing  [playback.player-state]",
                "Music: not audible  [audible.nothing-playing]",
                "Podcasts: audible  [audible.playing]",
            ])
        #expect(outcome.decisionCount == decisions.count)
        let given = Outcome(
            time: outcome.time, event: outcome.event, result: outcome.result, decisions: decisions,
            notifications: outcome.notifications, reactions: outcome.reactions)
        #expect(given == outcome)
        #expect(given.hashValue == outcome.hashValue)
        var changed = given
        changed.decisions.removeLast()
        #expect(changed != outcome)
        #expect(changed.decisions == Array(decisions.dropLast()))
    }

    @Test("decisions name apps declared after the engine started, and outcomes kept from before still read right")
    func namesFollowDeclarations() throws {
        var engine = try engine()
        let before = engine.handle(.app("Music", .play(player: "songs")), at: .zero)
        let declared = engine.handle(
            .declare(
                AppConfig(
                    "Radio", backgroundModes: [.audio], category: .playback,
                    players: [PlayerConfig(name: "stream", kind: .avPlayer)])),
            at: .seconds(1))
        #expect(declared.decisions.map(\.description) == ["Radio: app background  [lifecycle.declared]"])
        engine.handle(.app("Radio", .foreground), at: .seconds(2))
        let after = engine.handle(.app("Radio", .play(player: "stream")), at: .seconds(3))
        #expect(after.decisions.contains { $0.app == "Radio" && $0.change == .player("stream", .playing) })
        #expect(after.decisions.contains { $0.app == "Music" && $0.change == .interrupted(by: .app("Radio")) })
        #expect(before.decisions.contains { $0.app == "Music" && $0.change == .player("songs", .playing) })
    }

    @Test("an outcome kept across events holds only the last event's decisions")
    func keptOutcome() throws {
        var engine = try engine()
        let rule = Rule(id: "test.given", statement: "given by the test", source: "test", evidence: .model)
        var outcome = Outcome(
            time: .zero, event: .advance, result: .succeeded,
            decisions: [Decision(app: "Nobody", change: .siri(true), rule: rule)])
        engine.handle(.app("Music", .play()), at: .zero, into: &outcome)
        let first = outcome.decisions
        #expect(!first.contains { $0.app == "Nobody" })
        #expect(first.contains { $0.app == "Music" && $0.change == Change.activated })
        engine.handle(.advance, at: .seconds(1), into: &outcome)
        #expect(outcome.decisions.isEmpty)
        #expect(outcome.decisionCount == 0)
    }
}

@Suite("Outcome decisions: players an app did not declare")
struct OutcomeUndeclaredPlayerTests {
    @Test("the recorder iOS implies, and a relaunch that starts afresh, are named in decisions")
    func impliedRecorder() throws {
        var engine = try Engine(Setup(apps: [AppConfig("Memo", category: .playAndRecord)]))
        let recording = engine.handle(.app("Memo", .record), at: .zero)
        #expect(recording.decisions.contains { $0.app == "Memo" && $0.change == .player("recorder", .playing) })
        engine.handle(.app("Memo", .terminate), at: .seconds(1))
        engine.handle(.app("Memo", .launch), at: .seconds(2))
        let again = engine.handle(.app("Memo", .play()), at: .seconds(3))
        #expect(again.decisions.contains { $0.app == "Memo" && $0.change == .player("main", .playing) })
        let recordingAgain = engine.handle(.app("Memo", .record), at: .seconds(4))
        #expect(
            recordingAgain.decisions.contains {
                $0.app == "Memo" && $0.change == .player("recorder", .playing)
            })
    }
}
