import Testing
@testable import ArbiterEngine

@Suite("Silent switch, screen lock and recording (reference §1)")
struct AudibilityTests {
    @Test("the Silent switch silences ambient and soloAmbient; their players keep playing",
          arguments: [Category.ambient, .soloAmbient])
    func silentSwitchSilences(category: Category) throws {
        var h = try Harness([AppConfig("App", category: category)])
        h.app("App", .play())
        #expect(h.audible("App"))
        let outcome = h.device(.ringer(.silent))
        #expect(h.playing("App"))
        #expect(!h.audible("App"))
        #expect(outcome.rule(for: .audible(false), of: "App") == .silentSwitch)
        h.device(.ringer(.ring))
        #expect(h.audible("App"))
    }

    @Test("the Silent switch does not silence playback, playAndRecord or multiRoute",
          arguments: [Category.playback, .playAndRecord, .multiRoute])
    func silentSwitchSpares(category: Category) throws {
        var h = try Harness([AppConfig("App", category: category)], device: DeviceConfig(ringer: .silent))
        h.app("App", .play())
        #expect(h.audible("App"))
    }

    @Test("screen lock silences ambient and soloAmbient, not playback", arguments: Category.allCases)
    func screenLock(category: Category) throws {
        var h = try Harness([AppConfig("App", backgroundModes: [.audio], category: category)])
        h.app("App", .play())
        h.device(.lock)
        let expected = category.traits.hasOutput && !category.traits.silencedBySwitchAndLock
        #expect(h.audible("App") == expected)
        #expect(h.playing("App"))
        if category == .ambient || category == .soloAmbient {
            #expect(h.engine.audibility(of: "App")?.rule == .screenLock)
        }
        h.device(.unlock)
        #expect(h.audible("App") == category.traits.hasOutput)
    }

    @Test("an active record session silences other output, even mixable output")
    func recordSilencesOthers() throws {
        var h = try Harness([Apps.recorder, AppConfig("Mixer", backgroundModes: [.audio], category: .playback,
                                                        options: [.mixWithOthers])])
        h.app("Mixer", .play())
        #expect(h.audible("Mixer"))
        let outcome = h.app("Recorder", .record)
        #expect(outcome.result == .succeeded)
        #expect(h.playing("Mixer"))
        #expect(!h.audible("Mixer"))
        #expect(outcome.rule(for: .audible(false), of: "Mixer") == .recordSilencesOutput)
        h.app("Recorder", .stopRecording)
        h.app("Recorder", .deactivate())
        #expect(h.audible("Mixer"))
    }

    @Test("a background app cannot start recording without the audio mode")
    func backgroundRecordingNeedsAudioMode() throws {
        var h = try Harness([Apps.plain, AppConfig("Memo", category: .record, options: [])])
        #expect(h.app("Memo", .record).failure == .cannotStartRecording)
    }

    @Test("recording needs a category with input")
    func recordingNeedsInput() throws {
        var h = try Harness([Apps.music])
        #expect(h.app("Music", .record).failure == .incompatibleCategory)
    }
}

@Suite("Background (reference §7)")
struct BackgroundTests {
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

    @Test("ambient and soloAmbient stop in the background even with the audio mode", arguments: [Category.ambient, .soloAmbient])
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
        var h = try Harness([Apps.music, AppConfig("Video", category: .playback,
                                                   players: [PlayerConfig(name: "video", kind: .playerViewController)])])
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
}

@Suite("Other audio hints (reference §4.4)")
struct OtherAudioTests {
    @Test("isOtherAudioPlaying counts mixable apps; secondaryAudioShouldBeSilencedHint only non-mixable ones")
    func hints() throws {
        var h = try Harness([Apps.game, Apps.music, AppConfig("Mixer", backgroundModes: [.audio], category: .playback,
                                                               options: [.mixWithOthers])])
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
        h.app("Game", .foreground)   // Game's session is not active
        _ = h.takeNotifications()
        h.app("Music", .pause())
        #expect(h.takeNotifications().isEmpty)
    }
}
