import ArbiterEngine
import ArbiterKit
import Testing

/// A messaging app's voice-message recorder, as written for iOS.
final class VoiceMessageRecorder: NSObject, AVAudioRecorderDelegate {
    private(set) var recorder: AVAudioRecorder?
    var finished: [Bool] = []
    var interruptions: [String] = []
    let settings: [String: Any]

    init(
        settings: [String: Any] = [
            AVFormatIDKey: Int(kAudioFormatMPEG4AAC),
            AVSampleRateKey: 44_100,
            AVNumberOfChannelsKey: 1,
            AVEncoderAudioQualityKey: AVAudioQuality.high.rawValue,
        ]
    ) {
        self.settings = settings
    }

    func start(category: AVAudioSession.Category = .playAndRecord) throws -> Bool {
        let session = AVAudioSession.sharedInstance()
        try session.setCategory(
            category, mode: .default, options: category == .playAndRecord ? [.defaultToSpeaker] : [])
        try session.setActive(true)
        let url = URL(fileURLWithPath: "/tmp/voice-message.m4a")
        let recorder = try AVAudioRecorder(url: url, settings: settings)
        recorder.delegate = self
        recorder.isMeteringEnabled = true
        recorder.prepareToRecord()
        self.recorder = recorder
        return recorder.record()
    }

    func level() -> Float {
        recorder?.updateMeters()
        return recorder?.averagePower(forChannel: 0) ?? -160
    }

    func stop() {
        recorder?.stop()
        try? AVAudioSession.sharedInstance().setActive(false, options: .notifyOthersOnDeactivation)
    }

    func audioRecorderDidFinishRecording(_ recorder: AVAudioRecorder, successfully flag: Bool) { finished.append(flag) }
    func audioRecorderBeginInterruption(_ recorder: AVAudioRecorder) { interruptions.append("began") }
    func audioRecorderEndInterruption(_ recorder: AVAudioRecorder, withOptions flags: Int) {
        interruptions.append("ended \(flags)")
    }
}

@Suite struct RecorderTests {
    func phone() throws -> SimulatedPhone {
        let phone = try SimulatedPhone(Setup(ios: 17))
        phone.microphoneLevel = -20
        return phone
    }

    @Test func aVoiceMessageRecordsAsTheEnginesRecorder() throws {
        let phone = try phone()
        let messenger = try phone.install("Messenger") { VoiceMessageRecorder() }
        #expect(try phone.run(in: "Messenger") { try messenger.start() })
        let recorder = try #require(messenger.recorder)
        #expect(recorder.isRecording)
        #expect(phone.engine.app("Messenger")?.isRecording == true)
        #expect(phone.engine.app("Messenger")?.session.isActive == true)
        #expect(
            phone.transcript.contains { $0.cause == .code("Messenger", "AVAudioRecorder(voice-message.m4a).record()") })
        #expect(phone.run(in: "Messenger") { AVAudioSession.sharedInstance().recordPermission } == .granted)
        phone.advance(by: .seconds(5))
        #expect(recorder.currentTime == 5)
        #expect(recorder.deviceCurrentTime == 5)
        #expect(phone.run(in: "Messenger") { messenger.level() } == -20)
        #expect(recorder.peakPower(forChannel: 0) == -20)
        #expect(recorder.format.sampleRate == 44_100 && recorder.format.channelCount == 1)
        #expect(!recorder.deleteRecording())
        phone.run(in: "Messenger") { messenger.stop() }
        #expect(messenger.finished == [true])
        #expect(!recorder.isRecording && recorder.currentTime == 0)
        #expect(phone.engine.app("Messenger")?.isRecording == false)
        #expect(recorder.deleteRecording())
        #expect(phone.diagnostics.isEmpty)
    }

    @Test func withoutPermissionItRecordsSilence() throws {
        let phone = try phone()
        phone.recordPermissionAnswers["Messenger"] = false
        let messenger = try phone.install("Messenger") { VoiceMessageRecorder() }
        #expect(try phone.run(in: "Messenger") { try messenger.start() })  // iOS records, silence
        #expect(messenger.recorder?.isRecording == true)
        #expect(phone.run(in: "Messenger") { AVAudioSession.sharedInstance().recordPermission } == .denied)
        #expect(phone.run(in: "Messenger") { messenger.level() } == -160)
        phone.recordPermissions["Messenger"] = .granted
        #expect(phone.run(in: "Messenger") { messenger.level() } == -20)
        try phone.run(in: "Messenger") { try AVAudioApplication.shared.setInputMuted(true) }
        #expect(phone.run(in: "Messenger") { messenger.level() } == -160)
    }

    @Test func aPlaybackCategoryCannotRecord() throws {
        let phone = try phone()
        let messenger = try phone.install("Messenger") { VoiceMessageRecorder() }
        #expect(try phone.run(in: "Messenger") { try messenger.start(category: .playback) } == false)
        #expect(phone.engine.app("Messenger")?.isRecording == false)
        #expect(phone.transcript.last?.outcome.error?.rule.id == "playback.recording-needs-input")
    }

    @Test func anInterruptionPausesItAndRecordResumes() throws {
        let phone = try phone()
        let messenger = try phone.install("Messenger") { VoiceMessageRecorder() }
        _ = try phone.run(in: "Messenger") { try messenger.start() }
        let recorder = try #require(messenger.recorder)
        phone.advance(by: .seconds(4))
        phone.send(.system(.incomingCall))
        #expect(!recorder.isRecording)
        #expect(messenger.interruptions == ["began"])
        phone.advance(by: .seconds(10))
        phone.send(.system(.declineCall))
        #expect(messenger.interruptions == ["began", "ended 1"])
        #expect(recorder.currentTime == 4)
        #expect(phone.run(in: "Messenger") { recorder.record() })
        phone.advance(by: .seconds(2))
        #expect(recorder.currentTime == 6)
        #expect(messenger.finished.isEmpty)
    }

    @Test func duringACallItCannotStart() throws {
        let phone = try phone()
        let messenger = try phone.install("Messenger") { VoiceMessageRecorder() }
        phone.send(.system(.incomingCall))
        phone.send(.system(.answerCall))
        #expect(throws: (any Error).self) { try phone.run(in: "Messenger") { try messenger.start() } }
        #expect(phone.engine.app("Messenger")?.isRecording == false)
    }

    @Test func recordForDurationStopsByItself() throws {
        let phone = try phone()
        let messenger = try phone.install("Messenger") { VoiceMessageRecorder() }
        _ = try phone.run(in: "Messenger") { try messenger.start() }
        let recorder = try #require(messenger.recorder)
        phone.run(in: "Messenger") {
            recorder.stop()
            #expect(recorder.record(forDuration: 3))
        }
        phone.advance(by: .seconds(10))
        #expect(messenger.finished == [true, true])
        #expect(!recorder.isRecording)
        #expect(phone.engine.app("Messenger")?.isRecording == false)
        let stopped = phone.transcript.last {
            $0.cause == .code("Messenger", "AVAudioRecorder(voice-message.m4a).stop()")
        }
        #expect(stopped?.outcome.time == .seconds(3))
    }

    @Test func mp3CannotBeRecorded() throws {
        let phone = try phone()
        let messenger = try phone.install("Messenger") {
            VoiceMessageRecorder(settings: [AVFormatIDKey: kAudioFormatMPEGLayer3])
        }
        let error = phone.run(in: "Messenger") { () -> NSError? in
            do {
                _ = try messenger.start()
                return nil
            } catch { return error as NSError }
        }
        #expect(error?.code == Int(kAudioFileUnsupportedDataFormatError))
        #expect(error?.code == 1_718_449_215)
    }
}
