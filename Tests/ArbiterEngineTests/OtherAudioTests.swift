import Testing

@testable import ArbiterEngine

@Suite("Other audio hints (reference §4.4)")
struct OtherAudioTests {
    @Test("isOtherAudioPlaying counts mixable apps; secondaryAudioShouldBeSilencedHint only non-mixable ones")
    func hints() throws {
        var h = try Harness([
            Apps.game, Apps.music,
            AppConfig(
                "Mixer", backgroundModes: [.audio], category: .playback,
                options: [.mixWithOthers]),
        ])
        h.app("Mixer", .play())
        #expect(h.engine.isOtherAudioPlaying(for: "Game"))
        #expect(!h.engine.secondaryAudioShouldBeSilencedHint(for: "Game"))
        h.app("Music", .foreground)
        h.app("Music", .play())
        h.app("Game", .foreground)
        #expect(h.engine.secondaryAudioShouldBeSilencedHint(for: "Game"))
        #expect(!h.engine.secondaryAudioShouldBeSilencedHint(for: "Music"))
        #expect(h.engine.isOtherAudioPlaying(for: "Music"))
    }

    @Test("the foreground app with an active session is told when another app's non-mixable audio starts and stops")
    func silenceSecondaryAudioNotification() throws {
        var h = try Harness([Apps.game, Apps.music])
        h.app("Game", .play())
        let start = h.app("Music", .play())  // Music is Now Playing? no: first play from background fails
        #expect(start.failure == .cannotInterruptOthers)
        h.app("Music", .foreground)
        h.app("Music", .play())
        h.app("Game", .foreground)
        h.app("Game", .play())
        _ = h.takeNotifications()
        h.app("Music", .pause())
        #expect(h.takeNotifications() == [Delivered(app: "Game", kind: .silenceSecondaryAudioHint(.end))])
        h.app("Music", .play())
        #expect(h.takeNotifications() == [Delivered(app: "Game", kind: .silenceSecondaryAudioHint(.begin))])
    }

    @Test("apps in the background or without an active session are not told")
    func onlyForegroundActive() throws {
        var h = try Harness([Apps.game, Apps.music])
        h.app("Music", .foreground)
        h.app("Music", .play())
        h.app("Game", .foreground)  // Game's session is not active
        _ = h.takeNotifications()
        h.app("Music", .pause())
        #expect(h.takeNotifications().isEmpty)
    }
}
