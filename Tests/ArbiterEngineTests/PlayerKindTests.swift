import Testing

@testable import ArbiterEngine

@Suite("Player kinds (reference §5.4, §6.4, §7, §8.4, §8.5)")
struct PlayerKindTests {
    @Test("a queue player advances to the next item when the current one ends; other players stop at the end")
    func itemEnds() throws {
        let items = [PlayerItem(title: "One", duration: 10), PlayerItem(title: "Two", duration: 20)]
        var queue = try Harness([Apps.withPlayer(.queuePlayer, items: items)])
        queue.app("App", .play())
        let outcome = queue.send(.advance, after: .seconds(12))
        #expect(outcome.decisions(for: "App") == [.playerItem("p", index: 1, title: "Two")])
        #expect(queue.appState("App").players[0].currentItem?.title == "Two")
        #expect(abs(queue.appState("App").players[0].position(at: queue.time) - 2) < 1e-9)
        queue.send(.advance, after: .seconds(30))
        #expect(queue.appState("App").players[0].state == .stopped)

        var single = try Harness([Apps.withPlayer(.audioPlayer, items: [PlayerItem(title: "Jingle", duration: 3)])])
        single.app("App", .play())
        single.send(.advance, after: .seconds(4))
        #expect(!single.playing("App"))
        #expect(single.session("App").isActive, "the session stays active until the app deactivates it")
    }

    @Test("applicationMusicPlayer stops when its app goes to the background; systemMusicPlayer keeps playing")
    func musicPlayers() throws {
        var application = try Harness([Apps.withPlayer(.applicationMusicPlayer), Apps.plain])
        application.app("App", .play())
        let outcome = application.app("Plain", .foreground)
        #expect(application.appState("App").players[0].state == .stopped)
        #expect(outcome.rule(for: .player("p", .stopped), of: "App") == .applicationMusicPlayerStops)

        var system = try Harness([Apps.withPlayer(.systemMusicPlayer, background: []), Apps.plain])
        system.app("App", .play())
        system.app("Plain", .foreground)
        #expect(system.playing("Music"), "the Music app plays in its own session, whatever its caller does")
        #expect(system.engine.player("p", of: "App")?.state == .playing, "the handle shows the Music app's state")
        #expect(system.appState("App").lifecycle == .suspended, "the caller itself has no audio to keep it running")
    }

    @Test("music players post playback-state notifications only after beginGeneratingPlaybackNotifications")
    func musicPlayerNotifications() throws {
        for generating in [false, true] {
            var h = try Harness([
                AppConfig(
                    "App", category: .playback,
                    players: [
                        PlayerConfig(
                            name: "music", kind: .systemMusicPlayer, generatesPlaybackNotifications: generating)
                    ])
            ])
            h.app("App", .play())
            let posted = h.takeNotifications().contains { $0.kind == .playbackStateChanged(player: "music", .playing) }
            #expect(posted == generating)
        }
    }

    @Test("playerViewController publishes its item to Now Playing unless updatesNowPlayingInfoCenter is false")
    func playerViewControllerPublishes() throws {
        let items = [PlayerItem(title: "Trailer", duration: 120)]
        var h = try Harness([Apps.withPlayer(.playerViewController, items: items)])
        h.app("App", .play())
        #expect(h.engine.nowPlaying == "App", "it handles remote commands itself, so the app is eligible")
        #expect(
            h.engine.nowPlayingView(at: h.time + .seconds(30))
                == NowPlayingView(app: "App", title: "Trailer", duration: 120, elapsed: 30, rate: 1))
        h.system(.remote(.pause), after: .seconds(30))
        #expect(!h.playing("App"), "the controller handles pause itself")
        #expect(h.engine.nowPlayingView(at: h.time + .seconds(30))?.elapsed == 30, "its rate is right: 0")

        var quiet = try Harness([Apps.withPlayer(.playerViewController, items: items, updates: false)])
        quiet.app("App", .play())
        #expect(quiet.engine.nowPlaying == nil)
    }

    @Test("a player whose video is on screen pauses in the background; detached, its audio goes on")
    func videoInBackground() throws {
        var h = try Harness([
            AppConfig(
                "Video", backgroundModes: [.audio], category: .playback,
                players: [PlayerConfig(name: "movie", kind: .avPlayer, showsVideo: true)]),
            Apps.plain,
        ])
        h.app("Video", .play())
        h.app("Plain", .foreground)
        #expect(h.appState("Video").players[0].state == .paused)
        h.app("Video", .foreground)
        h.app("Video", .showVideo(player: "movie", false))
        h.app("Video", .play())
        h.app("Plain", .foreground)
        #expect(h.playing("Video"))
    }

    @Test("a systemMusicPlayer starts the Music app even from the background; the app's own players keep its rules")
    func musicAppPlaysForSystemMusicPlayersAlone() throws {
        let both = AppConfig(
            "Both", category: .soloAmbient,
            players: [
                PlayerConfig(name: "music", kind: .systemMusicPlayer),
                PlayerConfig(name: "own", kind: .audioPlayer),
            ])
        var engine = try Engine(Setup(apps: [AppConfig("Front"), both]))
        #expect(engine.handle(.app("Both", .play()), at: .zero).failure == .cannotStartPlaying)
        #expect(engine.handle(.app("Both", .play(player: "own")), at: .zero).failure == .cannotStartPlaying)
        #expect(engine.handle(.app("Both", .play(player: "music")), at: .zero).failure == nil)
        #expect(engine.player("music", of: "Both")?.state == .playing)
        #expect(engine.app("Both")?.player(named: "music")?.state == .stopped, "the handle itself never plays")
        #expect(engine.app("Music")?.isPlaying == true)
    }

    @Test("seek moves the position; several players need a name")
    func seek() throws {
        var h = try Harness([
            AppConfig(
                "App",
                players: [
                    PlayerConfig(name: "a", kind: .avPlayer),
                    PlayerConfig(name: "b", kind: .audioPlayer),
                ])
        ])
        #expect(h.app("App", .seek(to: 30)).isRejected)
        h.app("App", .seek(player: "a", to: 30))
        #expect(h.appState("App").players[0].position(at: h.time) == 30)
    }
}
