import ArbiterEngine
import ArbiterKit
import Testing

@Suite struct PlayerPolicyTests {
    @Test func aBackgroundPolicyOtherThanAutomaticIsReportedAndKept() throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        let player = try phone.install("Video") { AVPlayer() }
        #expect(
            player.audiovisualBackgroundPlaybackPolicy == .automatic && player.preventsDisplaySleepDuringVideoPlayback)
        withKnownIssue {
            player.audiovisualBackgroundPlaybackPolicy = .continuesIfPossible
        } matching: {
            $0.description.contains("AVPlayer.audiovisualBackgroundPlaybackPolicy = .continuesIfPossible")
        }
        #expect(player.audiovisualBackgroundPlaybackPolicy == .continuesIfPossible)
        #expect(phone.diagnostics.count == 1)
    }

    @Test func theItemsNotificationsHaveTheirSwiftNames() {
        #expect(AVPlayerItem.didPlayToEndTimeNotification == .AVPlayerItemDidPlayToEndTime)
        #expect(
            AVPlayerItem.failedToPlayToEndTimeNotification.rawValue == "AVPlayerItemFailedToPlayToEndTimeNotification")
        #expect(AVPlayerItem.timeJumpedNotification.rawValue == "AVPlayerItemTimeJumpedNotification")
        #expect(AVPlayer.rateDidChangeNotification.rawValue == "AVPlayerRateDidChangeNotification")
    }
}
