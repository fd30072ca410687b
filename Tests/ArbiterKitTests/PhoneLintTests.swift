import ArbiterEngine
import ArbiterKit
import ArbiterLint
import Testing

/// A player written with two mistakes: its pause handler says success and does nothing, and its own pause publishes
/// no rate.
final class SloppyPlayer {
    let player: AVPlayer

    init() throws {
        try AVAudioSession.sharedInstance().setCategory(.playback)
        player = AVPlayer(url: URL(fileURLWithPath: "/media/song.mp3"))
        MPRemoteCommandCenter.shared().playCommand.addTarget { [unowned self] _ in player.play(); return .success }
        MPRemoteCommandCenter.shared().pauseCommand.addTarget { _ in .success }
    }

    func play() {
        player.play()
        MPNowPlayingInfoCenter.default().nowPlayingInfo = [MPMediaItemPropertyTitle: "Song",
                                                           MPNowPlayingInfoPropertyElapsedPlaybackTime: 0]
    }

    func pause() { player.pause() }
}

/// The lints watch apps' own code on the phone as they watch a scenario.
@Suite struct PhoneLintTests {
    @Test func theLintsFindTheMistakesOfAnAppsOwnCode() throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        let app = try phone.install("Sloppy", backgroundModes: [.audio]) { try SloppyPlayer() }
        phone.run(in: "Sloppy") { app.play() }
        phone.advance(by: .seconds(30))
        phone.send(.system(.remote(.pause)))
        #expect(app.player.timeControlStatus == .playing)
        phone.advance(by: .seconds(30))
        phone.run(in: "Sloppy") { app.pause() }
        phone.advance(by: .seconds(30))

        let lints = phone.lints
        #expect(lints.map(\.lint.id) == ["remote.success-without-acting", "nowplaying.stale-rate"])
        let handler = try #require(lints.first)
        #expect(handler.app == "Sloppy" && handler.time == .seconds(30))
        #expect(handler.message.contains("got pause from the lock screen and returned success: it is still playing"))
        #expect(phone.transcript[try #require(handler.step)].outcome.event == .system(.remote(.pause)))
        let stale = try #require(lints.last)
        #expect(stale.time == .seconds(60))
        #expect(phone.transcript[try #require(stale.step)].cause == .code("Sloppy", "AVPlayer(song).pause()"))
    }

    @Test func aCarefulPlayerHasNoLints() throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        phone.media["episode.mp3"] = SimulatedMedia(duration: 1800)
        let podcast = try phone.install("Podcast", backgroundModes: [.audio]) {
            try PodcastPlayer(episode: URL(fileURLWithPath: "/media/episode.mp3"))
        }
        phone.run(in: "Podcast") { podcast.play() }
        phone.advance(by: .seconds(60))
        phone.send(.system(.incomingCall))
        phone.advance(by: .seconds(10))
        phone.send(.system(.declineCall))
        phone.send(.system(.remote(.pause)))
        phone.advance(by: .seconds(10))
        phone.send(.system(.remote(.play)))
        #expect(podcast.player.timeControlStatus == .playing)
        #expect(phone.lints.isEmpty, "\(phone.lints)")
    }

    @Test func aPhoneSilencesLintsItIsToldToAllow() throws {
        let allowances = LintAllowances(perApp: ["Sloppy": ["remote.success-without-acting": "shown on purpose"]])
        let phone = try SimulatedPhone(Setup(ios: 17), allowing: allowances)
        let app = try phone.install("Sloppy", backgroundModes: [.audio]) { try SloppyPlayer() }
        phone.run(in: "Sloppy") { app.play() }
        phone.send(.system(.remote(.pause)))
        #expect(phone.lints.isEmpty)
    }
}
