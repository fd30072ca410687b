import Testing

@testable import ArbiterEngine

/// One test per row of the reference's source-article checklist (§9): each claim is expressible and behaves as
/// the verdict says.
@Suite("Source-article checklist (reference §9)")
struct ChecklistTests {
    @Test("S0-1: background playback = audio background mode + playback + setActive(true)")
    func s0_1() throws {
        var h = try Harness([Apps.music, Apps.plain])
        h.app("Music", .activate)
        h.app("Music", .play())
        h.app("Plain", .foreground)
        #expect(h.playing("Music") && h.audible("Music"))
        var without = try Harness([AppConfig("Music", category: .playback), Apps.plain])
        without.app("Music", .play())
        without.app("Plain", .foreground)
        #expect(!without.playing("Music"), "without the audio mode it is suspended")
    }

    @Test("S0-2: without remote-control registration the app plays but headset play resumes the previous app")
    func s0_2() throws {
        let previous = AppConfig(
            "Podcasts", backgroundModes: [.audio], category: .playback, remoteCommands: [.play],
            reactions: [.remote(.play): .resume])
        let unregistered = AppConfig("Player", backgroundModes: [.audio], category: .playback)
        var h = try Harness([previous, unregistered])
        h.app("Podcasts", .play())
        h.app("Player", .foreground)
        h.app("Player", .play())
        #expect(h.playing("Player"))
        #expect(h.engine.nowPlaying == "Podcasts")
        h.app("Player", .pause())
        h.system(.remote(.play))
        #expect(h.playing("Podcasts"), "the headset's play went to the previous app")
        #expect(!h.playing("Player"))
    }

    @Test("S0-3: activating playback stops others; setActive(false) lets them continue only with notifyOthers")
    func s0_3() throws {
        for notify in [false, true] {
            var music = Apps.music
            music.reactions = [.interruptionEnded: .resumeIfShouldResume]
            var h = try Harness([music, AppConfig("Player", category: .playback)])
            h.app("Music", .play())
            h.app("Player", .foreground)
            h.app("Player", .play())
            #expect(!h.playing("Music"))
            h.app("Player", .pause())
            h.app("Player", .deactivate(notifyOthers: notify))
            #expect(h.playing("Music") == notify)
        }
    }

    @Test("S0-4: pause on oldDeviceUnavailable; Bluetooth is a private output too, not only Headphones")
    func s0_4() throws {
        for accessory in [AccessoryKind.wiredHeadphones, .bluetoothHeadphones] {
            var app = AppConfig(
                "Player", backgroundModes: [.audio], category: .playback,
                reactions: [.oldDeviceUnavailable: .pause])
            app.players = [PlayerConfig(name: "main", kind: .audioPlayer)]
            var h = try Harness([app], device: DeviceConfig(accessories: [AccessorySpec(accessory)]))
            h.app("Player", .play())
            h.device(.disconnect(AccessorySpec(accessory)))
            #expect(!h.playing("Player"), "\(accessory)")
            #expect(PortType.headphones.isPrivateOutput && PortType.bluetoothA2DP.isPrivateOutput)
        }
    }

    @Test("S0-5: applicationMusicPlayer stops when the app leaves; systemMusicPlayer keeps playing")
    func s0_5() throws {
        var h = try Harness([
            AppConfig(
                "App", category: .playback,
                players: [
                    PlayerConfig(name: "mine", kind: .applicationMusicPlayer)
                ]),
            AppConfig("Other", category: .playback, players: [PlayerConfig(name: "music", kind: .systemMusicPlayer)]),
            Apps.plain,
        ])
        h.app("App", .play())
        h.app("Plain", .foreground)
        #expect(h.appState("App").players[0].state == .stopped)
        h.app("Other", .foreground)
        h.app("Other", .play())
        h.app("Plain", .foreground)
        #expect(h.playing("Music"), "systemMusicPlayer drives the Music app, which keeps playing")
        #expect(h.engine.player("music", of: "Other")?.state == .playing)
    }

    @Test("S0-6: music-player notifications arrive only after beginGeneratingPlaybackNotifications")
    func s0_6() throws {
        var h = try Harness([
            AppConfig(
                "App", category: .playback,
                players: [
                    PlayerConfig(name: "quiet", kind: .applicationMusicPlayer),
                    PlayerConfig(name: "loud", kind: .systemMusicPlayer, generatesPlaybackNotifications: true),
                ])
        ])
        h.app("App", .play(player: "quiet"))
        #expect(h.takeNotifications().isEmpty)
        h.app("App", .pause(player: "quiet"))
        h.app("App", .deactivate())
        h.app("App", .play(player: "loud"))
        #expect(h.takeNotifications() == [Delivered(app: "App", kind: .playbackStateChanged(player: "loud", .playing))])
    }

    @Test("S1-1: remote control events (headset togglePlayPause) reach the Now Playing app")
    func s1_1() throws {
        var h = try Harness([NowPlayingTests.radio])
        h.app("Radio", .play())
        h.system(.remote(.togglePlayPause))
        #expect(!h.playing("Radio"))
        h.system(.remote(.togglePlayPause))
        #expect(h.playing("Radio"))
    }

    @Test("S1-2, S1-3: progress is extrapolated from the rate; it does not pause by itself")
    func s1_2_and_s1_3() throws {
        var h = try Harness([Apps.music])
        h.app("Music", .play())
        h.app("Music", .nowPlayingInfo(NowPlayingInfo(title: "Song", duration: 300, elapsed: 0, rate: 1)))
        h.app("Music", .pause(), after: .seconds(60))
        #expect(h.engine.nowPlayingView(at: h.time + .seconds(60))?.elapsed == 120, "S1-3: still moving")
    }

    @Test("S2-1: a background video keeps its audio only once detached from its layer")
    func s2_1() throws {
        var h = try Harness([
            AppConfig(
                "Video", backgroundModes: [.audio], category: .playback,
                players: [PlayerConfig(name: "movie", kind: .avPlayer, showsVideo: true)]),
            Apps.plain,
        ])
        h.app("Video", .play())
        h.app("Video", .showVideo(player: "movie", false))
        h.app("Plain", .foreground)
        #expect(h.playing("Video"))
    }

    @Test("S2-3: after a remote pause the app must publish elapsed time and rate 0 for the lock screen to stop")
    func s2_3() throws {
        var h = try Harness([NowPlayingTests.radio])
        h.app("Radio", .play())
        h.app("Radio", .nowPlayingInfo(NowPlayingInfo(title: "Live", elapsed: 0)))
        h.system(.remote(.pause), after: .seconds(10))
        #expect(h.engine.nowPlayingView(at: h.time + .seconds(10))?.elapsed == 20)
        h.app("Radio", .nowPlayingInfo(NowPlayingInfo(title: "Live", elapsed: 10, rate: 0)))
        #expect(h.engine.nowPlayingView(at: h.time + .seconds(10))?.elapsed == 10)
    }

    @Test("S2-4: a handler reports its status; a failing one is commandFailed")
    func s2_4() throws {
        var h = try Harness([NowPlayingTests.radio])
        h.app("Radio", .play())
        #expect(h.system(.remote(.pause)).decisions(for: "Radio").contains(.remoteHandled(.pause, .success)))
    }

    @Test("S3-1: playAndRecord for a music player plays to the receiver, not the speaker")
    func s3_1() throws {
        var h = try Harness([AppConfig("Player", backgroundModes: [.audio], category: .playAndRecord)])
        h.app("Player", .play())
        #expect(h.engine.currentRoute.outputTypes == [.builtInReceiver])
    }

    @Test("S3-2: AVAudioPlayer is already paused at begin; resuming at end is the app's call (shouldResume or not)")
    func s3_2() throws {
        var app = Apps.music
        app.reactions = [.interruptionEnded: .resume]
        var h = try Harness([app])
        h.app("Music", .play())
        h.system(.alarmBegin)
        #expect(h.appState("Music").players[0].state == .paused)
        h.system(.alarmEnd)
        #expect(h.playing("Music"))
    }

    @Test("S3-3: lock-screen info carries title, artist and album")
    func s3_3() throws {
        var h = try Harness([Apps.music])
        h.app("Music", .play())
        h.app("Music", .nowPlayingInfo(NowPlayingInfo(title: "Song", artist: "Band", album: "Record")))
        #expect(h.appState("Music").published?.info.artist == "Band")
        #expect(h.engine.nowPlayingView(at: h.time)?.title == "Song")
    }

    @Test("S4-1, S4-2: a playerViewController takes over Now Playing from the app's own audio info")
    func s4_1_and_s4_2() throws {
        let app = AppConfig(
            "App", backgroundModes: [.audio], category: .playback,
            players: [
                PlayerConfig(name: "audio", kind: .audioPlayer),
                PlayerConfig(
                    name: "video", kind: .playerViewController,
                    items: [PlayerItem(title: "Clip", duration: 60)]),
            ],
            remoteCommands: [.play, .pause])
        var h = try Harness([app])
        h.app("App", .play(player: "audio"))
        h.app("App", .nowPlayingInfo(NowPlayingInfo(title: "Episode", duration: 1800, elapsed: 0)))
        h.app("App", .pause(player: "audio"), after: .seconds(5))
        h.app("App", .play(player: "video"))
        #expect(h.engine.nowPlayingView(at: h.time)?.title == "Clip", "S4-1: the controller publishes its video")
        #expect(
            h.appState("App").published?.elapsed(at: h.time + .seconds(10)) == 15,
            "S4-2: the paused audio info keeps ticking underneath")
        var off = app
        off.players[1].updatesNowPlayingInfoCenter = false
        var fixed = try Harness([off])
        fixed.app("App", .play(player: "audio"))
        fixed.app("App", .nowPlayingInfo(NowPlayingInfo(title: "Episode")))
        fixed.app("App", .play(player: "video"))
        #expect(
            fixed.engine.nowPlayingView(at: fixed.time)?.title == "Episode", "the fix: updatesNowPlayingInfoCenter = NO"
        )
    }

    @Test("S4-3: during a video, disabled commands and empty info keep the lock screen from driving the audio")
    func s4_3() throws {
        var h = try Harness([NowPlayingTests.radio])
        h.app("Radio", .play())
        h.app("Radio", .pause())
        h.app("Radio", .disableCommands([.play, .pause, .togglePlayPause]))
        h.app("Radio", .nowPlayingInfo(NowPlayingInfo()))
        h.system(.remote(.play))
        #expect(!h.playing("Radio"))
        h.app("Radio", .enableCommands([.play, .pause, .togglePlayPause]))
        h.system(.remote(.play))
        #expect(h.playing("Radio"))
    }
}
