import ArbiterKit
import TeamApps
import Testing

/// The chat screen, as the tests see it: what the recorder told it, and whether on the main thread.
final class ChatScreen: VoiceMessageRecorderDelegate {
    var levels: [Float] = []
    var messages: [VoiceMessage] = []
    var errors: [VoiceMessageError] = []
    var playbacksFinished = 0
    var calledOffTheMainThread = false

    func voiceMessageRecorder(_ recorder: VoiceMessageRecorder, didUpdateLevel level: Float) {
        note()
        levels.append(level)
    }

    func voiceMessageRecorder(_ recorder: VoiceMessageRecorder, didFinish message: VoiceMessage) {
        note()
        messages.append(message)
    }

    func voiceMessageRecorder(_ recorder: VoiceMessageRecorder, didFailWith error: VoiceMessageError) {
        note()
        errors.append(error)
    }

    func voiceMessageRecorderDidFinishPlaying(_ recorder: VoiceMessageRecorder) {
        note()
        playbacksFinished += 1
    }

    private func note() {
        if !Thread.isMainThread { calledOffTheMainThread = true }
    }
}

/// The recorder is the messaging app's singleton: every test installs the app with `VoiceMessageRecorder.shared`,
/// the first one to run makes it inside its launch, and each later phone takes the app over with the recorder's
/// observers. The suite runs one test at a time, as tests over one singleton must, and each test leaves the recorder
/// idle.
@Suite(.serialized) struct VoiceMessageRecorderTests {
    func install(_ phone: SimulatedPhone) throws -> (VoiceMessageRecorder, ChatScreen) {
        let recorder = try phone.install("Messages") { VoiceMessageRecorder.shared }
        let screen = ChatScreen()
        recorder.delegate = screen
        return (recorder, screen)
    }

    /// The steps the app's own code caused through an API whose name starts with `prefix`.
    func steps(_ phone: SimulatedPhone, calling prefix: String) -> [PhoneStep] {
        phone.transcript.filter { step in
            guard case .code("Messages", let api) = step.cause else { return false }
            return api.hasPrefix(prefix)
        }
    }

    @Test func deniedMicrophoneAccessRecordsNothingAndSaysSo() throws {
        let phone = try SimulatedPhone(ios: 17)
        phone.recordPermissionAnswers["Messages"] = false
        let (recorder, screen) = try install(phone)

        phone.run(in: "Messages") { recorder.startRecording() }
        #expect(screen.errors == [.microphoneAccessDenied])
        #expect(recorder.lastError?.message == "Allow microphone access in Settings to send voice messages.")
        #expect(phone.recordPermissions["Messages"] == .denied)
        #expect(recorder.state == .idle)
        #expect(phone.engine.app("Messages")?.isRecording == false)
        #expect(steps(phone, calling: "AVAudioRecorder").isEmpty)
        #expect(steps(phone, calling: "AVAudioSession.setActive").isEmpty)

        // Asked again, it does not ask the user again: the answer stands.
        phone.run(in: "Messages") { recorder.startRecording() }
        #expect(screen.errors == [.microphoneAccessDenied, .microphoneAccessDenied])
        #expect(steps(phone, calling: "AVAudioRecorder").isEmpty)
        #expect(phone.diagnostics.isEmpty)
    }

    @Test func aMessageStopsAtTheMinuteAndTheScreenIsTold() throws {
        let phone = try SimulatedPhone(ios: 17)
        phone.microphoneLevel = -30
        let (recorder, screen) = try install(phone)
        var states: [VoiceMessageRecorder.State] = []
        var levels: [Float] = []
        let subscriptions = [
            recorder.$state.sink { states.append($0) },
            recorder.$level.removeDuplicates().sink { levels.append($0) },
        ]

        phone.run(in: "Messages") { recorder.startRecording() }
        #expect(phone.recordPermissions["Messages"] == .granted)
        #expect(recorder.state == .recording)
        #expect(phone.engine.app("Messages")?.isRecording == true)
        #expect(phone.engine.app("Messages")?.session.category == .playAndRecord)
        #expect(phone.engine.currentRoute.outputTypes == [.builtInSpeaker])  // defaultToSpeaker

        phone.advance(by: .seconds(30))
        #expect(screen.levels.count == 300 && screen.levels.last == 0.5)
        phone.advance(by: .ms(29_900))
        #expect(recorder.state == .recording && screen.messages.isEmpty)
        phone.advance(by: .ms(100))
        #expect(recorder.state == .idle && recorder.level == 0)
        let message = try #require(screen.messages.first)
        #expect(screen.messages.count == 1 && message.duration == 60 && message.reachedLimit)
        #expect(message.url.pathExtension == "m4a")
        #expect(phone.engine.app("Messages")?.isRecording == false)
        #expect(phone.engine.app("Messages")?.session.isActive == false)
        let levelsAtTheEnd = screen.levels.count
        phone.advance(by: .seconds(5))
        #expect(screen.levels.count == levelsAtTheEnd)  // the meter timer is gone

        // The record button saw recording, then idle; the waveform's last level before the end was the meter's.
        #expect(states == [.idle, .recording, .idle])
        #expect(levels.suffix(2) == [0.5, 0])
        withExtendedLifetime(subscriptions) {}

        // Played back before sending: it plays through and the screen hears the end.
        phone.media[message.url.lastPathComponent] = SimulatedMedia(duration: 60)
        phone.run(in: "Messages") { recorder.playLastMessage() }
        #expect(recorder.state == .playing)
        phone.advance(by: .seconds(60))
        #expect(recorder.state == .idle && screen.playbacksFinished == 1)
        #expect(!screen.calledOffTheMainThread)
        #expect(phone.diagnostics.isEmpty)
    }

    @Test func aCallStopsTheRecordingAndACallInProgressRefusesTheNextOne() throws {
        let phone = try SimulatedPhone(ios: 17)
        let (recorder, screen) = try install(phone)

        phone.run(in: "Messages") { recorder.startRecording() }
        phone.advance(by: .seconds(12))
        phone.send(.system(.incomingCall))
        #expect(recorder.state == .idle)
        #expect(screen.messages.map(\.duration) == [12] && screen.messages.first?.reachedLimit == false)
        #expect(phone.engine.app("Messages")?.isRecording == false)

        phone.send(.system(.answerCall))
        phone.advance(by: .seconds(20))
        phone.run(in: "Messages") { recorder.startRecording() }
        #expect(screen.errors == [.busyInCall])
        #expect(recorder.lastError?.message == "You can't record a voice message during a call.")
        #expect(recorder.state == .idle && phone.engine.app("Messages")?.isRecording == false)
        let refused = try #require(steps(phone, calling: "AVAudioSession.setCategory").last?.outcome.error)
        #expect(refused.code == .insufficientPriority && refused.code.codeText == "'!pri' 561017449")
        #expect(refused.rule.id == "category.call-refuses-change")

        // After the call the same button works again.
        phone.send(.system(.endCall))
        phone.run(in: "Messages") { recorder.startRecording() }
        #expect(recorder.state == .recording)
        phone.advance(by: .seconds(3))
        phone.run(in: "Messages") { recorder.stopRecording() }
        #expect(screen.messages.map(\.duration) == [12, 3])
        #expect(recorder.state == .idle)
    }

    @Test func theSingletonIsTheAppOnEveryPhone() throws {
        let phone = try SimulatedPhone(ios: 17)
        let (recorder, screen) = try install(phone)
        #expect(recorder === VoiceMessageRecorder.shared)
        #expect(phone.app("Messages")?.code as AnyObject === VoiceMessageRecorder.shared)

        // Its observer of interruptions, added on the phone that made it, hears this phone's Siri.
        phone.run(in: "Messages") { recorder.startRecording() }
        phone.advance(by: .seconds(4))
        phone.send(.system(.siriBegin))
        #expect(recorder.state == .idle && screen.messages.map(\.duration) == [4])
        phone.send(.system(.siriEnd))
        #expect(phone.diagnostics.isEmpty)
    }
}
