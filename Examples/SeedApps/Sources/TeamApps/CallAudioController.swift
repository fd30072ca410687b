#if os(iOS)
    import AVFoundation
    import Foundation
    import UIKit
#else
    import ArbiterKit
#endif

/// Where the call's audio goes, as the in-call screen shows it.
public enum CallAudioOutput: Equatable {
    case receiver, speaker, headset, bluetooth
    case other(String)

    init(_ port: AVAudioSession.Port?) {
        switch port {
        case AVAudioSession.Port.builtInReceiver?: self = .receiver
        case AVAudioSession.Port.builtInSpeaker?: self = .speaker
        case AVAudioSession.Port.headphones?, AVAudioSession.Port.headsetMic?: self = .headset
        case AVAudioSession.Port.bluetoothHFP?, AVAudioSession.Port.bluetoothA2DP?, AVAudioSession.Port.bluetoothLE?:
            self = .bluetooth
        default: self = .other(port?.rawValue ?? "none")
        }
    }
}

/// Why the call's audio could not start.
public enum CallAudioError: Error, Equatable {
    /// A phone call holds the audio ('!pri').
    case busyInPhoneCall
    /// Another app's audio cannot be interrupted ('!int'), as when the app is in the background.
    case cannotInterruptOthers
    /// The audio session or engine failed otherwise (its OSStatus).
    case failed(code: Int)
}

/// What the call screen hears from the audio controller. Always called on the main thread.
public protocol CallAudioControllerDelegate: AnyObject {
    func callAudioController(
        _ controller: CallAudioController, didChangeOutput output: CallAudioOutput,
        reason: AVAudioSession.RouteChangeReason)
    func callAudioControllerWasInterrupted(_ controller: CallAudioController)
    func callAudioControllerDidResume(_ controller: CallAudioController)
    func callAudioController(_ controller: CallAudioController, didFailWith error: CallAudioError)
}

/// A video-call SDK's audio device: the session for a call (playAndRecord, voiceChat, Bluetooth headsets), an
/// `AVAudioEngine` with voice processing whose input tap feeds the encoder, the speaker button, and the session's
/// notifications handled on the SDK's own queue, with the delegate called back on the main queue.
public final class CallAudioController {
    /// The rate and I/O buffer the SDK's codec works best with.
    public static let preferredSampleRate: Double = 48_000
    public static let preferredIOBufferDuration: TimeInterval = 0.01

    public weak var delegate: CallAudioControllerDelegate?
    public let engine = AVAudioEngine()
    /// The video call puts its audio on the speaker unless a headset is in.
    public let isVideoCall: Bool

    public private(set) var isSpeakerOn = false
    public private(set) var isStarted = false
    /// What the hardware granted, read back after activation.
    public private(set) var sampleRate: Double = 0
    public private(set) var ioBufferDuration: TimeInterval = 0
    /// Buffers the input tap has handed to the encoder.
    public private(set) var capturedBufferCount = 0

    private let audioQueue = DispatchQueue(label: "com.example.calls.audio")
    private let notificationCenter = NotificationCenter.default
    private var observers: [NSObjectProtocol] = []

    public init(isVideoCall: Bool = true) {
        self.isVideoCall = isVideoCall
    }

    deinit {
        observers.forEach(notificationCenter.removeObserver)
    }

    // MARK: Starting and stopping

    /// Sets the session up for the call and starts the engine. Errors go to the delegate.
    public func start() {
        guard !isStarted else { return }
        do {
            try configureSession()
            try AVAudioSession.sharedInstance().setActive(true)
        } catch {
            report(Self.callError(from: error))
            return
        }
        readBackHardware()
        observeSession()
        do {
            try configureEngine()
            try engine.start()
        } catch {
            report(Self.callError(from: error))
            return
        }
        isStarted = true
        if isVideoCall && !headsetConnected { setSpeaker(true) }
    }

    public func stop() {
        guard isStarted else { return }
        isStarted = false
        engine.inputNode.removeTap(onBus: 0)
        engine.stop()
        observers.forEach(notificationCenter.removeObserver)
        observers.removeAll()
        try? AVAudioSession.sharedInstance().setActive(false, options: .notifyOthersOnDeactivation)
    }

    private func configureSession() throws {
        let session = AVAudioSession.sharedInstance()
        try session.setCategory(.playAndRecord, mode: .voiceChat, options: [.allowBluetooth, .allowBluetoothA2DP])
        try session.setPreferredSampleRate(Self.preferredSampleRate)
        try session.setPreferredIOBufferDuration(Self.preferredIOBufferDuration)
    }

    private func readBackHardware() {
        let session = AVAudioSession.sharedInstance()
        sampleRate = session.sampleRate
        ioBufferDuration = session.ioBufferDuration
    }

    private func configureEngine() throws {
        let input = engine.inputNode
        try input.setVoiceProcessingEnabled(true)
        if #available(iOS 17.0, *) {
            // Music the user plays beside the call is ducked only while someone speaks, and then only a little.
            input.voiceProcessingOtherAudioDuckingConfiguration =
                AVAudioVoiceProcessingOtherAudioDuckingConfiguration(enableAdvancedDucking: true, duckingLevel: .min)
        }
        let format = input.outputFormat(forBus: 0)
        input.removeTap(onBus: 0)
        input.installTap(onBus: 0, bufferSize: 1024, format: format) { [weak self] buffer, _ in
            self?.encode(buffer)
        }
        _ = engine.mainMixerNode
        engine.prepare()
    }

    private func encode(_ buffer: AVAudioPCMBuffer) {
        capturedBufferCount += 1
    }

    private static func callError(from error: Error) -> CallAudioError {
        let error = error as NSError
        switch AVAudioSession.ErrorCode(rawValue: error.code) {
        case .insufficientPriority?: return .busyInPhoneCall
        case .cannotInterruptOthers?: return .cannotInterruptOthers
        default: return .failed(code: error.code)
        }
    }

    // MARK: Speaker

    /// The speaker button: the call moves to the speaker, or back to the receiver (or the headset).
    public func setSpeaker(_ on: Bool) {
        do {
            try AVAudioSession.sharedInstance().overrideOutputAudioPort(on ? .speaker : .none)
            isSpeakerOn = on
        } catch {
            report(Self.callError(from: error))
        }
    }

    public var currentOutput: CallAudioOutput {
        CallAudioOutput(AVAudioSession.sharedInstance().currentRoute.outputs.first?.portType)
    }

    private var headsetConnected: Bool {
        AVAudioSession.sharedInstance().currentRoute.outputs.contains {
            [.headphones, .bluetoothHFP, .bluetoothA2DP, .bluetoothLE].contains($0.portType)
        }
    }

    // MARK: Notifications

    private func observeSession() {
        let center = notificationCenter
        let session = AVAudioSession.sharedInstance()
        // The session posts on a thread of its own: the SDK handles each on its audio queue.
        observers.append(
            center.addObserver(
                forName: AVAudioSession.routeChangeNotification, object: session,
                queue: nil
            ) { [weak self] note in
                guard let raw = note.userInfo?[AVAudioSessionRouteChangeReasonKey] as? UInt,
                    let reason = AVAudioSession.RouteChangeReason(rawValue: raw)
                else { return }
                guard let self else { return }
                self.audioQueue.async { self.routeChanged(reason) }
            })
        observers.append(
            center.addObserver(
                forName: AVAudioSession.interruptionNotification, object: session,
                queue: nil
            ) { [weak self] note in
                guard let raw = note.userInfo?[AVAudioSessionInterruptionTypeKey] as? UInt,
                    let type = AVAudioSession.InterruptionType(rawValue: raw)
                else { return }
                guard let self else { return }
                self.audioQueue.async { self.interrupted(type) }
            })
        observers.append(
            center.addObserver(
                forName: .AVAudioEngineConfigurationChange, object: engine,
                queue: nil
            ) { [weak self] _ in
                guard let self else { return }
                self.audioQueue.async { self.restartEngine() }
            })
    }

    private func routeChanged(_ reason: AVAudioSession.RouteChangeReason) {
        switch reason {
        case .oldDeviceUnavailable:
            // The headset went away: a video call goes back to the speaker, the override having ended with it.
            if isVideoCall && !headsetConnected { setSpeaker(true) }
        case .newDeviceAvailable:
            if headsetConnected { isSpeakerOn = false }
        default:
            break
        }
        let output = currentOutput
        DispatchQueue.main.async {
            self.delegate?.callAudioController(self, didChangeOutput: output, reason: reason)
        }
    }

    private func interrupted(_ type: AVAudioSession.InterruptionType) {
        switch type {
        case .began:
            // The engine has stopped; it is started again when the interruption ends.
            DispatchQueue.main.async { self.delegate?.callAudioControllerWasInterrupted(self) }
        case .ended:
            // A call keeps going after an interruption whatever the system suggests: start the audio again.
            do {
                try AVAudioSession.sharedInstance().setActive(true)
            } catch {
                report(Self.callError(from: error))
                return
            }
            restartEngine()
            DispatchQueue.main.async { self.delegate?.callAudioControllerDidResume(self) }
        @unknown default:
            break
        }
    }

    /// The hardware format changed (a new route) or an interruption ended: the engine is set up again and started.
    private func restartEngine() {
        guard isStarted, !engine.isRunning else { return }
        readBackHardware()
        do {
            try configureEngine()
            try engine.start()
        } catch {
            report(Self.callError(from: error))
        }
    }

    private func report(_ error: CallAudioError) {
        DispatchQueue.main.async { self.delegate?.callAudioController(self, didFailWith: error) }
    }
}
