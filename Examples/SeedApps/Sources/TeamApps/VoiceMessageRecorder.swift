#if os(iOS)
    import AVFoundation
    import Combine
    import Foundation
    import UIKit
#else
    import ArbiterKit
#endif

/// A voice message the user recorded.
public struct VoiceMessage: Equatable {
    public let url: URL
    /// Seconds recorded.
    public let duration: TimeInterval
    /// Whether it stopped because it reached `VoiceMessageRecorder.maximumDuration`.
    public let reachedLimit: Bool
}

/// Why a voice message could not be recorded, in the words the chat screen shows.
public enum VoiceMessageError: Error, Equatable {
    /// The user said no to the microphone (now or before).
    case microphoneAccessDenied
    /// A phone call holds the audio.
    case busyInCall
    /// The session or the recorder refused for another reason (the OSStatus, when there is one).
    case couldNotRecord(code: Int)

    public var message: String {
        switch self {
        case .microphoneAccessDenied: "Allow microphone access in Settings to send voice messages."
        case .busyInCall: "You can't record a voice message during a call."
        case .couldNotRecord: "Recording failed. Try again."
        }
    }
}

/// What the chat screen hears from the recorder, on the main thread.
public protocol VoiceMessageRecorderDelegate: AnyObject {
    func voiceMessageRecorder(_ recorder: VoiceMessageRecorder, didUpdateLevel level: Float)
    func voiceMessageRecorder(_ recorder: VoiceMessageRecorder, didFinish message: VoiceMessage)
    func voiceMessageRecorder(_ recorder: VoiceMessageRecorder, didFailWith error: VoiceMessageError)
    func voiceMessageRecorderDidFinishPlaying(_ recorder: VoiceMessageRecorder)
}

/// A messaging app's voice-message recorder, one for the app: hold to record (AAC, at most a minute), a level meter
/// for the waveform, recording stopped by a call, and the message played back before it is sent. The record button
/// and the waveform watch its published state and level.
public final class VoiceMessageRecorder: NSObject, ObservableObject, AVAudioRecorderDelegate, AVAudioPlayerDelegate {
    public static let shared = VoiceMessageRecorder()

    /// The longest voice message the app sends.
    public static let maximumDuration: TimeInterval = 60
    /// How often the level meter is read while recording.
    public static let meterInterval: TimeInterval = 0.1

    public enum State: Equatable { case idle, recording, playing }

    public weak var delegate: VoiceMessageRecorderDelegate?
    @Published public private(set) var state = State.idle
    /// The last level the meter read, 0 (silence) to 1.
    @Published public private(set) var level: Float = 0
    public private(set) var lastMessage: VoiceMessage?
    public private(set) var lastError: VoiceMessageError?

    private var recorder: AVAudioRecorder?
    private var player: AVAudioPlayer?
    private var meterTimer: Timer?
    private var observers: [NSObjectProtocol] = []
    private var messageCount = 0
    /// Why the app stopped the recording; nil when the recorder stopped itself at the limit.
    private var stopReason: StopReason?
    private var recordedDuration: TimeInterval = 0

    private enum StopReason { case finished, cancelled, interrupted }

    private override init() {
        super.init()
        observers.append(
            NotificationCenter.default.addObserver(
                forName: AVAudioSession.interruptionNotification, object: nil, queue: .main
            ) { [weak self] note in
                guard let raw = note.userInfo?[AVAudioSessionInterruptionTypeKey] as? UInt,
                    AVAudioSession.InterruptionType(rawValue: raw) == .began
                else { return }
                self?.interruptionBegan()
            })
    }

    // MARK: Recording

    /// Starts a voice message: asks for the microphone the first time, then records. Failures go to the delegate
    /// (and `lastError`).
    public func startRecording() {
        guard state == .idle else { return }
        switch currentPermission {
        case .granted:
            beginRecording()
        case .denied:
            fail(.microphoneAccessDenied)
        case .undetermined:
            requestPermission { [weak self] granted in
                if granted { self?.beginRecording() } else { self?.fail(.microphoneAccessDenied) }
            }
        }
    }

    /// The user let go of the button: the message is done.
    public func stopRecording() {
        guard state == .recording, let recorder else { return }
        recordedDuration = recorder.currentTime
        stopReason = .finished
        recorder.stop()
    }

    /// The user slid to cancel: the recording is thrown away.
    public func cancelRecording() {
        guard state == .recording, let recorder else { return }
        stopReason = .cancelled
        recorder.stop()
        recorder.deleteRecording()
    }

    private enum Permission { case granted, denied, undetermined }

    private var currentPermission: Permission {
        if #available(iOS 17.0, *) {
            switch AVAudioApplication.shared.recordPermission {
            case .granted: return .granted
            case .denied: return .denied
            default: return .undetermined
            }
        } else {
            switch AVAudioSession.sharedInstance().recordPermission {
            case .granted: return .granted
            case .denied: return .denied
            default: return .undetermined
            }
        }
    }

    private func requestPermission(_ completion: @escaping (Bool) -> Void) {
        if #available(iOS 17.0, *) {
            AVAudioApplication.requestRecordPermission { granted in
                DispatchQueue.main.async { completion(granted) }
            }
        } else {
            AVAudioSession.sharedInstance().requestRecordPermission { granted in
                DispatchQueue.main.async { completion(granted) }
            }
        }
    }

    private func beginRecording() {
        let session = AVAudioSession.sharedInstance()
        do {
            try session.setCategory(.playAndRecord, mode: .default, options: [.defaultToSpeaker, .allowBluetooth])
            try session.setActive(true)
        } catch {
            fail(Self.error(from: error))
            return
        }

        messageCount += 1
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("voice-message-\(messageCount).m4a")
        let settings: [String: Any] = [
            AVFormatIDKey: Int(kAudioFormatMPEG4AAC),
            AVSampleRateKey: 44_100,
            AVNumberOfChannelsKey: 1,
            AVEncoderAudioQualityKey: AVAudioQuality.high.rawValue,
        ]
        do {
            let recorder = try AVAudioRecorder(url: url, settings: settings)
            recorder.delegate = self
            recorder.isMeteringEnabled = true
            recorder.prepareToRecord()
            guard recorder.record(forDuration: Self.maximumDuration) else {
                deactivateSession()
                fail(.couldNotRecord(code: 0))
                return
            }
            self.recorder = recorder
        } catch {
            deactivateSession()
            fail(Self.error(from: error))
            return
        }
        stopReason = nil
        recordedDuration = 0
        lastError = nil
        state = .recording
        startMetering()
    }

    private static func error(from error: Error) -> VoiceMessageError {
        let error = error as NSError
        if error.domain == NSOSStatusErrorDomain,
            AVAudioSession.ErrorCode(rawValue: error.code) == .insufficientPriority
        {
            return .busyInCall
        }
        return .couldNotRecord(code: error.code)
    }

    private func fail(_ error: VoiceMessageError) {
        lastError = error
        delegate?.voiceMessageRecorder(self, didFailWith: error)
    }

    // MARK: Metering

    private func startMetering() {
        meterTimer?.invalidate()
        let timer = Timer(timeInterval: Self.meterInterval, repeats: true) { [weak self] _ in
            self?.updateMeter()
        }
        RunLoop.main.add(timer, forMode: .common)
        meterTimer = timer
    }

    private func updateMeter() {
        guard let recorder, recorder.isRecording else { return }
        recorder.updateMeters()
        recordedDuration = recorder.currentTime
        // -60 dB and below is silence on the waveform; 0 dB is full.
        let decibels = recorder.averagePower(forChannel: 0)
        level = max(0, min(1, (decibels + 60) / 60))
        delegate?.voiceMessageRecorder(self, didUpdateLevel: level)
    }

    private func stopMetering() {
        meterTimer?.invalidate()
        meterTimer = nil
        level = 0
    }

    // MARK: Interruptions

    /// A call or Siri: the system has paused the recorder; the message ends where it is.
    private func interruptionBegan() {
        switch state {
        case .recording:
            guard let recorder else { return }
            recordedDuration = recorder.currentTime
            stopReason = .interrupted
            recorder.stop()
        case .playing:
            player?.pause()
            finishPlaying()
        case .idle:
            break
        }
    }

    // MARK: AVAudioRecorderDelegate

    public func audioRecorderDidFinishRecording(_ recorder: AVAudioRecorder, successfully flag: Bool) {
        guard recorder === self.recorder else { return }
        let reachedLimit = stopReason == nil
        let duration = reachedLimit ? Self.maximumDuration : recordedDuration
        stopMetering()
        self.recorder = nil
        state = .idle
        deactivateSession()
        guard flag, stopReason != .cancelled, duration > 0 else { return }
        let message = VoiceMessage(url: recorder.url, duration: duration, reachedLimit: reachedLimit)
        lastMessage = message
        delegate?.voiceMessageRecorder(self, didFinish: message)
    }

    // MARK: Playback

    /// Plays the last message back before it is sent.
    public func playLastMessage() {
        guard state == .idle, let message = lastMessage else { return }
        do {
            try AVAudioSession.sharedInstance().setCategory(
                .playAndRecord, mode: .default,
                options: [.defaultToSpeaker, .allowBluetooth])
            try AVAudioSession.sharedInstance().setActive(true)
            let player = try AVAudioPlayer(contentsOf: message.url)
            player.delegate = self
            guard player.play() else {
                fail(.couldNotRecord(code: 0))
                return
            }
            self.player = player
            state = .playing
        } catch {
            fail(Self.error(from: error))
        }
    }

    public func stopPlaying() {
        guard state == .playing else { return }
        player?.stop()
        finishPlaying()
    }

    public func audioPlayerDidFinishPlaying(_ player: AVAudioPlayer, successfully flag: Bool) {
        guard player === self.player else { return }
        finishPlaying()
    }

    private func finishPlaying() {
        player = nil
        state = .idle
        deactivateSession()
        delegate?.voiceMessageRecorderDidFinishPlaying(self)
    }

    private func deactivateSession() {
        try? AVAudioSession.sharedInstance().setActive(false, options: .notifyOthersOnDeactivation)
    }
}
