import ArbiterEngine
import ArbiterKit
import Testing

/// A chat library's recorder, as written for iOS: it keeps a session object of its own, `AVAudioSession()`.
final class VoiceRecorder {
    private let audioSession = AVAudioSession()
    var session: AVAudioSession { audioSession }

    func prepare() throws {
        try audioSession.setCategory(.playAndRecord, mode: .voiceChat)
        try audioSession.setPreferredSampleRate(16_000)
        try audioSession.setActive(true)
    }
}

@Suite struct SessionObjectTests {
    @Test func aSessionObjectOfItsOwnIsTheAppsOneSession() throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        let recorder = try phone.install("Chat") { VoiceRecorder() }
        try phone.run(in: "Chat") { try recorder.prepare() }
        #expect(phone.engine.app("Chat")?.session.category == .playAndRecord)
        #expect(phone.engine.app("Chat")?.session.mode == .voiceChat)
        #expect(phone.engine.app("Chat")?.session.isActive == true)
        let shared = phone.run(in: "Chat") { AVAudioSession.sharedInstance() }
        #expect(shared !== recorder.session)
        #expect(shared.category == .playAndRecord && recorder.session.category == .playAndRecord)
        #expect(shared.preferredSampleRate == 16_000)  // one session's preferences, whichever object set them
        try phone.run(in: "Chat") { try shared.setPreferredSampleRate(48_000) }
        #expect(recorder.session.preferredSampleRate == 48_000)
        #expect(phone.diagnostics.isEmpty)
    }

    @Test func aSessionObjectMadeOutsideAnyAppsCodeIsReportedAndBelongsToNone() throws {
        // While the test's phone runs (once it has finished, code with no app is its apps cleaning up, unreported).
        let phone = try SimulatedPhone(Setup(ios: 17))
        withKnownIssue {
            let session = AVAudioSession()
            #expect(throws: (any Error).self) { try session.setActive(true) }
        } matching: {
            $0.description.contains("was called outside any app's code")
        }  // AVAudioSession(), setActive
        withExtendedLifetime(phone) {}
    }
}
