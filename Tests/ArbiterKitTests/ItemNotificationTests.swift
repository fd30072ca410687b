import ArbiterKit
import Testing

/// A player screen that keeps the lock screen's elapsed time right after a jump and shows a spinner on a stall,
/// listening to its item's notifications as apps do.
final class ItemWatcher {
    let player: AVPlayer
    private(set) var heard: [String] = []
    private var observers: [NSObjectProtocol] = []

    init(_ url: URL) {
        player = AVPlayer(url: url)
        try? AVAudioSession.sharedInstance().setCategory(.playback)
        let center = NotificationCenter.default
        for name in [NSNotification.Name.AVPlayerItemTimeJumped, .AVPlayerItemPlaybackStalled] {
            observers.append(
                center.addObserver(forName: name, object: player.currentItem, queue: .main) { [unowned self] note in
                    heard.append("\(note.name.rawValue) at \(player.currentTime().seconds)")
                })
        }
    }

    func play() {
        try? AVAudioSession.sharedInstance().setActive(true)
        player.play()
    }
}

/// An item's notifications come when iOS sends them: `AVPlayerItemTimeJumped` after a seek (not within it),
/// `AVPlayerItemPlaybackStalled` when a stream's buffer runs out while it plays.
@Suite struct ItemNotificationTests {
    @Test func aSeekIsFollowedByTheTimeJumpedNotification() throws {
        let phone = try SimulatedPhone()
        phone.media["book.mp3"] = SimulatedMedia(duration: 600)
        let app = try phone.install("Books", backgroundModes: [.audio]) {
            ItemWatcher(URL(fileURLWithPath: "/media/book.mp3"))
        }
        let heardInTheCall = phone.run(in: "Books") { () -> Int in
            app.play()
            app.player.seek(to: CMTime(seconds: 120, preferredTimescale: 1))
            return app.heard.count
        }
        #expect(heardInTheCall == 0)
        #expect(app.heard == ["AVPlayerItemTimeJumpedNotification at 120.0"])
    }

    @Test func aStreamThatRunsOutWhilePlayingStalls() throws {
        let phone = try SimulatedPhone()
        let app = try phone.install("Radio", backgroundModes: [.audio]) {
            ItemWatcher(URL(string: "https://radio.example/live.m3u8")!)
        }
        phone.run(in: "Radio") { app.play() }
        phone.advance(by: .seconds(10))
        #expect(app.heard.isEmpty)
        phone.send(.device(.network(down: true)))
        #expect(app.heard.count == 1 && app.heard[0].hasPrefix("AVPlayerItemPlaybackStalledNotification"))
        phone.send(.device(.network(down: false)))
        phone.advance(by: .seconds(5))
        #expect(app.heard.count == 1)  // once per stall
    }
}
