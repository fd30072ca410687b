import Testing

@testable import ArbiterEngine

@Suite("Lifecycle: foreground, background, suspension, termination and launch (reference §7)")
struct LifecycleTests {
    @Test("an app keeps its audio in the background with the audio mode, a background category and an active session")
    func keepsAudio() throws {
        var h = try Harness([Apps.music, Apps.plain])
        h.app("Music", .play())
        h.app("Plain", .foreground)
        #expect(h.appState("Music").lifecycle == .background)
        #expect(h.playing("Music") && h.audible("Music"))
    }

    @Test("without the audio mode its players stop and it is suspended")
    func suspendedWithoutAudioMode() throws {
        var h = try Harness([AppConfig("NoMode", category: .playback), Apps.plain])
        h.app("NoMode", .play())
        let outcome = h.app("Plain", .foreground)
        #expect(h.appState("NoMode").lifecycle == .suspended)
        #expect(!h.playing("NoMode"))
        #expect(!h.session("NoMode").isActive)
        #expect(outcome.rule(for: .lifecycle(.suspended), of: "NoMode") == .backgroundSuspends)
        #expect(h.takeNotifications().isEmpty, "no appWasSuspended notice from iOS 16")
    }

    @Test(
        "ambient and soloAmbient stop in the background even with the audio mode",
        arguments: [Category.ambient, .soloAmbient])
    func ambientStops(category: Category) throws {
        var h = try Harness([AppConfig("App", backgroundModes: [.audio], category: category), Apps.plain])
        h.app("App", .play())
        h.app("App", .background)
        #expect(h.appState("App").lifecycle == .suspended)
        #expect(h.engine.device.foreground == nil, "the home screen")
    }

    @Test("with an inactive session the app is suspended")
    func inactiveSessionSuspends() throws {
        var h = try Harness([Apps.music])
        h.app("Music", .background)
        #expect(h.appState("Music").lifecycle == .suspended)
    }

    @Test("an app interrupted while it played in the background stays running, hears the end and may resume")
    func interruptedInBackgroundStaysRunning() throws {
        var music = Apps.music
        music.reactions = [.interruptionEnded: .resumeIfShouldResume]
        var h = try Harness([music, Apps.plain])
        h.app("Music", .play())
        h.app("Plain", .foreground)
        h.system(.incomingCall)
        #expect(h.appState("Music").lifecycle == .background)
        h.system(.declineCall)
        #expect(h.takeNotifications().last == Delivered(app: "Music", kind: .interruptionEnded(shouldResume: true)))
        #expect(h.playing("Music") && h.audible("Music"))
        #expect(h.appState("Music").lifecycle == .background)
    }

    @Test("an app that hears the end of its interruption in the background and does nothing is suspended")
    func idleAfterInterruptionSuspends() throws {
        var h = try Harness([Apps.music, Apps.plain])
        h.app("Music", .play())
        h.app("Plain", .foreground)
        h.system(.incomingCall)
        h.system(.declineCall)
        #expect(h.appState("Music").lifecycle == .suspended)
        #expect(h.app("Music", .play()).result == .succeeded, "it was told it may resume")
    }

    @Test("one foreground app at a time")
    func oneForeground() throws {
        var h = try Harness([Apps.music, Apps.plain, Apps.game])
        h.app("Game", .foreground)
        #expect(h.engine.device.foreground == "Game")
        #expect(h.appState("Music").lifecycle == .suspended)
        #expect(h.appState("Game").lifecycle == .foreground)
    }

    @Test("a terminated app stops, leaves Now Playing and must be launched again")
    func termination() throws {
        var h = try Harness([
            Apps.music,
            AppConfig(
                "Video", category: .playback,
                players: [PlayerConfig(name: "video", kind: .playerViewController)]),
        ])
        h.app("Music", .play())
        h.app("Video", .foreground)
        h.app("Video", .play())
        #expect(h.engine.nowPlaying == "Video", "Video publishes through its playerViewController")
        h.app("Video", .terminate)
        #expect(h.engine.nowPlaying == "Music", "the most recent remaining candidate")
        #expect(h.appState("Video").lifecycle == .terminated)
        #expect(h.engine.device.foreground == nil)
        #expect(h.app("Video", .play()).isRejected)
        #expect(h.takeNotifications().allSatisfy { $0.kind != .interruptionEnded(shouldResume: true) })
        h.app("Video", .launch)
        #expect(h.appState("Video").lifecycle == .foreground)
        #expect(h.app("Video", .play()).result == .succeeded)
    }

    @Test("a step on a suspended app wakes it into the background")
    func wokenForStep() throws {
        var h = try Harness([Apps.music, Apps.plain])
        h.app("Plain", .foreground)
        #expect(h.appState("Music").lifecycle == .suspended)
        let outcome = h.app("Music", .setCategory(.playback, options: [.mixWithOthers]))
        #expect(outcome.rule(for: .lifecycle(.background), of: "Music") == .wokenForStep)
        #expect(h.app("Music", .play()).result == .succeeded)
    }

    @Test("an app interrupted in the foreground and then sent back is suspended (no active session)")
    func interruptedInForegroundThenBackgrounded() throws {
        var h = try Harness([Apps.music, Apps.plain])
        h.app("Music", .play())
        h.system(.incomingCall)
        h.system(.answerCall)
        h.app("Plain", .foreground)
        #expect(h.appState("Music").lifecycle == .suspended)
    }
}
