import ArbiterEngine

/// `AVAudioRecorderDelegate`. Every method is optional, as in the SDK.
public protocol AVAudioRecorderDelegate: AnyObject {
    /// The recording was stopped by `stop()` or reached the end of `record(forDuration:)`; not called when an
    /// interruption pauses it.
    func audioRecorderDidFinishRecording(_ recorder: AVAudioRecorder, successfully flag: Bool)
    /// Declared; never called: the simulated recorder encodes nothing.
    func audioRecorderEncodeErrorDidOccur(_ recorder: AVAudioRecorder, error: Error?)
    /// The session was interrupted while the recorder recorded: it has been paused already (deprecated in iOS 8).
    func audioRecorderBeginInterruption(_ recorder: AVAudioRecorder)
    /// The interruption that paused the recorder ended; `flags` holds `shouldResume` (1) when the system suggests
    /// resuming (deprecated in iOS 8).
    func audioRecorderEndInterruption(_ recorder: AVAudioRecorder, withOptions flags: Int)
}

extension AVAudioRecorderDelegate {
    public func audioRecorderDidFinishRecording(_ recorder: AVAudioRecorder, successfully flag: Bool) {}
    public func audioRecorderEncodeErrorDidOccur(_ recorder: AVAudioRecorder, error: Error?) {}
    public func audioRecorderBeginInterruption(_ recorder: AVAudioRecorder) {}
    public func audioRecorderEndInterruption(_ recorder: AVAudioRecorder, withOptions flags: Int) {}
}

/// `AVAudioRecorder`: records in the app that made it. Every recorder of an app stands for the app's one recorder in
/// the engine (`recorder`): `record()` is the engine's `record` event, so the engine's rules apply (the category must
/// have input, recording in the background needs the audio mode and a non-mixable session, an interruption pauses
/// it, a call in progress refuses record categories). Nothing is written to disk: `url` is kept, the file is not
/// made. What it hears is `SimulatedPhone.microphoneLevel`, or silence without record permission (reference §1.2,
/// ASPG "Protecting User Privacy").
open class AVAudioRecorder: NSObject, @unchecked Sendable {
    let app: SimulatedApp?
    public let url: URL
    public let settings: [String: Any]
    /// The format the settings describe (sample rate and channels; 44,100 Hz mono when not given).
    public let format: AVAudioFormat
    open weak var delegate: AVAudioRecorderDelegate?

    private enum State { case stopped, recording, paused }
    private var state = State.stopped
    /// The engine recorder's position when this recording started: `currentTime` is measured from it.
    private var startPosition = 0.0
    /// `record(forDuration:)`'s length and the deadline that ends it.
    private var limit: TimeInterval?
    private var deadline: ScheduledWork?
    private var meterLevel: Float = -160

    /// The formats iOS encodes (MP3 is decoded only: asking to record it throws 'fmt?').
    static let encodable: [AudioFormatID] = [
        kAudioFormatLinearPCM, kAudioFormatMPEG4AAC, kAudioFormatAppleLossless,
        kAudioFormatAppleIMA4, kAudioFormatULaw, kAudioFormatALaw, kAudioFormatOpus,
    ]

    /// A recorder for `url` with `settings` (`AVFormatIDKey`, `AVSampleRateKey`, ...); throws
    /// kAudioFileUnsupportedDataFormatError ('fmt?') for a format iOS cannot encode (MP3).
    public init(url: URL, settings: [String: Any]) throws {
        app = SimulatedApp.current
        self.url = url
        self.settings = settings
        let formatID = AVAudioRecorder.number(settings[AVFormatIDKey]).map {
            AudioFormatID(truncatingIfNeeded: Int($0))
        }
        if let formatID, !AVAudioRecorder.encodable.contains(formatID) {
            throw NSError(
                domain: NSOSStatusErrorDomain, code: Int(kAudioFileUnsupportedDataFormatError),
                userInfo: [NSLocalizedDescriptionKey: "format \(formatID) cannot be recorded"])
        }
        let rate = AVAudioRecorder.number(settings[AVSampleRateKey]) ?? 44_100
        let channels = AVAudioRecorder.number(settings[AVNumberOfChannelsKey]) ?? 1
        format =
            AVAudioFormat(standardFormatWithSampleRate: rate, channels: AVAudioChannelCount(max(channels, 1)))
            ?? AVAudioFormat()
        super.init()
        if app == nil { Diagnostics.outsideApp("AVAudioRecorder.init") }
    }

    /// A recorder for `url` in `format`.
    public convenience init(url: URL, format: AVAudioFormat) throws {
        try self.init(url: url, settings: format.settings)
    }

    private static func number(_ value: Any?) -> Double? {
        switch value {
        case let value as Double: value
        case let value as Int: Double(value)
        case let value as UInt32: Double(value)
        case let value as Float: Double(value)
        case let value as NSNumber: value.doubleValue
        default: nil
        }
    }

    /// The app's recorder in the engine, once it has recorded.
    private var engineRecorder: Player? { app?.state?.players.first(where: \.kind.isRecorder) }

    /// The engine's name of the app's recorder (`recorder` unless the app declared another).
    public var engineName: String { engineRecorder?.name ?? "recorder" }

    /// Prepares the file; nothing to prepare here: true inside an app's code.
    @discardableResult
    open func prepareToRecord() -> Bool { app != nil }

    /// Starts or resumes recording (activating the session, as iOS does); false when the engine refuses it (a
    /// category without input, the background, a call in progress) or another recorder of the app is recording. The
    /// first recording asks for record permission when it is undetermined, as iOS prompts.
    @discardableResult
    open func record() -> Bool {
        guard let app else {
            Diagnostics.outsideApp("AVAudioRecorder.record()")
            return false
        }
        if isRecording { return true }
        if let other = app.recordingRecorder, other !== self, other.isRecording { return false }
        _ = app.askRecordPermission()
        let fresh = state == .stopped
        guard app.call(.record, api: "AVAudioRecorder(\(url.lastPathComponent)).record()").result == .succeeded
        else { return false }
        app.recordingRecorder = self
        if fresh { startPosition = engineRecorder?.position(at: app.now) ?? 0 }
        state = .recording
        scheduleLimit()
        return true
    }

    /// Records for `duration` seconds of recording, then stops as `stop()` does.
    @discardableResult
    open func record(forDuration duration: TimeInterval) -> Bool {
        guard record() else { return false }
        limit = duration
        scheduleLimit()
        return true
    }

    /// Starts recording at `time` on `deviceCurrentTime`'s clock (at once when it has passed).
    @discardableResult
    open func record(atTime time: TimeInterval) -> Bool {
        guard let app, time > deviceCurrentTime else { return record() }
        deadline?.cancel()
        deadline = app.schedule(at: .phoneSeconds(time)) { [weak self] in self?.record() }
        return true
    }

    @discardableResult
    open func record(atTime time: TimeInterval, forDuration duration: TimeInterval) -> Bool {
        guard let app, time > deviceCurrentTime else { return record(forDuration: duration) }
        deadline?.cancel()
        deadline = app.schedule(at: .phoneSeconds(time)) { [weak self] in self?.record(forDuration: duration) }
        return true
    }

    /// Pauses: the engine's recorder stops taking input; `record()` resumes the same recording.
    open func pause() {
        guard state == .recording, let app else { return }
        if engineRecorder?.isRunning == true {
            app.call(.stopRecording, api: "AVAudioRecorder(\(url.lastPathComponent)).pause()")
        }
        state = .paused
        deadline?.cancel()
    }

    /// Stops and closes the recording; the delegate hears `audioRecorderDidFinishRecording(_:successfully:)`.
    open func stop() {
        guard state != .stopped, let app else { return }
        if engineRecorder?.isRunning == true, app.recordingRecorder === self {
            app.call(.stopRecording, api: "AVAudioRecorder(\(url.lastPathComponent)).stop()")
        }
        finish()
    }

    private func finish() {
        state = .stopped
        limit = nil
        deadline?.cancel()
        deadline = nil
        delegate?.audioRecorderDidFinishRecording(self, successfully: true)
    }

    /// Stops at the end of `record(forDuration:)`'s length, counted in recorded time.
    private func scheduleLimit() {
        guard let app, let limit, isRecording else { return }
        deadline?.cancel()
        let left = max(limit - currentTime, 0)
        deadline = app.schedule(at: app.now + .phoneSeconds(left)) { [weak self] in
            guard let self, self.isRecording else { return }
            if self.currentTime >= limit - 0.000_5 { self.stop() } else { self.scheduleLimit() }
        }
    }

    /// Deletes the recording; false while recording. There is no file to delete.
    @discardableResult
    open func deleteRecording() -> Bool { state != .recording }

    /// Recording now: this recorder's recording is under way and the engine's recorder is running (an interruption
    /// pauses it).
    open var isRecording: Bool {
        state == .recording && app?.recordingRecorder === self && engineRecorder?.isRunning == true
    }

    /// Seconds recorded since the recording started (paused time excluded); 0 when stopped.
    open var currentTime: TimeInterval {
        guard state != .stopped, let app, let recorder = engineRecorder else { return 0 }
        return max(recorder.position(at: app.now) - startPosition, 0)
    }

    /// The phone's clock in seconds: the audio device's time, which `record(atTime:)` counts in.
    open var deviceCurrentTime: TimeInterval { app?.now.seconds ?? 0 }

    // MARK: Metering

    open var isMeteringEnabled = false

    /// Reads the level: `SimulatedPhone.microphoneLevel` while recording with permission and input not muted, else
    /// -160 (silence).
    open func updateMeters() {
        guard let app, isMeteringEnabled, isRecording, app.hearsMicrophone else {
            meterLevel = -160
            return
        }
        meterLevel = max(min(app.phone.microphoneLevel, 0), -160)
    }

    /// The level at the last `updateMeters()`, in dBFS (-160 silence, 0 full scale); -160 without metering.
    open func averagePower(forChannel channelNumber: Int) -> Float { isMeteringEnabled ? meterLevel : -160 }

    /// The peak at the last `updateMeters()`: the simulated microphone's level is steady, so the same as the average.
    open func peakPower(forChannel channelNumber: Int) -> Float { isMeteringEnabled ? meterLevel : -160 }
}
