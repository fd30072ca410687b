import ArbiterEngine
import ArbiterKit
import Testing

/// A voice-message player's scrubbing, as written for iOS: it awaits the seek and drops its result.
final class Scrubber {
    let player: AVQueuePlayer

    init(url: URL) { player = AVQueuePlayer(items: [AVPlayerItem(url: url)]) }

    func seek(to progress: Double) async {
        await player.seek(to: CMTime(seconds: progress * 10, preferredTimescale: 60))
        await player.seek(
            to: CMTime(seconds: progress * 10, preferredTimescale: 60), toleranceBefore: .zero,
            toleranceAfter: .zero)
    }
}

@Suite struct AsyncSeekTests {
    @Test func anAwaitedSeekWhoseResultIsDroppedSeeks() async throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        phone.media["note.m4a"] = SimulatedMedia(duration: 10)
        let scrubber = try phone.install("Chat") { Scrubber(url: URL(fileURLWithPath: "/media/note.m4a")) }
        await scrubber.seek(to: 0.5)  // the player acts for its app wherever it is called from
        #expect(scrubber.player.currentTime().seconds == 5)
    }
}
