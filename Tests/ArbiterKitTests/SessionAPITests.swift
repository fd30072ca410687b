import ArbiterEngine
import ArbiterKit
import Testing

/// A radio app's set-up code, as written for iOS: it configures the session, reads the hardware back and watches the
/// volume buttons.
final class RadioSetup {
    var volumes: [Float] = []
    private var volumeObservation: NSKeyValueObservation?

    func configure() throws {
        let session = AVAudioSession.sharedInstance()
        try session.setCategory(.playback, mode: .default, options: [])
        try session.setPreferredSampleRate(44_100)
        try session.setPreferredIOBufferDuration(0.005)
        volumeObservation = session.observe(\.outputVolume, options: [.new]) { [weak self] _, change in
            if let volume = change.newValue { self?.volumes.append(volume) }
        }
    }
}

/// What the permission prompts answered, in order.
final class Answers: @unchecked Sendable {
    var values: [Bool] = []
}

@Suite struct SessionAPITests {
    @Test func setCategoryDuringACallThrowsInsufficientPriority() throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        let radio = try phone.install("Radio", backgroundModes: [.audio]) { RadioSetup() }
        phone.send(.system(.incomingCall))
        phone.send(.system(.answerCall))
        let error = phone.run(in: "Radio") { () -> NSError? in
            do {
                try radio.configure()
                return nil
            } catch {
                return error as NSError
            }
        }
        #expect(error?.domain == NSOSStatusErrorDomain)
        #expect(error?.code == AVAudioSession.ErrorCode.insufficientPriority.rawValue)
        #expect(error?.code == 561_017_449)
        #expect(error?.localizedDescription.contains("[category.call-refuses-change]") == true)
        #expect(phone.engine.app("Radio")?.session.category == .soloAmbient)
        #expect(phone.transcript.last?.outcome.error?.rule.id == "category.call-refuses-change")
        // After the call the same code configures the session.
        phone.send(.system(.endCall))
        #expect(throws: Never.self) { try phone.run(in: "Radio") { try radio.configure() } }
        #expect(phone.engine.app("Radio")?.session.category == .playback)
    }

    @Test func preferencesAreKeptAndTheRouteGrantsItsOwn() throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        let radio = try phone.install("Radio", backgroundModes: [.audio]) { RadioSetup() }
        try phone.run(in: "Radio") { try radio.configure() }
        let session = phone.run(in: "Radio") { AVAudioSession.sharedInstance() }
        #expect(session.preferredSampleRate == 44_100 && session.sampleRate == 44_100)
        #expect(session.preferredIOBufferDuration == 0.005)
        #expect(session.ioBufferDuration == 256.0 / 44_100)  // the nearest power of two of frames
        #expect(session.outputNumberOfChannels == 2 && session.inputNumberOfChannels == 0)
        #expect(session.maximumInputNumberOfChannels == 0)
        #expect(session.outputLatency == 0.002 && session.inputLatency == 0)
        // Input channels need a category with input: incompatibleCategory ('!cat'), reference §4.3.
        let playbackError = phone.run(in: "Radio") { () -> NSError? in
            do {
                try session.setPreferredInputNumberOfChannels(1)
                return nil
            } catch { return error as NSError }
        }
        #expect(playbackError?.code == AVAudioSession.ErrorCode.incompatibleCategory.rawValue)
        #expect(throws: (any Error).self) { try session.setPreferredOutputNumberOfChannels(3) }
        try session.setPreferredOutputNumberOfChannels(1)
        #expect(session.preferredOutputNumberOfChannels == 1 && session.outputNumberOfChannels == 1)

        // A call headset over Bluetooth HFP runs at 16 kHz, mono, whatever was preferred.
        try phone.run(in: "Radio") {
            try session.setCategory(.playAndRecord, mode: .voiceChat, options: [.allowBluetooth])
            try session.setActive(true)
        }
        phone.send(.device(.connect(AccessorySpec(.bluetoothHeadset))))
        #expect(session.currentRoute.outputs.map(\.portType) == [.bluetoothHFP])
        #expect(session.sampleRate == 16_000 && session.preferredSampleRate == 44_100)
        #expect(session.inputNumberOfChannels == 1 && session.maximumInputNumberOfChannels == 1)
        #expect(throws: (any Error).self) { try session.setPreferredInputNumberOfChannels(2) }
        #expect(session.isInputGainSettable && session.inputGain == 1)
        try session.setInputGain(0.4)
        #expect(session.inputGain == 0.4)
        #expect(session.isInputAvailable)
        #expect(phone.diagnostics.isEmpty)
    }

    @Test func outputVolumeIsObservedWithKVO() throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        let radio = try phone.install("Radio", backgroundModes: [.audio]) { RadioSetup() }
        try phone.run(in: "Radio") { try radio.configure() }
        #expect(phone.run(in: "Radio") { AVAudioSession.sharedInstance().outputVolume } == 1)
        phone.outputVolume = 0.25
        phone.outputVolume = 0.25
        phone.outputVolume = 0.75
        #expect(radio.volumes == [0.25, 0.75])
        #expect(phone.run(in: "Radio") { AVAudioSession.sharedInstance().outputVolume } == 0.75)
    }

    @Test func recordPermissionIsAskedOnceAndKept() throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        phone.recordPermissionAnswers["Messenger"] = false
        try phone.install("Messenger") { 0 }
        let answers = Answers()
        phone.run(in: "Messenger") {
            #expect(AVAudioSession.sharedInstance().recordPermission == .undetermined)
            #expect(AVAudioApplication.shared.recordPermission == .undetermined)
            AVAudioApplication.requestRecordPermission { answers.values.append($0) }
            #expect(AVAudioSession.sharedInstance().recordPermission == .denied)
            #expect(AVAudioApplication.shared.recordPermission == .denied)
        }
        phone.recordPermissionAnswers["Messenger"] = true  // asked again, the user is not prompted
        phone.run(in: "Messenger") {
            AVAudioSession.sharedInstance().requestRecordPermission { answers.values.append($0) }
        }
        #expect(answers.values == [false, false])
        phone.recordPermissions["Messenger"] = .granted  // changed in Settings
        phone.run(in: "Messenger") {
            AVAudioSession.sharedInstance().requestRecordPermission { answers.values.append($0) }
        }
        #expect(answers.values == [false, false, true])
        #expect(AVAudioSession.RecordPermission.undetermined.rawValue == 0x756E_6474)  // 'undt'
        #expect(AVAudioSession.RecordPermission.denied.rawValue == 0x6465_6E79)  // 'deny'
        #expect(AVAudioApplication.recordPermission.granted.rawValue == 0x6772_6E74)  // 'grnt'
    }

    @Test func whatThePhoneOffersAndKeeps() throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        try phone.install("Recorder") { 0 }
        try phone.run(in: "Recorder") {
            let session = AVAudioSession.sharedInstance()
            #expect(session.availableCategories.contains(.record))
            #expect(session.availableCategories.count == 6)  // audioProcessing is deprecated, not offered
            #expect(session.availableModes.contains(.voiceChat) && !session.availableModes.contains(.shortFormVideo))
            #expect(!session.allowHapticsAndSystemSoundsDuringRecording)
            try session.setAllowHapticsAndSystemSoundsDuringRecording(true)
            #expect(session.allowHapticsAndSystemSoundsDuringRecording)
            #expect(AVAudioSession.CategoryOptions.allowBluetooth == .allowBluetoothHFP)
            #expect(!session.isInputGainSettable)
            #expect(throws: (any Error).self) { try session.setInputGain(0.5) }
        }
    }

    @Test func codeComparesErrorsWithTheSDKConstants() throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        phone.media["broken.caf"] = SimulatedMedia(fails: true)
        try phone.install("Game") { 0 }
        let code = phone.run(in: "Game") { () -> Int? in
            do {
                _ = try AVAudioPlayer(contentsOf: URL(fileURLWithPath: "/sounds/broken.caf"))
                return nil
            } catch {
                return (error as NSError).code
            }
        }
        #expect(code == Int(kAudioFileUnspecifiedError))
        #expect(kAudio_ParamError == -50 && Int(kAudio_ParamError) == AVAudioSession.ErrorCode.badParam.rawValue)
        #expect(kAudioServicesNoError == noErr)
        #expect(kAudioFormatMPEG4AAC == 0x6161_6320 && kAudioFormatLinearPCM == 0x6C70_636D)
        #expect(kAudioFormatMPEGLayer3 == 0x2E6D_7033 && kAudioFormatOpus == 0x6F70_7573)
        #expect(AVAudioQuality.high.rawValue == 0x60 && AVAudioQuality.max.rawValue == 0x7F)
    }
}
