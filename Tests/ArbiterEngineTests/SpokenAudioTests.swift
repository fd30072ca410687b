import Testing

@testable import ArbiterEngine

@Suite("Spoken audio (reference §3, §5.2)")
struct SpokenAudioTests {
    @Test("interruptSpokenAudioAndMixWithOthers interrupts sessions in mode spokenAudio and mixes with the rest")
    func interruptsOnlySpokenAudio() throws {
        var h = try Harness([Apps.podcasts, Apps.maps, Apps.game])
        h.app("Podcasts", .play())
        h.app("Game", .foreground)
        h.app("Game", .play())
        _ = h.takeNotifications()
        let outcome = h.app("Maps", .play())
        #expect(outcome.result == .succeeded, "Maps is mixable, so it may start from the background")
        #expect(h.session("Podcasts").interruption?.by == .app("Maps"))
        #expect(outcome.rule(for: .interrupted(by: .app("Maps")), of: "Podcasts") == .interruptSpokenAudio)
        #expect(h.session("Game").isActive)
        #expect(
            h.takeNotifications() == [
                Delivered(app: "Podcasts", kind: .interruptionBegan(reason: .default)),
                Delivered(app: "Game", kind: .silenceSecondaryAudioHint(.end)),
            ])
        #expect(h.engine.nowPlaying == "Podcasts", "a mixable session never becomes Now Playing")
    }

    @Test("a playback session that is not spokenAudio is ducked, not interrupted")
    func musicIsDuckedNotInterrupted() throws {
        var h = try Harness([Apps.music, Apps.maps])
        h.app("Music", .play())
        h.app("Maps", .play())
        #expect(h.session("Music").isActive)
        #expect(h.engine.isDucked("Music"))
        #expect(h.gain("Music") == 0.2)
    }

    @Test("when Maps deactivates with notifyOthers, the podcast is told it may resume")
    func podcastResumes() throws {
        var h = try Harness([Apps.podcasts, Apps.maps])
        h.app("Podcasts", .play())
        h.app("Maps", .play())
        h.app("Maps", .stop(), after: .seconds(3))
        _ = h.takeNotifications()
        h.app("Maps", .deactivate(notifyOthers: true))
        #expect(h.takeNotifications() == [Delivered(app: "Podcasts", kind: .interruptionEnded(shouldResume: true))])
    }
}
