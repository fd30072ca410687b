import ArbiterKit
import Logging
import Testing

/// A media SDK's file that logs with swift-log, as on iOS, where it never imported `os`: `Logger` is swift-log's, and
/// ArbiterKit brings no `Logger` of its own into the file (that is ArbiterKitLog's, seen only where it is imported).
/// This file compiling is the check; the test shows which `Logger` it got.
final class SDKPlayer {
    let logger: Logger = Logger(label: "com.example.sdk.player")
    let player = AVPlayer(url: URL(fileURLWithPath: "/media/song.mp3"))

    func play() {
        logger.info("playing")
        try? AVAudioSession.sharedInstance().setCategory(.playback)
        try? AVAudioSession.sharedInstance().setActive(true)
        player.play()
    }
}

@Test func anSDKsOwnLoggerIsTheOneItImported() throws {
    let phone = try SimulatedPhone()
    let sdk = try phone.install("Player", backgroundModes: [.audio]) { SDKPlayer() }
    phone.run(in: "Player") { sdk.play() }
    #expect(sdk.logger.label == "com.example.sdk.player")  // swift-log's Logger has a label; os's has none
    #expect(phone.engine.player("song", of: "Player")?.state == .playing)
}
