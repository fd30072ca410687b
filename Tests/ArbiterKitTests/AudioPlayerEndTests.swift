import ArbiterEngine
import ArbiterKit
import Testing

/// A messaging app's notification sound, as written for iOS: one player, `play()` again for each message.
final class MessageSound: AVAudioPlayerDelegate {
    let player: AVAudioPlayer
    var finished = 0

    init() throws {
        player = try AVAudioPlayer(contentsOf: URL(fileURLWithPath: "/sounds/ding.caf"))
        player.delegate = self
    }

    func audioPlayerDidFinishPlaying(_ player: AVAudioPlayer, successfully flag: Bool) { finished += 1 }
}

@Suite struct AudioPlayerEndTests {
    @Test func aPlayerThatPlayedToTheEndPlaysAgainFromTheBeginning() throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        phone.media["ding.caf"] = SimulatedMedia(duration: 3)
        let sound = try phone.install("Chat") { try MessageSound() }
        _ = phone.run(in: "Chat") { sound.player.play() }
        phone.advance(by: .seconds(5))
        #expect(sound.finished == 1 && !sound.player.isPlaying)
        #expect(sound.player.currentTime == 0)  // where play() starts
        #expect(phone.run(in: "Chat") { sound.player.play() })
        phone.advance(by: .seconds(2))
        #expect(sound.player.isPlaying && sound.player.currentTime == 2)
        phone.advance(by: .seconds(1))
        #expect(sound.finished == 2 && sound.player.currentTime == 0)
        #expect(phone.diagnostics.isEmpty)
    }

    @Test func aStoppedPlayerKeepsItsTime() throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        phone.media["ding.caf"] = SimulatedMedia(duration: 3)
        let sound = try phone.install("Chat") { try MessageSound() }
        _ = phone.run(in: "Chat") { sound.player.play() }
        phone.advance(by: .seconds(1))
        phone.run(in: "Chat") { sound.player.stop() }
        #expect(sound.player.currentTime == 1 && sound.finished == 0)  // stop() does not rewind
        _ = phone.run(in: "Chat") { sound.player.play() }
        phone.advance(by: .seconds(1))
        #expect(sound.player.currentTime == 2)
    }
}
