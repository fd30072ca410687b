import ArbiterEngine
import ArbiterKit
import Testing

/// A video-call SDK's device controller, as written for iOS: voice processing on the input, a tap for the
/// outgoing audio, a player node for the far end, and a restart when the configuration changes.
final class CallDeviceController {
    let engine = AVAudioEngine()
    let farEnd = AVAudioPlayerNode()
    var configurationChanges = 0
    var tapped = 0
    var farEndDone = 0
    private var observer: NSObjectProtocol?

    func start(voiceProcessing: Bool = true) throws {
        let session = AVAudioSession.sharedInstance()
        try session.setCategory(.playAndRecord, mode: .voiceChat, options: [.allowBluetooth, .defaultToSpeaker])
        try session.setActive(true)
        if voiceProcessing { try engine.inputNode.setVoiceProcessingEnabled(true) }
        let input = engine.inputNode
        input.installTap(onBus: 0, bufferSize: 1024, format: input.outputFormat(forBus: 0)) { [weak self] _, _ in
            self?.tapped += 1
        }
        engine.attach(farEnd)
        engine.connect(
            farEnd, to: engine.mainMixerNode, format: AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 1))
        observer = NotificationCenter.default.addObserver(
            forName: .AVAudioEngineConfigurationChange, object: engine,
            queue: .main
        ) { [weak self] _ in
            self?.configurationChanges += 1
        }
        engine.prepare()
        try engine.start()
        farEnd.scheduleBuffer(AVAudioPCMBuffer(pcmFormat: farEnd.inputFormat(forBus: 0), frameCapacity: 480)!) {
            [weak self] in self?.farEndDone += 1
        }
        farEnd.play()
    }

    func stop() {
        farEnd.stop()
        engine.stop()
    }
}

/// A game's sound engine: playback only, the main mixer.
final class SoundEngine {
    let engine = AVAudioEngine()
    let player = AVAudioPlayerNode()

    func start() throws {
        try AVAudioSession.sharedInstance().setCategory(.ambient)
        engine.attach(player)
        engine.connect(player, to: engine.mainMixerNode, format: nil)
        try engine.start()
        let file = try AVAudioFile(forReading: URL(fileURLWithPath: "/sounds/theme.caf"))
        player.scheduleFile(file, at: nil)
        player.play()
    }
}

/// A messaging app's voice-message player on AVAudioEngine: the file's end stops the engine and lets others resume.
final class VoiceMessagePlayer {
    let engine = AVAudioEngine()
    let node = AVAudioPlayerNode()
    var played: [AVAudioPlayerNodeCompletionCallbackType] = []

    func play(_ url: URL) throws {
        try AVAudioSession.sharedInstance().setCategory(.playback, mode: .spokenAudio)
        let file = try AVAudioFile(forReading: url)
        engine.attach(node)
        engine.connect(node, to: engine.mainMixerNode, format: file.processingFormat)
        try engine.start()
        node.scheduleFile(file, at: nil, completionCallbackType: .dataPlayedBack) { [weak self] type in
            self?.played.append(type)
            self?.engine.stop()
            try? AVAudioSession.sharedInstance().setActive(false, options: .notifyOthersOnDeactivation)
        }
        node.play()
    }
}

@Suite struct AudioEngineTests {
    @Test func aScheduledFileEndsAfterItsTimeHasPlayed() throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        phone.media["message.m4a"] = SimulatedMedia(duration: 3)
        let messenger = try phone.install("Messenger") { VoiceMessagePlayer() }
        try phone.run(in: "Messenger") { try messenger.play(URL(fileURLWithPath: "/messages/message.m4a")) }
        phone.advance(by: .seconds(1))
        phone.send(.system(.incomingCall))  // the interruption holds the node's time
        #expect(!messenger.node.isPlaying)
        phone.advance(by: .seconds(10))
        phone.send(.system(.declineCall))
        try phone.run(in: "Messenger") { try messenger.engine.start() }
        #expect(messenger.node.isPlaying && messenger.played.isEmpty)
        phone.advance(by: .seconds(5))
        #expect(messenger.played == [.dataPlayedBack])
        let stopped = phone.transcript.first { $0.cause == .code("Messenger", "AVAudioEngine(audioEngine).stop()") }
        #expect(stopped?.outcome.time == .seconds(13))
        #expect(phone.engine.app("Messenger")?.session.isActive == false)
    }

    @Test func startingPlaysTheEnginesPlayerAndActivatesTheSession() throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        phone.media["theme.caf"] = SimulatedMedia(duration: 2)
        let game = try phone.install("Game") { SoundEngine() }
        try phone.run(in: "Game") { try game.start() }
        let player = try #require(phone.engine.app("Game")?.player(named: "audioEngine"))
        #expect(player.kind == .audioEngine && player.isRunning)
        #expect(phone.engine.app("Game")?.session.isActive == true)
        #expect(phone.engine.app("Game")?.isRecording == false)
        #expect(game.engine.isRunning && game.player.isPlaying)
        #expect(game.engine.mainMixerNode.outputFormat(forBus: 0).sampleRate == 48_000)
        #expect(game.engine.mainMixerNode.outputFormat(forBus: 0).channelCount == 2)
        #expect(game.engine.inputNode.outputFormat(forBus: 0).channelCount == 0)  // ambient has no input
        #expect(
            phone.run(in: "Game") { try? AVAudioFile(forReading: URL(fileURLWithPath: "/sounds/theme.caf")) }?
                .length == 88_200)
        phone.run(in: "Game") { game.engine.stop() }
        #expect(!game.engine.isRunning && !game.player.isPlaying)
        #expect(phone.engine.app("Game")?.player(named: "audioEngine")?.state == .stopped)
    }

    @Test func aTapOnTheInputRecords() throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        let call = try phone.install("Call", backgroundModes: [.audio]) { CallDeviceController() }
        try phone.run(in: "Call") { try call.start() }
        #expect(call.engine.isRunning)
        #expect(phone.engine.app("Call")?.isRecording == true)
        #expect(call.engine.inputNode.isVoiceProcessingEnabled)
        #expect(call.engine.inputNode.outputFormat(forBus: 0).channelCount == 1)
        #expect(call.farEnd.isPlaying && call.tapped == 0)  // no buffers reach a tap
        phone.run(in: "Call") { call.stop() }
        #expect(call.farEndDone == 1)
        #expect(phone.engine.app("Call")?.isRecording == false)
    }

    @Test func voiceProcessingKeepsItsDuckingOfOtherAudio() throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        let call = try phone.install("Call", backgroundModes: [.audio]) { CallDeviceController() }
        let input = call.engine.inputNode
        #expect(!input.voiceProcessingOtherAudioDuckingConfiguration.enableAdvancedDucking.boolValue)
        #expect(input.voiceProcessingOtherAudioDuckingConfiguration.duckingLevel == .default)
        input.voiceProcessingOtherAudioDuckingConfiguration =
            AVAudioVoiceProcessingOtherAudioDuckingConfiguration(enableAdvancedDucking: true, duckingLevel: .min)
        try phone.run(in: "Call") { try call.start() }
        #expect(input.voiceProcessingOtherAudioDuckingConfiguration.enableAdvancedDucking.boolValue)
        #expect(input.voiceProcessingOtherAudioDuckingConfiguration.duckingLevel == .min)
        typealias Level = AVAudioVoiceProcessingOtherAudioDuckingConfiguration.Level
        #expect([Level.default, .min, .mid, .max].map(\.rawValue) == [0, 10, 20, 30])  // the SDK's values
        phone.run(in: "Call") { call.stop() }
    }

    @Test func theInputWithoutAnInputCategoryFailsToStart() throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        let error = try phone.install("Tuner") { () -> NSError? in
            let engine = AVAudioEngine()
            try AVAudioSession.sharedInstance().setCategory(.playback)
            engine.inputNode.installTap(onBus: 0, bufferSize: 4096, format: nil) { _, _ in }
            do {
                try engine.start()
                return nil
            } catch { return error as NSError }
        }
        #expect(error?.code == AVAudioSession.ErrorCode.incompatibleCategory.rawValue)
        #expect(phone.engine.app("Tuner")?.player(named: "audioEngine")?.isRunning == false)
    }

    @Test func anInterruptionStopsTheEngine() throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        let call = try phone.install("Call", backgroundModes: [.audio]) { CallDeviceController() }
        try phone.run(in: "Call") { try call.start() }
        phone.send(.system(.incomingCall))
        #expect(!call.engine.isRunning && !call.farEnd.isPlaying)
        #expect(phone.engine.app("Call")?.isRecording == false)
        phone.send(.system(.declineCall))
        #expect(!call.engine.isRunning)  // nothing restarts it but start()
        try phone.run(in: "Call") { try call.engine.start() }
        #expect(call.engine.isRunning && call.farEnd.isPlaying)
        #expect(phone.engine.app("Call")?.isRecording == true)
    }

    @Test func aBluetoothHeadsetChangesTheConfiguration() throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        let call = try phone.install("Call", backgroundModes: [.audio]) { CallDeviceController() }
        try phone.run(in: "Call") { try call.start() }
        phone.send(.device(.connect(AccessorySpec(.wiredHeadphones))))
        #expect(call.configurationChanges == 0)  // 48 kHz stereo on both: nothing to tell
        #expect(call.engine.isRunning)
        phone.send(.device(.connect(AccessorySpec(.bluetoothHeadset))))
        #expect(call.configurationChanges == 1)
        #expect(!call.engine.isRunning)
        #expect(call.engine.inputNode.outputFormat(forBus: 0).sampleRate == 16_000)
    }

    @Test func startingInTheBackgroundWithoutTheAudioModeFails() throws {
        let phone = try SimulatedPhone(Setup(ios: 17, apps: [AppConfig("Music")]))
        let game = try phone.install("Game") { SoundEngine() }
        phone.send(.app("Music", .foreground))
        let error = phone.run(in: "Game") { () -> NSError? in
            do {
                try game.engine.start()
                return nil
            } catch { return error as NSError }
        }
        #expect(error?.code == AVAudioSession.ErrorCode.cannotStartPlaying.rawValue)
        #expect(!game.engine.isRunning)
    }

    @Test func formatsAndBuffers() throws {
        let format = try #require(AVAudioFormat(standardFormatWithSampleRate: 44_100, channels: 2))
        #expect(format.isStandard && format.channelCount == 2 && format.commonFormat == .pcmFormatFloat32)
        let int16 = try #require(
            AVAudioFormat(
                commonFormat: .pcmFormatInt16, sampleRate: 16_000, channels: 1,
                interleaved: true))
        #expect(!int16.isStandard && int16.settings[AVLinearPCMBitDepthKey] as? Int == 16)
        #expect(AVAudioFormat(standardFormatWithSampleRate: 44_100, channels: 0) == nil)
        let buffer = try #require(AVAudioPCMBuffer(pcmFormat: format, frameCapacity: 512))
        buffer.frameLength = 1_000
        #expect(buffer.frameLength == 512)
        #expect(buffer.floatChannelData?[1][511] == 0)
        #expect(AVAudioPCMBuffer(pcmFormat: int16, frameCapacity: 16)?.floatChannelData == nil)
    }
}

/// A video-call SDK's audio: a mixable playAndRecord session and an engine with voice processing on its input, as
/// SDKs set it up. Voice processing ducks the other apps (reference §13.7), without duckOthers.
@Test func voiceProcessingOnTheInputNodeDucksOtherApps() throws {
    let phone = try SimulatedPhone(Setup(apps: [AppConfig("Music", backgroundModes: [.audio], category: .playback)]))
    phone.send(.app("Music", .play()))
    let engine = try phone.install("Meet", backgroundModes: [.audio]) { () -> AVAudioEngine in
        let session = AVAudioSession.sharedInstance()
        try session.setCategory(.playAndRecord, mode: .videoChat, options: [.mixWithOthers, .allowBluetoothHFP])
        try session.setActive(true)
        return AVAudioEngine()
    }
    #expect(phone.engine.isDucked("Music") == false)
    try phone.run(in: "Meet") { try engine.inputNode.setVoiceProcessingEnabled(true) }
    #expect(engine.inputNode.isVoiceProcessingEnabled)
    #expect(phone.engine.isDucked("Music") == true)
    #expect(
        phone.transcript.last?.outcome.decisions.contains { $0.rule.id == "ducking.voice-processing-ducks-others" }
            == true)
    try phone.run(in: "Meet") { try engine.inputNode.setVoiceProcessingEnabled(false) }
    #expect(phone.engine.isDucked("Music") == false)
}
