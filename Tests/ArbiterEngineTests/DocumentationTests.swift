// swift-format-ignore-file
// (This file holds Swift blocks of the docs line for line, as DocumentedSwiftTests checks: it keeps their layout.)
import Testing
import ArbiterEngine

/// The Swift examples of docs/engine.md and README.md, as written there (DocumentedSwiftTests in ArbiterCLITests
/// checks that each block is held here line for line), with what they print checked.
@Suite("Documentation examples")
struct DocumentationTests {
    @Test("the example in docs/engine.md prints what the page says")
    func engineExample() throws {
        var printed: [String] = []
        func print(_ value: Any) { printed.append("\(value)") }
        var engine = try Engine(Setup(apps: [
            AppConfig("Music", backgroundModes: [.audio], category: .playback),
            AppConfig("Maps", backgroundModes: [.audio], category: .playback, mode: .voicePrompt,
                      options: [.duckOthers, .interruptSpokenAudioAndMixWithOthers]),
        ]))
        engine.handle(.app("Music", .play()), at: .zero)
        let outcome = engine.handle(.app("Maps", .play()), at: .seconds(30))
        for decision in outcome.decisions { print(decision) }
        // Maps: session activated  [playback.activates-session]
        // Maps: player main playing  [playback.player-state]
        // Music: gain 0.2  [ducking.duck-others]
        // Maps: audible  [audible.playing]
        #expect(printed == [
            "Maps: session activated  [playback.activates-session]",
            "Maps: player main playing  [playback.player-state]",
            "Music: gain 0.2  [ducking.duck-others]",
            "Maps: audible  [audible.playing]",
        ])
    }

    @Test("docs/engine.md: one outcome kept across events gives the same decisions as a new one per event")
    func reusedOutcome() throws {
        let setup = Setup(apps: [
            AppConfig("Music", backgroundModes: [.audio], category: .playback),
            AppConfig("Maps", backgroundModes: [.audio], category: .playback, options: [.duckOthers]),
        ])
        let events: [(Time, Event)] = [(.zero, .app("Music", .play())), (.seconds(1), .app("Maps", .play())),
                                       (.seconds(2), .app("Maps", .stop()))]
        var fresh = try Engine(setup)
        let expected = events.flatMap { fresh.handle($1, at: $0).decisions }
        var applied: [Decision] = []
        func apply(_ decisions: [Decision]) { applied += decisions }
        var engine = try Engine(setup)
        var outcome = Outcome(time: .zero, event: .advance, result: .succeeded)
        for (time, event) in events {
            engine.handle(event, at: time, into: &outcome)
            apply(outcome.decisions)
        }
        #expect(applied == expected)
        #expect(applied.count > 3)
    }
}

@Suite("README examples")
struct ReadmeTests {
    @Test("the Swift example in README.md prints what the page says")
    func readmeExample() throws {
        var printed: [String] = []
        func print(_ value: Any) { printed.append("\(value)") }
        var engine = try Engine(Setup(apps: [
            AppConfig("Music", backgroundModes: [.audio], category: .playback),
            AppConfig("Podcasts", backgroundModes: [.audio], category: .playback, mode: .spokenAudio),
        ]))
        engine.handle(.app("Music", .play()), at: .zero)
        engine.handle(.app("Podcasts", .foreground), at: .seconds(5))
        let outcome = engine.handle(.app("Podcasts", .play()), at: .seconds(6))
        for notification in outcome.notifications { print(notification) }
        // Music ← interruptionBegan reason=default  [activation.non-mixable-interrupts]
        #expect(printed == ["Music ← interruptionBegan reason=default  [activation.non-mixable-interrupts]"])
    }
}
