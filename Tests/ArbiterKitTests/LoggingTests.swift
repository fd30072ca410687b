import ArbiterKit
import ArbiterKitLog
import Testing

/// App code logs as it does on iOS (`import os.log`): the calls compile and run, and change nothing the phone decides.
@Test func appCodeThatLogsRunsAsWithoutLogging() throws {
    final class Chatty: @unchecked Sendable {
        static let log = OSLog(subsystem: "com.example.radio", category: "audio")
        let logger = Logger(subsystem: "com.example.radio", category: "session")
        let player = AVPlayer(url: URL(fileURLWithPath: "/media/song.mp3"))

        func play() {
            os_log("activating %{public}s at %d", log: Chatty.log, type: .info, "playback", 3)
            os_log(.debug, log: .default, "%{public}s[%{public}ld]", #function, #line)
            logger.debug("category \(AVAudioSession.sharedInstance().category.rawValue, privacy: .public)")
            logger.error("rate \(player.rate, format: .fixed(precision: 2)) count \(3, format: .decimal)")
            try? AVAudioSession.sharedInstance().setCategory(.playback)
            try? AVAudioSession.sharedInstance().setActive(true)
            player.play()
            logger.notice("playing")
        }
    }
    let phone = try SimulatedPhone()
    let app = try phone.install("Chatty", backgroundModes: [.audio]) { Chatty() }
    let before = phone.transcript.count
    phone.run(in: "Chatty") { app.play() }
    #expect(app.player.timeControlStatus == .playing)
    #expect(
        phone.transcript[before...].map(\.cause) == [
            .code("Chatty", "AVAudioSession.setCategory(.playback)"),
            .code("Chatty", "AVAudioSession.setActive(true)"),
            .code("Chatty", "AVPlayer(song).play()"),
        ])
    #expect(phone.diagnostics.isEmpty)
}
