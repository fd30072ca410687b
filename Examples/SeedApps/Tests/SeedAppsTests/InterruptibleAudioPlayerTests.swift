import ArbiterEngine
import ArbiterKit
import SeedApps
import Testing

/// Seed 003: AVAudioPlayer with the interruption delegate and the "three steps" of background playback.
@Suite("Seed 003: AVAudioPlayer and its interruption delegate")
struct InterruptibleAudioPlayerTests {
    static let songs = [
        InterruptibleAudioPlayer.Song(name: "后来", filename: "houlai.mp3", singer: "刘若英"),
        InterruptibleAudioPlayer.Song(name: "很爱很爱你", filename: "henai.mp3", singer: "刘若英"),
    ]

    /// A phone with `setup`'s apps and the two songs; `before` runs on it, then the seed app is installed with the
    /// audio background mode.
    static func install(_ setup: Setup = Setup(), before: (SimulatedPhone) -> Void = { _ in })
        throws -> (SimulatedPhone, InterruptibleAudioPlayer)
    {
        let phone = try SimulatedPhone(setup)
        phone.media["houlai.mp3"] = SimulatedMedia(duration: 300)
        phone.media["henai.mp3"] = SimulatedMedia(duration: 250)
        before(phone)
        let app = try phone.install("Seed3", backgroundModes: [.audio]) {
            InterruptibleAudioPlayer(songs: songs, directory: URL(fileURLWithPath: "/Music"))
        }
        return (phone, app)
    }

    @Test("it plays a song, moves to the next when it ends, and publishes title, artist and album")
    func playsSongList() throws {
        let (phone, app) = try Self.install()
        phone.run(in: "Seed3") { app.didSelectRow(0) }
        #expect(phone.state(of: "houlai", in: "Seed3") == .playing)
        #expect(phone.engine.app("Seed3")?.published?.info == NowPlayingInfo(title: "后来", artist: "刘若英", album: "刘若英"))

        phone.advance(by: .seconds(310))

        #expect(phone.state(of: "houlai", in: "Seed3") == .stopped)
        #expect(phone.state(of: "henai", in: "Seed3") == .playing)
        #expect(app.selectedRow == 1)
        #expect(phone.engine.app("Seed3")?.published?.info.title == "很爱很爱你")
    }

    @Test("S3-1: in the background it keeps playing (the audio mode does it); its task is never ended (known bug)")
    func keepsPlayingInBackground() throws {
        let (phone, app) = try Self.install()
        phone.run(in: "Seed3") { app.didSelectRow(0) }
        phone.send(.app("Seed3", .background))
        phone.advance(by: .seconds(10))

        #expect(phone.engine.app("Seed3")?.lifecycle == .background)
        #expect(phone.state(of: "houlai", in: "Seed3") == .playing)
        #expect(app.backgroundTasks.count == 1)  // "step 1", begun in applicationDidEnterBackground
        withKnownIssue("S3-1 (§7): a background task must be ended, or iOS terminates the app when its time expires") {
            #expect(phone.run(in: "Seed3") { UIApplication.shared.openBackgroundTasks } == 0)
        }
        #expect(phone.lintIDs.contains("background.task-never-ended"), "the lints name the bug: \(phone.lints)")
    }

    @Test("S3-1: with wired headphones in, the music goes to the headphones")
    func headphonesGetTheMusic() throws {
        let (phone, app) = try Self.install(Setup(device: DeviceConfig(accessories: [AccessorySpec(.wiredHeadphones)])))
        phone.run(in: "Seed3") { app.didSelectRow(0) }
        #expect(phone.outputs == [.headphones])
    }

    @Test("S3-1 (known bug): with nothing plugged in, playAndRecord sends the music to the earpiece")
    func musicGoesToSpeaker() throws {
        let (phone, app) = try Self.install()
        phone.run(in: "Seed3") { app.didSelectRow(0) }

        #expect(phone.state(of: "houlai", in: "Seed3") == .playing)
        #expect(phone.run(in: "Seed3") { AVAudioSession.sharedInstance().category } == .playAndRecord)
        #expect(
            phone.lintIDs.contains("category.play-and-record-for-playback"), "the lints name the bug: \(phone.lints)")
        withKnownIssue("S3-1: playAndRecord's default output is the built-in receiver") {
            #expect(phone.outputs == [.builtInSpeaker])
        }
    }

    @Test("S3-2: a call pauses the player (the begin callback does nothing); declined, the end callback resumes it")
    func resumesAfterDeclinedCall() throws {
        let (phone, app) = try Self.install()
        phone.run(in: "Seed3") { app.didSelectRow(0) }
        phone.advance(by: .seconds(10))

        phone.send(.system(.incomingCall))
        #expect(phone.state(of: "houlai", in: "Seed3") == .paused)
        #expect(phone.run(in: "Seed3") { app.songTool.currentPlayingAudioPlayer } == nil)

        phone.advance(by: .seconds(5))
        phone.send(.system(.declineCall))
        #expect(phone.state(of: "houlai", in: "Seed3") == .playing)
        #expect(phone.engine.player("houlai", of: "Seed3")?.position(at: phone.now) == 10)
    }

    /// Podcasts was playing before Seed3 was opened, and is Now Playing; Seed3 (in front) interrupts it. Podcasts,
    /// Now Playing, may play again from the background (a tap on the lock screen), which interrupts Seed3; then it
    /// pauses.
    static func podcastsInterruptsSeed3(_ setup: Setup) throws -> (SimulatedPhone, InterruptibleAudioPlayer) {
        let (phone, app) = try install(setup) { $0.send(.app("Podcasts", .play())) }
        phone.run(in: "Seed3") { app.didSelectRow(0) }
        #expect(phone.state(of: "episode", in: "Podcasts") == .paused)
        #expect(phone.engine.nowPlaying == "Podcasts")

        phone.send(.app("Podcasts", .play()))
        #expect(phone.state(of: "episode", in: "Podcasts") == .playing)
        #expect(phone.state(of: "houlai", in: "Seed3") == .paused)
        phone.advance(by: .seconds(60))
        phone.send(.app("Podcasts", .pause()))
        return (phone, app)
    }

    @Test("S3-2: another app that deactivates with notifyOthersOnDeactivation hands the music back")
    func resumesWhenOtherAppNotifies() throws {
        let (phone, app) = try Self.podcastsInterruptsSeed3(Setup(apps: [podcastsApp]))
        phone.send(.app("Podcasts", .deactivate(notifyOthers: true)))

        #expect(phone.state(of: "houlai", in: "Seed3") == .playing)
        #expect(app.selectedRow == 0)
    }

    @Test("S3-2 (known bug): after an interruption that ends without shouldResume, it resumes anyway")
    func staysPausedWithoutShouldResume() throws {
        // The profile's endedWithoutNotify: an interrupter that deactivates without notifyOthersOnDeactivation ends
        // the interruption without shouldResume (the C API's example of ShouldNotResume is iPod playback).
        var profile = Profile()
        profile.endedWithoutNotify = true
        let (phone, app) = try Self.podcastsInterruptsSeed3(Setup(profile: profile, apps: [podcastsApp]))
        phone.send(.app("Podcasts", .deactivate(notifyOthers: false)))
        #expect(app.selectedRow == 0)

        #expect(phone.engine.app("Seed3")?.session.interruption == nil)  // it was told the interruption ended
        #expect(
            phone.lintIDs.contains("interruption.resume-without-should-resume"),
            "the lints name the bug: \(phone.lints)")
        withKnownIssue("S3-2: audioPlayerEndInterruption calls play() whatever the options say") {
            #expect(phone.state(of: "houlai", in: "Seed3") == .paused)
        }
    }
}
