import Testing
import ArbiterEngine

@Suite("Documentation examples")
struct DocumentationTests {
    @Test("the example in docs/engine.md prints what the page says")
    func engineExample() throws {
        var engine = try Engine(Setup(apps: [
            AppConfig("Music", backgroundModes: [.audio], category: .playback),
            AppConfig("Maps", backgroundModes: [.audio], category: .playback, mode: .voicePrompt,
                      options: [.duckOthers, .interruptSpokenAudioAndMixWithOthers]),
        ]))
        engine.handle(.app("Music", .play()), at: .zero)
        let outcome = engine.handle(.app("Maps", .play()), at: .seconds(30))
        #expect(outcome.decisions.map(\.description) == [
            "Maps: session activated  [playback.activates-session]",
            "Maps: player main playing  [playback.player-state]",
            "Music: gain 0.2  [ducking.duck-others]",
            "Maps: audible  [audible.playing]",
        ])
    }
}

@Suite("README examples")
struct ReadmeTests {
    @Test("the Swift example in README.md prints what the page says")
    func readmeExample() throws {
        var engine = try Engine(Setup(apps: [
            AppConfig("Music", backgroundModes: [.audio], category: .playback),
            AppConfig("Podcasts", backgroundModes: [.audio], category: .playback, mode: .spokenAudio),
        ]))
        engine.handle(.app("Music", .play()), at: .zero)
        engine.handle(.app("Podcasts", .foreground), at: .seconds(5))
        let outcome = engine.handle(.app("Podcasts", .play()), at: .seconds(6))
        #expect(outcome.notifications.map(\.description) == [
            "Music ← interruptionBegan reason=default  [activation.non-mixable-interrupts]",
        ])
    }
}
