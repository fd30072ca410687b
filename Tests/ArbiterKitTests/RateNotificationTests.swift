import ArbiterEngine
import ArbiterKit
import Testing

/// An audiobook app that keeps the lock screen's rate as its player's rate notification says, as audiobook apps do.
final class LockScreenRate {
    let player = AVPlayer(url: URL(fileURLWithPath: "/media/book.mp3"))
    private(set) var told: [(rate: Float, reason: String?)] = []

    init() {
        try? AVAudioSession.sharedInstance().setCategory(.playback, mode: .spokenAudio)
        NotificationCenter.default.addObserver(
            forName: AVPlayer.rateDidChangeNotification, object: player, queue: .main
        ) { [unowned self] note in
            let reason = note.userInfo?[AVPlayer.rateDidChangeReasonKey] as? AVPlayer.RateDidChangeReason
            told.append((player.rate, reason?.rawValue))
            var info = MPNowPlayingInfoCenter.default().nowPlayingInfo ?? [MPMediaItemPropertyTitle: "Chapter 1"]
            info[MPNowPlayingInfoPropertyPlaybackRate] = Double(player.rate)
            MPNowPlayingInfoCenter.default().nowPlayingInfo = info
        }
    }

    func play() {
        try? AVAudioSession.sharedInstance().setActive(true)
        player.play()
    }
}

/// `AVPlayer.rateDidChangeNotification`: posted when the rate changes, with the reason (reference: Apple's
/// `AVPlayer.RateDidChangeReason`).
@Suite struct RateNotificationTests {
    @Test func theRateNotificationSaysWhoChangedTheRate() throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        phone.media["book.mp3"] = SimulatedMedia(duration: 3600)
        let app = try phone.install("Books", backgroundModes: [.audio]) { LockScreenRate() }
        phone.run(in: "Books") { app.play() }
        #expect(app.told.last?.rate == 1)
        #expect(app.told.last?.reason == "AVPlayerRateDidChangeReasonSetRateCalled")
        #expect(phone.engine.app("Books")?.published?.info.rate == 1)
        phone.send(.system(.incomingCall))
        #expect(app.told.last?.rate == 0)
        #expect(app.told.last?.reason == "AVPlayerRateDidChangeReasonAudioSessionInterrupted")
        #expect(phone.engine.app("Books")?.published?.info.rate == 0)
        phone.send(.system(.endCall))
        phone.run(in: "Books") { app.player.rate = 1.5 }
        #expect(app.told.last?.rate == 1.5)
        #expect(app.told.count == 3)  // once per change, never for a step that left the rate as it was
        phone.run(in: "Books") { app.player.rate = 1.5 }
        #expect(app.told.count == 3)
    }
}
