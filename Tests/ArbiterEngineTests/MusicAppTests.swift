import Testing

@testable import ArbiterEngine

@Suite("The Music app (reference §8.1, §8.5, §7, §5.2)")
struct MusicAppTests {
    static let jukebox = AppConfig(
        "Jukebox", category: .playback,
        players: [
            PlayerConfig(
                name: "music", kind: .systemMusicPlayer,
                items: [PlayerItem(title: "One", duration: 60), PlayerItem(title: "Two", duration: 60)],
                generatesPlaybackNotifications: true)
        ])
    static let podcasts = AppConfig(
        "Podcasts", backgroundModes: [.audio], category: .playback,
        remoteCommands: [.play, .pause])

    @Test("the engine runs the Music app only when an app has a systemMusicPlayer, named Music unless that is taken")
    func builtIn() throws {
        #expect(try Engine(Setup(apps: [Self.podcasts])).musicApp == nil)
        let engine = try Engine(Setup(apps: [Self.jukebox, Self.podcasts]))
        #expect(engine.musicApp == "Music")
        #expect(engine.apps.map(\.id) == ["Jukebox", "Podcasts", "Music"], "after the declared apps")
        #expect(engine.app("Music")?.lifecycle == .background)
        #expect(try Engine(Setup(apps: [Self.jukebox, AppConfig("Music")])).musicApp == "MusicApp")
        #expect(Setup.musicAppName(avoiding: ["Music", "MusicApp"]) == "MusicApp2")
    }

    @Test("systemMusicPlayer plays in the Music app's session: Music is Now Playing, the caller is not")
    func playsInMusicSession() throws {
        var h = try Harness([Self.jukebox])
        let outcome = h.app("Jukebox", .play())
        #expect(h.playing("Music") && !h.playing("Jukebox"))
        #expect(h.session("Music").isActive && !h.session("Jukebox").isActive)
        #expect(h.engine.nowPlaying == "Music")
        #expect(outcome.rule(for: .activated, of: "Music") == .playingActivates)
        let view = h.engine.nowPlayingView(at: .seconds(10))
        #expect(view?.title == "One" && view?.elapsed == 10 && view?.rate == 1, "Music shows the shared queue's item")
        #expect(h.engine.player("music", of: "Jukebox")?.currentItem?.title == "One")
        #expect(
            h.takeNotifications() == [
                Delivered(
                    app: "Jukebox",
                    kind: .playbackStateChanged(
                        player: "music",
                        .playing))
            ])
    }

    @Test("Music's non-mixable session interrupts another app's non-mixable playback, like any other")
    func interruptsOthers() throws {
        var h = try Harness([Self.jukebox, Self.podcasts])
        h.app("Podcasts", .foreground)
        h.app("Podcasts", .play())
        h.app("Jukebox", .foreground)
        h.app("Jukebox", .play())
        #expect(h.session("Podcasts").interruption?.by == .app("Music"))
        #expect(!h.playing("Podcasts"))
        #expect(h.takeNotifications().contains(Delivered(app: "Podcasts", kind: .interruptionBegan(reason: .default))))
    }

    @Test("Music keeps playing when its caller goes to the background or is terminated")
    func survivesCaller() throws {
        var h = try Harness([Self.jukebox, AppConfig("Home")])
        h.app("Jukebox", .play())
        h.app("Home", .foreground)
        #expect(h.appState("Jukebox").lifecycle == .suspended)
        #expect(h.playing("Music") && h.audible("Music"))
        h.app("Jukebox", .terminate)
        #expect(h.playing("Music"))
        #expect(h.engine.nowPlaying == "Music")
    }

    @Test("remote commands go to Music; pause and play through the handle act on Music")
    func remoteAndHandle() throws {
        var h = try Harness([Self.jukebox])
        h.app("Jukebox", .play())
        h.system(.remote(.pause))
        #expect(!h.playing("Music"))
        #expect(h.engine.player("music", of: "Jukebox")?.state == .paused)
        h.system(.remote(.togglePlayPause))
        #expect(h.playing("Music"))
        h.system(.remote(.nextTrack), after: .seconds(5))
        #expect(h.engine.nowPlayingView(at: h.time)?.title == "Two")
        h.app("Jukebox", .pause())
        #expect(!h.playing("Music"))
        h.app("Jukebox", .seek(to: 30))
        #expect(h.engine.player("music", of: "Jukebox")?.position(at: h.time) == 30)
    }

    @Test("the Music app plays through its queue and stops at the end of the last item")
    func queueAdvances() throws {
        var h = try Harness([Self.jukebox])
        h.app("Jukebox", .play())
        h.send(.advance, after: .seconds(90))
        #expect(h.engine.player("music", of: "Jukebox")?.currentItem?.title == "Two")
        h.send(.advance, after: .seconds(40))
        #expect(h.engine.player("music", of: "Jukebox")?.state == .stopped)
        #expect(
            h.takeNotifications().last
                == Delivered(
                    app: "Jukebox",
                    kind: .playbackStateChanged(player: "music", .stopped)))
    }

    @Test("after a declined call Music resumes (musicAppResumesAfterInterruption), or waits when the profile says so")
    func resumesAfterCall() throws {
        for resumes in [true, false] {
            var profile = Profile()
            profile.musicAppResumesAfterInterruption = resumes
            var h = try Harness([Self.jukebox], profile: profile)
            h.app("Jukebox", .play())
            h.system(.incomingCall)
            #expect(!h.playing("Music"))
            h.system(.declineCall)
            #expect(h.playing("Music") == resumes)
        }
    }

    @Test("an app declared later with a systemMusicPlayer brings the Music app")
    func declaredLater() throws {
        var h = try Harness([Self.podcasts])
        h.send(.declare(Self.jukebox))
        #expect(h.engine.musicApp == "Music")
        h.app("Jukebox", .play())
        #expect(h.playing("Music"))
    }

    @Test("music the user paused stays paused when a call or Siri ends with shouldResume; music they paused resumes")
    func userPauseSurvivesInterruption() throws {
        var h = try Harness([Self.jukebox])
        h.app("Jukebox", .play())
        h.app("Jukebox", .pause())
        h.system(.siriBegin)
        h.system(.siriEnd)
        #expect(!h.playing("Music"), "the user paused it before Siri")
        h.app("Jukebox", .play())
        h.system(.incomingCall)
        h.system(.declineCall)
        #expect(h.playing("Music"), "the call paused it: it resumes")
    }

    @Test("an app playing through systemMusicPlayer does not become Now Playing: the Music app does")
    func systemMusicPlayerNotNowPlaying() throws {
        var h = try Harness([
            AppConfig(
                "Jukebox", category: .playback, players: [PlayerConfig(name: "main", kind: .systemMusicPlayer)],
                remoteCommands: [.play])
        ])
        h.app("Jukebox", .play())
        #expect(h.playing("Music"))
        #expect(!h.playing("Jukebox"))
        #expect(h.engine.nowPlaying == "Music")
    }
}
