import ArbiterKit
import ArbiterTesting
import TeamApps
import Testing

/// The call screen, as the tests see it: what the audio controller told it, and on which thread.
final class CallScreen: CallAudioControllerDelegate {
    var outputs: [(output: CallAudioOutput, reason: AVAudioSession.RouteChangeReason)] = []
    var interruptions = 0
    var resumes = 0
    var errors: [CallAudioError] = []
    var calledOffTheMainThread = false

    func callAudioController(
        _ controller: CallAudioController, didChangeOutput output: CallAudioOutput,
        reason: AVAudioSession.RouteChangeReason
    ) {
        note()
        outputs.append((output, reason))
    }

    func callAudioControllerWasInterrupted(_ controller: CallAudioController) {
        note()
        interruptions += 1
    }

    func callAudioControllerDidResume(_ controller: CallAudioController) {
        note()
        resumes += 1
    }

    func callAudioController(_ controller: CallAudioController, didFailWith error: CallAudioError) {
        note()
        errors.append(error)
    }

    private func note() {
        if !Thread.isMainThread { calledOffTheMainThread = true }
    }
}

@Suite struct CallAudioControllerTests {
    /// A phone with `accessories` plugged in and the calling app installed, its call screen the controller's delegate.
    func install(videoCall: Bool, accessories: [SimulatedPhone.AccessorySpec] = [])
        throws -> (SimulatedPhone, CallAudioController, CallScreen)
    {
        let phone = try SimulatedPhone(ios: 17, device: SimulatedPhone.DeviceConfig(accessories: accessories))
        let screen = CallScreen()
        let controller = try phone.install("Meet", backgroundModes: [.audio]) {
            let controller = CallAudioController(isVideoCall: videoCall)
            controller.delegate = screen
            return controller
        }
        return (phone, controller, screen)
    }

    @Test func unpluggingTheHeadsetReachesTheCallScreenOnTheMainThread() throws {
        let headset = SimulatedPhone.AccessorySpec(.wiredHeadset)
        let (phone, controller, screen) = try install(videoCall: true, accessories: [headset])
        phone.run(in: "Meet") { controller.start() }
        #expect(controller.isStarted && controller.engine.isRunning)
        #expect(phone.engine.currentRoute.outputTypes == [.headphones])
        #expect(phone.engine.currentRoute.inputTypes == [.headsetMic])
        #expect(!controller.isSpeakerOn)

        phone.send(.device(.disconnect(headset)))
        #expect(screen.outputs.first?.reason == .oldDeviceUnavailable)
        #expect(!screen.calledOffTheMainThread)
        // A video call goes to the speaker once the headset is gone; the engine, stopped by the new hardware format,
        // is running again.
        #expect(controller.isSpeakerOn && screen.outputs.last?.output == .speaker)
        #expect(phone.engine.currentRoute.outputTypes == [.builtInSpeaker])
        #expect(controller.engine.isRunning)
        #expect(phone.engine.app("Meet")?.isRecording == true)
        #expect(screen.errors.isEmpty && phone.diagnostics.isEmpty && phone.lints.isEmpty)
    }

    @Test func theSpeakerButtonMovesTheCallBetweenReceiverAndSpeaker() throws {
        let (phone, controller, screen) = try install(videoCall: false)
        phone.run(in: "Meet") { controller.start() }
        #expect(phone.engine.currentRoute.outputTypes == [.builtInReceiver])
        #expect(phone.run(in: "Meet") { controller.currentOutput } == .receiver)

        phone.run(in: "Meet") { controller.setSpeaker(true) }
        #expect(controller.isSpeakerOn && phone.run(in: "Meet") { controller.currentOutput } == .speaker)
        #expect(phone.engine.currentRoute.outputTypes == [.builtInSpeaker])
        #expect(screen.outputs.last?.output == .speaker && screen.outputs.last?.reason == .override)

        phone.run(in: "Meet") { controller.setSpeaker(false) }
        #expect(phone.engine.currentRoute.outputTypes == [.builtInReceiver])
        #expect(screen.outputs.last?.output == .receiver)
        #expect(!screen.calledOffTheMainThread)
    }

    @Test func theEngineStopsForAPhoneCallAndTheControllerRestartsItAfterwards() throws {
        let (phone, controller, screen) = try install(videoCall: false)
        phone.run(in: "Meet") { controller.start() }
        #expect(controller.engine.isRunning && controller.engine.inputNode.isVoiceProcessingEnabled)
        let ducking = controller.engine.inputNode.voiceProcessingOtherAudioDuckingConfiguration
        #expect(ducking.enableAdvancedDucking.boolValue && ducking.duckingLevel == .min)
        #expect(phone.engine.app("Meet")?.isRecording == true)

        phone.send(.system(.incomingCall))
        #expect(!controller.engine.isRunning)
        #expect(screen.interruptions == 1 && screen.resumes == 0)
        #expect(phone.engine.app("Meet")?.isRecording == false)

        phone.advance(by: .seconds(8))
        phone.send(.system(.declineCall))
        #expect(controller.engine.isRunning)
        #expect(screen.resumes == 1)
        #expect(phone.engine.player(controller.engine.engineName, of: "Meet")?.state == .playing)
        #expect(phone.engine.app("Meet")?.isRecording == true)
        #expect(!screen.calledOffTheMainThread && screen.errors.isEmpty)
    }

    /// The same call, step by step through ArbiterTesting's store: each step's changes to the policy state, and
    /// the notifications the controller's code was sent.
    @Test func aPhoneCallStepByStepInTheStore() throws {
        let (phone, controller, screen) = try install(videoCall: false)
        let store = PolicyTestStore(phone: phone, exhaustivity: .off)
        store.run(in: "Meet", { controller.start() }) {
            $0.apps["Meet"].category = .playAndRecord
            $0.apps["Meet"].mode = .voiceChat
            $0.apps["Meet"].active = true
            $0.apps["Meet"].recording = true
            $0.apps["Meet"].players["audioEngine"] = .playing
            $0.route.outputs = [.builtInReceiver]
            $0.route.inputs = [.builtInMic]
        }
        store.send(.system(.incomingCall)) {
            $0.apps["Meet"].interrupted = true
            $0.apps["Meet"].recording = false
            $0.apps["Meet"].players["audioEngine"] = .paused
        }
        store.receive("Meet", .interruptionBegan(reason: .default))
        store.advance(by: .seconds(8))
        // Declined: the controller's handler activates the session and starts the engine again, at the same instant.
        store.send(.system(.declineCall)) {
            $0.apps["Meet"].interrupted = false
            $0.apps["Meet"].recording = true
            $0.apps["Meet"].players["audioEngine"] = .playing
        }
        store.receive("Meet", .interruptionEnded(shouldResume: true))
        #expect(store.now == .seconds(8))
        #expect(screen.interruptions == 1 && screen.resumes == 1)
        store.finish()
    }

    @Test func thePreferredSampleRateIsReadBackFromTheRoute() throws {
        let (phone, controller, _) = try install(videoCall: false)
        phone.run(in: "Meet") { controller.start() }
        #expect(controller.sampleRate == 48_000)
        #expect(controller.ioBufferDuration == 512.0 / 48_000)  // 10 ms is 480 frames: the nearest power of two
        let preferred = phone.run(in: "Meet") { AVAudioSession.sharedInstance().preferredSampleRate }
        #expect(preferred == CallAudioController.preferredSampleRate)
        #expect(controller.engine.inputNode.outputFormat(forBus: 0).sampleRate == 48_000)
    }

    @Test func aBluetoothHeadsetGrantsItsOwnRateWhateverIsPreferred() throws {
        let (phone, controller, _) = try install(
            videoCall: true, accessories: [SimulatedPhone.AccessorySpec(.bluetoothHeadset)])
        phone.run(in: "Meet") { controller.start() }
        #expect(phone.engine.currentRoute.outputTypes == [.bluetoothHFP])
        #expect(controller.sampleRate == 16_000)
        #expect(phone.run(in: "Meet") { controller.currentOutput } == .bluetooth && !controller.isSpeakerOn)
    }

    @Test func aPhoneCallInProgressKeepsTheCallAudioFromStarting() throws {
        let (phone, controller, screen) = try install(videoCall: true)
        phone.send(.system(.incomingCall))
        phone.send(.system(.answerCall))
        phone.run(in: "Meet") { controller.start() }
        #expect(screen.errors == [.busyInPhoneCall])
        #expect(!controller.isStarted && !controller.engine.isRunning)
    }
}
