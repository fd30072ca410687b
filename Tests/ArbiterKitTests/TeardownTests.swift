import ArbiterKit
import Foundation
import Testing

/// A podcast app's player that cleans up after itself, as real apps' players do in `deinit`: it pauses, clears Now
/// Playing, disables and removes its commands, stops receiving remote control events and deactivates its session.
final class TidyPodcastPlayer {
    nonisolated(unsafe) static var cleanedUp = 0
    let player = AVPlayer(url: URL(fileURLWithPath: "/media/episode.mp3"))

    init() {
        try? AVAudioSession.sharedInstance().setCategory(.playback)
        MPRemoteCommandCenter.shared().playCommand.addTarget { [weak self] _ in
            self?.player.play()
            return .success
        }
        MPNowPlayingInfoCenter.default().nowPlayingInfo = [MPMediaItemPropertyTitle: "Episode 1"]
        UIApplication.shared.beginReceivingRemoteControlEvents()
    }

    func play() {
        try? AVAudioSession.sharedInstance().setActive(true)
        player.play()
    }

    deinit {
        player.pause()
        MPNowPlayingInfoCenter.default().nowPlayingInfo = nil
        let commands = MPRemoteCommandCenter.shared()
        commands.playCommand.isEnabled = false
        commands.playCommand.removeTarget(nil)
        UIApplication.shared.endReceivingRemoteControlEvents()
        try? AVAudioSession.sharedInstance().setActive(false, options: .notifyOthersOnDeactivation)
        TidyPodcastPlayer.cleanedUp += 1
    }
}

/// A finished phone's apps cleaning up after themselves is normal iOS code: it says nothing and never crashes,
/// whenever the cleaning runs (as the phone finishes, or later, when the test lets go of what it kept). Code that
/// runs outside any app while a phone runs is still reported. (Each test fails if anything is reported.)
@Suite(.serialized) struct TeardownTests {
    @Test func aDeinitAsThePhoneFinishesSaysNothing() throws {
        let before = TidyPodcastPlayer.cleanedUp
        do {
            let phone = try SimulatedPhone()
            try phone.install("Podcast", backgroundModes: [.audio]) { TidyPodcastPlayer() }
            phone.run(in: "Podcast") { (phone.app("Podcast")?.code as? TidyPodcastPlayer)?.play() }
            #expect(phone.engine.player("episode", of: "Podcast")?.state == .playing)
        }
        #expect(TidyPodcastPlayer.cleanedUp == before + 1)
    }

    /// The podcast player of a phone that has finished, playing when it finished, still held by the test.
    private func playerOfAFinishedPhone() throws -> TidyPodcastPlayer {
        let phone = try SimulatedPhone()
        let kept = try phone.install("Podcast", backgroundModes: [.audio]) { TidyPodcastPlayer() }
        phone.run(in: "Podcast") { kept.play() }
        #expect(kept.player.timeControlStatus == .playing)
        return kept
    }

    @Test func aDeinitAfterThePhoneFinishedSaysNothing() throws {
        let before = TidyPodcastPlayer.cleanedUp
        var kept: TidyPodcastPlayer? = try playerOfAFinishedPhone()
        // The phone has finished; the test still holds the app's player, and lets it go now.
        #expect(TidyPodcastPlayer.cleanedUp == before)
        kept = nil
        #expect(TidyPodcastPlayer.cleanedUp == before + 1 && kept == nil)
    }

    @Test func aDeinitAfterAnAwaitSaysNothing() async throws {
        let before = TidyPodcastPlayer.cleanedUp
        var kept: TidyPodcastPlayer? = try playerOfAFinishedPhone()
        await Task.yield()
        kept = nil
        #expect(TidyPodcastPlayer.cleanedUp == before + 1 && kept == nil)
    }

    @Test func codeOutsideAnyAppWhileAPhoneRunsIsStillReported() throws {
        let phone = try SimulatedPhone()
        try phone.install("Podcast") { () }
        withKnownIssue {
            try? AVAudioSession.sharedInstance().setCategory(.playback)
        } matching: { issue in
            issue.description.contains("was called outside any app's code")
        }
        #expect(phone.engine.app("Podcast")?.session.category != .playback)
    }
}
