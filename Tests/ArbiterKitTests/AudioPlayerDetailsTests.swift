import ArbiterEngine
import ArbiterKit
import Testing

/// Two voice notes started together, as written for iOS: both `play(atTime:)` a moment ahead on the device clock.
final class SyncedNotes {
    let first: AVAudioPlayer
    let second: AVAudioPlayer

    init() throws {
        first = try AVAudioPlayer(contentsOf: URL(fileURLWithPath: "/notes/first.m4a"))
        second = try AVAudioPlayer(contentsOf: URL(fileURLWithPath: "/notes/second.m4a"))
    }

    func start() -> Bool {
        let at = first.deviceCurrentTime + 0.5
        return first.play(atTime: at) && second.play(atTime: at)
    }
}

@Suite struct AudioPlayerDetailsTests {
    func phone() throws -> SimulatedPhone {
        let phone = try SimulatedPhone(Setup(ios: 17))
        phone.media["first.m4a"] = SimulatedMedia(duration: 4)
        phone.media["second.m4a"] = SimulatedMedia(duration: 4)
        return phone
    }

    @Test func playingAtATimeStartsThenOnThePhonesClock() throws {
        let phone = try phone()
        let notes = try phone.install("Chat") { try SyncedNotes() }
        phone.advance(by: .seconds(2))
        #expect(phone.run(in: "Chat") { notes.start() })
        #expect(notes.first.deviceCurrentTime == 2 && !notes.first.isPlaying)
        phone.advance(by: .ms(500))
        #expect(notes.first.isPlaying && notes.second.isPlaying)
        #expect(notes.first.currentTime == 0)
        phone.advance(by: .seconds(1))
        #expect(notes.first.currentTime == 1 && notes.second.currentTime == 1)
    }

    @Test func stoppingBeforeTheTimeCancelsTheStart() throws {
        let phone = try phone()
        let notes = try phone.install("Chat") { try SyncedNotes() }
        phone.run(in: "Chat") {
            _ = notes.first.play(atTime: notes.first.deviceCurrentTime + 1)
            notes.first.stop()
        }
        phone.advance(by: .seconds(2))
        #expect(!notes.first.isPlaying)
    }

    @Test func volumeFadesPanAndFormatAreKept() throws {
        let phone = try phone()
        let notes = try phone.install("Chat") { try SyncedNotes() }
        notes.first.setVolume(0.2, fadeDuration: 3)
        notes.first.pan = -3
        #expect(notes.first.volume == 0.2 && notes.first.pan == -1)
        #expect(notes.first.numberOfChannels == 2 && notes.first.format.sampleRate == 44_100)
        #expect(notes.first.settings[AVFormatIDKey] as? Int == Int(kAudioFormatLinearPCM))
        #expect(notes.first.data == nil && notes.first.url?.lastPathComponent == "first.m4a")
        let fromData = try phone.run(in: "Chat") { try AVAudioPlayer(data: Data([1, 2, 3])) }
        #expect(fromData.data == Data([1, 2, 3]))
    }

    @Test func aPlayersMetersAreReportedOnceAndReadSilence() throws {
        let phone = try phone()
        let notes = try phone.install("Chat") { try SyncedNotes() }
        notes.first.updateMeters()  // metering off: nothing to report
        notes.first.isMeteringEnabled = true
        withKnownIssue {
            phone.run(in: "Chat") {
                notes.first.updateMeters()
                notes.first.updateMeters()
            }
        } matching: {
            $0.description.contains("AVAudioPlayer(first).updateMeters() (a player's levels) is not modelled")
        }
        #expect(notes.first.averagePower(forChannel: 0) == -160 && notes.first.peakPower(forChannel: 1) == -160)
        #expect(phone.diagnostics.count == 1)
    }
}
