import Testing

@testable import ArbiterEngine

@Suite("Activation (reference §4.1, §5.2)")
struct ActivationTests {
    @Test("a non-mixable activation interrupts every other active non-mixable session, reason default")
    func nonMixableInterrupts() throws {
        var h = try Harness(
            [AppConfig("Video", category: .playback), Apps.music, Apps.plain],
            device: DeviceConfig(foreground: "Video"))
        h.app("Music", .foreground)
        h.app("Music", .play())
        h.app("Video", .foreground)
        let outcome = h.app("Video", .play())
        #expect(outcome.result == .succeeded)
        #expect(h.session("Music").isInterrupted)
        #expect(!h.session("Music").isActive)
        #expect(!h.playing("Music"))
        #expect(h.session("Music").interruption?.by == .app("Video"))
        #expect(outcome.rule(for: .interrupted(by: .app("Video")), of: "Music") == .nonMixableActivationInterrupts)
        #expect(h.takeNotifications() == [Delivered(app: "Music", kind: .interruptionBegan(reason: .default))])
        #expect(h.audible("Video"))
    }

    @Test("a mixable session is neither interrupted by a non-mixable activation nor interrupts anyone")
    func mixableNeitherInterruptsNorIsInterrupted() throws {
        var h = try Harness([Apps.game, Apps.music], device: DeviceConfig(foreground: "Music"))
        h.app("Music", .play())
        h.app("Game", .foreground)
        h.app("Game", .play())
        #expect(h.session("Music").isActive)
        #expect(h.audible("Music") && h.audible("Game"))
        h.app("Music", .foreground)
        h.app("Music", .pause())
        h.app("Music", .deactivate())
        h.app("Music", .play())
        #expect(h.session("Game").isActive == false, "Game was suspended when it went to the background")
        h.app("Game", .foreground)
        h.app("Game", .play())
        #expect(h.session("Music").isActive)
        #expect(h.takeNotifications().filter { if case .interruptionBegan = $0.kind { true } else { false } } == [])
    }

    @Test("background activation of a non-mixable session fails with cannotInterruptOthers")
    func backgroundActivationFails() throws {
        var h = try Harness([AppConfig("Front"), Apps.music])
        let outcome = h.app("Music", .activate)
        #expect(outcome.failure == .cannotInterruptOthers)
        #expect(outcome.error?.rule == .backgroundActivationNeedsNowPlaying)
        #expect(ErrorCode.cannotInterruptOthers.osStatus == 560_557_684)
        #expect(!h.session("Music").isActive)
    }

    @Test("a mixable session may activate from the background")
    func backgroundMixableActivation() throws {
        var h = try Harness([
            AppConfig("Front"),
            AppConfig(
                "Mixer", backgroundModes: [.audio], category: .playback,
                options: [.mixWithOthers]),
        ])
        #expect(h.app("Mixer", .activate).result == .succeeded)
        #expect(h.app("Mixer", .play()).result == .succeeded)
        #expect(h.audible("Mixer"))
    }

    @Test("the Now Playing app may activate a non-mixable session from the background")
    func nowPlayingMayActivateFromBackground() throws {
        var h = try Harness([Apps.music, AppConfig("Other", category: .playback)])
        h.app("Music", .play())
        #expect(h.engine.nowPlaying == "Music")
        h.app("Music", .pause())
        h.app("Music", .deactivate())
        h.app("Other", .foreground)
        #expect(h.appState("Music").lifecycle == .suspended, "inactive session: suspended")
        let outcome = h.app("Music", .play())
        #expect(outcome.result == .succeeded)
        #expect(h.playing("Music"))
        #expect(h.appState("Music").lifecycle == .background)
    }

    @Test("activating an active session changes nothing")
    func reactivation() throws {
        var h = try Harness([Apps.music])
        h.app("Music", .activate)
        let again = h.app("Music", .activate)
        #expect(again.result == .succeeded)
        #expect(again.decisions.isEmpty)
    }

    @Test("reactivating an interrupted session ends its interruption")
    func reactivationEndsInterruption() throws {
        var h = try Harness([Apps.music, AppConfig("Video", backgroundModes: [.audio], category: .playback)])
        h.app("Music", .play())
        h.app("Video", .foreground)
        h.app("Video", .play())
        #expect(h.session("Music").isInterrupted)
        h.app("Music", .foreground)
        h.app("Music", .play())
        #expect(!h.session("Music").isInterrupted)
        #expect(h.session("Video").isInterrupted)
    }
}
