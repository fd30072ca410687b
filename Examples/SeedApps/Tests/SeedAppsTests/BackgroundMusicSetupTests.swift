import ArbiterEngine
import ArbiterKit
import SeedApps
import Testing

/// Seed 000: the background set-up of an AVAudioPlayer music player, and the system music player.
@Suite("Seed 000: background playback set-up")
struct BackgroundMusicSetupTests {
    static let song = URL(fileURLWithPath: "/Music/yuanlai.mp3")

    /// A phone with the song on it and `setup`'s apps; `before` runs on it, then the seed app is installed with the
    /// audio background mode.
    static func install(_ setup: Setup = Setup(), before: (SimulatedPhone) -> Void = { _ in })
        throws -> (SimulatedPhone, BackgroundMusicSetup)
    {
        let phone = try SimulatedPhone(setup)
        phone.media["yuanlai.mp3"] = SimulatedMedia(duration: 240, title: BackgroundMusicSetup.musicTitle)
        before(phone)
        let app = try phone.install("Seed0", backgroundModes: [.audio]) {
            let app = BackgroundMusicSetup(url: song)
            app.viewWillAppear()
            return app
        }
        return (phone, app)
    }

    @Test("S0-1: the audio mode, playback and an active session keep the song playing in the background")
    func keepsPlayingInBackground() throws {
        let (phone, app) = try Self.install()
        phone.run(in: "Seed0") { app.playClick() }
        phone.send(.app("Seed0", .background))
        phone.advance(by: .seconds(60))

        #expect(phone.engine.app("Seed0")?.lifecycle == .background)
        #expect(phone.state(of: "yuanlai", in: "Seed0") == .playing)
        #expect(phone.run(in: "Seed0") { AVAudioSession.sharedInstance().category } == .playback)
        #expect(phone.run(in: "Seed0") { app.progress } == 0.25)
    }

    @Test("S0-3: activating playback stops the podcast another app was playing")
    func activationStopsOtherAudio() throws {
        // Podcasts plays before Seed0 is opened, and keeps playing in the background.
        let (phone, app) = try Self.install(Setup(apps: [podcastsApp])) { $0.send(.app("Podcasts", .play())) }
        #expect(phone.state(of: "episode", in: "Podcasts") == .playing)

        phone.run(in: "Seed0") { app.playClick() }

        #expect(phone.state(of: "episode", in: "Podcasts") == .paused)
        #expect(phone.state(of: "yuanlai", in: "Seed0") == .playing)
    }

    @Test("S0-3 (known bug): after the song, setActive(false) without notifyOthers never lets the podcast resume")
    func podcastResumesAfterSong() throws {
        let (phone, app) = try Self.install(Setup(apps: [podcastsApp])) { $0.send(.app("Podcasts", .play())) }
        phone.run(in: "Seed0") { app.playClick() }
        #expect(phone.state(of: "episode", in: "Podcasts") == .paused)
        phone.advance(by: .seconds(241))  // the song ends; the delegate deactivates the session

        #expect(phone.state(of: "yuanlai", in: "Seed0") == .stopped)
        #expect(phone.engine.app("Seed0")?.session.isActive == false)
        #expect(phone.lintIDs.contains("deactivation.without-notify-others"), "the lints name the bug: \(phone.lints)")
        withKnownIssue("S0-3: setActive(false) without .notifyOthersOnDeactivation: Podcasts is never told to resume") {
            #expect(phone.state(of: "episode", in: "Podcasts") == .playing)
        }
    }

    @Test("S0-4: unplugging wired headphones pauses the song")
    func pausesOnHeadphonesUnplug() throws {
        let headphones = AccessorySpec(.wiredHeadphones)
        let (phone, app) = try Self.install(Setup(device: DeviceConfig(accessories: [headphones])))
        phone.run(in: "Seed0") { app.playClick() }
        #expect(phone.outputs == [.headphones])

        phone.send(.device(.disconnect(headphones)))

        #expect(phone.state(of: "yuanlai", in: "Seed0") == .paused)
        #expect(phone.outputs == [.builtInSpeaker])
    }

    // iOS 16: from iOS 17 the system itself interrupts a Now Playing session whose route went away, which would hide
    // what the app's own handler does.
    @Test("S0-4 (known bug): unplugging Bluetooth headphones leaves the song playing out of the speaker")
    func pausesOnBluetoothUnplug() throws {
        let headphones = AccessorySpec(.bluetoothHeadphones)
        let (phone, app) = try Self.install(Setup(ios: 16, device: DeviceConfig(accessories: [headphones])))
        phone.run(in: "Seed0") { app.playClick() }
        #expect(phone.outputs == [.bluetoothA2DP])

        phone.send(.device(.disconnect(headphones)))

        #expect(phone.outputs == [.builtInSpeaker])
        #expect(phone.lintIDs.contains("route.audio-player-not-paused"), "the lints name the bug: \(phone.lints)")
        withKnownIssue("S0-4: the handler pauses only when the previous output was .headphones") {
            #expect(phone.state(of: "yuanlai", in: "Seed0") == .paused)
        }
    }
}

/// Seed 000's second half: MPMusicPlayerController.systemMusicPlayer.
@Suite("Seed 000: the system music player")
struct MusicLibraryPlayerTests {
    static func install() throws -> (SimulatedPhone, MusicLibraryPlayer) {
        let phone = try SimulatedPhone(Setup())
        let app = try phone.install("Seed0") { MusicLibraryPlayer() }
        phone.run(in: "Seed0") { app.didPick(storeIDs: ["1440857781", "1440858163"]) }
        return (phone, app)
    }

    @Test("S0-5: the system player plays in the Music app, which is Now Playing and keeps playing when the app leaves")
    func systemPlayerKeepsPlaying() throws {
        let (phone, app) = try Self.install()
        phone.run(in: "Seed0") { app.playClick() }
        let music = try #require(phone.engine.musicApp)
        #expect(phone.state(of: "main", in: music) == .playing)
        #expect(phone.engine.nowPlaying == music)

        phone.send(.app("Seed0", .background))
        phone.advance(by: .seconds(30))

        #expect(phone.engine.app("Seed0")?.lifecycle == .suspended)
        #expect(phone.state(of: "main", in: music) == .playing)
    }

    @Test("S0-6: after beginGeneratingPlaybackNotifications, the app hears each playback state")
    func playbackStateNotifications() throws {
        let (phone, app) = try Self.install()
        phone.run(in: "Seed0") { app.playClick() }
        phone.run(in: "Seed0") { app.pauseClick() }
        phone.run(in: "Seed0") { app.stopClick() }

        #expect(app.log == ["正在播放...", "播放暂停.", "播放停止."])
        #expect(phone.run(in: "Seed0") { app.musicPlayer.playbackState } == .stopped)
    }
}
