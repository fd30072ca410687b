import ArbiterKit
import Testing

/// A messenger's voice message that plays itself once its item is ready, observing `status` on the line after it
/// gives the item to its player, as messengers write it.
final class VoiceMessageAutoplay {
    let player = AVPlayer()
    private var observation: NSKeyValueObservation?
    private(set) var durations: [Double] = []

    func open(_ url: URL) {
        try? AVAudioSession.sharedInstance().setCategory(.playback)
        try? AVAudioSession.sharedInstance().setActive(true)
        let item = AVPlayerItem(url: url)
        player.replaceCurrentItem(with: item)
        observation = item.observe(\.status, options: [.new]) { [unowned self] item, _ in
            durations.append(item.duration.seconds)
            if item.status == .readyToPlay { player.play() }
        }
    }
}

/// An item's status, duration and loaded ranges change after the call that gave it to a player, on the phone's
/// clock, as iOS loads it: not within the call.
@Suite struct ItemReadinessTests {
    @Test func anAutoplayOnReadyToPlayStarts() throws {
        let phone = try SimulatedPhone()
        phone.media["voice.m4a"] = SimulatedMedia(duration: 12)
        let app = try phone.install("Messenger", backgroundModes: [.audio]) { VoiceMessageAutoplay() }
        let seenInTheCall = phone.run(in: "Messenger") { () -> AVPlayerItem.Status? in
            app.open(URL(fileURLWithPath: "/media/voice.m4a"))
            return app.player.currentItem?.status
        }
        #expect(seenInTheCall == .unknown)  // not yet, within the call that gave it to the player
        #expect(app.player.timeControlStatus == .playing)
        // The observer heard the change once, with the item's duration known by then.
        #expect(app.durations == [12])
        #expect(phone.engine.player("avPlayer", of: "Messenger")?.state == .playing)
    }
}
