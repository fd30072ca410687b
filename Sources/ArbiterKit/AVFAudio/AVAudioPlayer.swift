import ArbiterEngine

/// `AVAudioPlayerDelegate`. Every method is optional, as in the SDK.
public protocol AVAudioPlayerDelegate: AnyObject {
    func audioPlayerDidFinishPlaying(_ player: AVAudioPlayer, successfully flag: Bool)
    func audioPlayerDecodeErrorDidOccur(_ player: AVAudioPlayer, error: Error?)
    /// The session was interrupted while the player played: it has been paused already (deprecated in iOS 8).
    func audioPlayerBeginInterruption(_ player: AVAudioPlayer)
    /// The interruption that paused the player ended; `flags` holds `shouldResume` (1) when the system suggests
    /// resuming (deprecated in iOS 8).
    func audioPlayerEndInterruption(_ player: AVAudioPlayer, withOptions flags: Int)
}

extension AVAudioPlayerDelegate {
    public func audioPlayerDidFinishPlaying(_ player: AVAudioPlayer, successfully flag: Bool) {}
    public func audioPlayerDecodeErrorDidOccur(_ player: AVAudioPlayer, error: Error?) {}
    public func audioPlayerBeginInterruption(_ player: AVAudioPlayer) {}
    public func audioPlayerEndInterruption(_ player: AVAudioPlayer, withOptions flags: Int) {}
}

/// `AVAudioPlayer`: plays a file in the app that made it. Its player in the engine is named after the file
/// (`episode.mp3` → `episode`), its duration from the phone's `media`.
open class AVAudioPlayer: NSObject, @unchecked Sendable {
    let app: SimulatedApp?
    /// The player's name in the engine.
    public private(set) var engineName = "audioPlayer"
    public let url: URL?
    /// The data the player was made with (`init(data:)`); nil for a file.
    public let data: Data?
    open weak var delegate: AVAudioPlayerDelegate?
    open var volume: Float = 1
    /// Kept and read back (-1 to 1), as `volume` is: what is heard is not modelled.
    open var pan: Float = 0 {
        didSet { pan = min(max(pan, -1), 1) }
    }
    open var enableRate = false
    private var item: PlayerItem
    /// Whether the player played its item to the end (and was not sought or played since): it starts again from
    /// the beginning, as iOS's does.
    var playedToEnd = false

    /// Loads the file at `url`; throws the error iOS gives for a file that does not open when the phone's media says
    /// it fails.
    public init(contentsOf url: URL) throws {
        app = SimulatedApp.current
        self.url = url
        data = nil
        item = app?.item(for: url) ?? PlayerItem()
        super.init()
        if item.fails {
            throw NSError(
                domain: NSOSStatusErrorDomain, code: 2_003_334_207,  // kAudioFileUnspecifiedError 'wht?'
                userInfo: [NSLocalizedDescriptionKey: "\(url.lastPathComponent) does not open"])
        }
        register(named: url.deletingPathExtension().lastPathComponent)
    }

    public convenience init(contentsOf url: URL, fileTypeHint utiString: String?) throws {
        try self.init(contentsOf: url)
    }

    public init(data: Data) throws {
        app = SimulatedApp.current
        url = nil
        self.data = data
        item = PlayerItem()
        super.init()
        register(named: "audioPlayer")
    }

    private func register(named name: String) {
        guard let app else {
            Diagnostics.outsideApp("AVAudioPlayer.init")
            return
        }
        engineName = app.register(self, kind: .audioPlayer, preferredName: name, items: [item])
    }

    private var enginePlayer: Player? { app?.state?.player(named: engineName) }

    @discardableResult
    private func perform(_ action: AppAction, _ api: String) -> Bool {
        guard let app else {
            Diagnostics.outsideApp("AVAudioPlayer.\(api)")
            return false
        }
        return app.call(action, api: "AVAudioPlayer(\(engineName)).\(api)").result == .succeeded
    }

    @discardableResult
    open func prepareToPlay() -> Bool { app != nil }

    /// Plays (activating the session if it is not active); false when the session cannot play. After the player
    /// played its item to the end it plays from the beginning: the call seeks to 0 first.
    @discardableResult
    open func play() -> Bool {
        if playedToEnd {
            playedToEnd = false
            perform(.seek(player: engineName, to: 0), "play() from the beginning")
        }
        return perform(.play(player: engineName), "play()") && isPlaying
    }

    /// Plays at `time` on `deviceCurrentTime`'s clock (the phone's), at once when it has passed; true when the start is
    /// scheduled. `pause()` and `stop()` before then cancel it.
    @discardableResult
    open func play(atTime time: TimeInterval) -> Bool {
        guard let app, time > deviceCurrentTime else { return play() }
        pendingStart?.cancel()
        pendingStart = app.schedule(at: .seconds(time)) { [weak self] in self?.play() }
        return pendingStart != nil
    }

    private var pendingStart: ScheduledWork?

    /// The phone's clock in seconds: the audio device's time, which `play(atTime:)` counts in.
    open var deviceCurrentTime: TimeInterval { app?.now.seconds ?? 0 }

    open func pause() {
        pendingStart?.cancel()
        perform(.pause(player: engineName), "pause()")
    }

    open func stop() {
        pendingStart?.cancel()
        perform(.stop(player: engineName), "stop()")
    }

    /// Sets `volume` to the target at once: the fade's course is not modelled, nor what the volume changes.
    open func setVolume(_ volume: Float, fadeDuration duration: TimeInterval) { self.volume = volume }

    /// The file's format as `AVAudioFile` reads it: 44,100 Hz stereo (the phone's media gives no format).
    open var format: AVAudioFormat { AVAudioFormat(standardFormatWithSampleRate: 44_100, channels: 2)! }
    open var numberOfChannels: Int { Int(format.channelCount) }
    open var settings: [String: Any] { format.settings }

    // MARK: Metering

    open var isMeteringEnabled = false
    private var reportedMeters = false

    /// With metering on, reported as not modelled (once for the player): the phone renders no sound to measure, so
    /// the levels read -160 (silence).
    open func updateMeters() {
        guard isMeteringEnabled, !reportedMeters else { return }
        reportedMeters = true
        Diagnostics.unmodelled("AVAudioPlayer(\(engineName)).updateMeters() (a player's levels)", app: app)
    }

    /// -160 dBFS: see `updateMeters()`.
    open func averagePower(forChannel channelNumber: Int) -> Float { -160 }
    open func peakPower(forChannel channelNumber: Int) -> Float { -160 }

    open var isPlaying: Bool { enginePlayer?.isRunning ?? false }

    open var duration: TimeInterval { item.duration ?? 0 }

    /// The position; 0 after the player played its item to the end (where `play()` starts again), as on iOS.
    open var currentTime: TimeInterval {
        get { playedToEnd ? 0 : enginePlayer.map { $0.position(at: app!.now) } ?? 0 }
        set {
            playedToEnd = false
            perform(.seek(player: engineName, to: newValue), "currentTime = \(newValue)")
        }
    }

    /// The playback rate, from 0.5 to 2; it changes playback only with `enableRate` set before playing.
    open var rate: Float = 1 {
        didSet {
            rate = min(max(rate, 0.5), 2)
            if enableRate { perform(.rate(player: engineName, Double(rate)), "rate = \(rate)") }
        }
    }

    /// How many times the sound repeats after its first play; -1 repeats until stopped.
    open var numberOfLoops: Int = 0 {
        didSet {
            var looped = item
            looped.duration = numberOfLoops < 0 ? nil : item.duration.map { $0 * Double(numberOfLoops + 1) }
            perform(.setItems(player: engineName, [looped]), "numberOfLoops = \(numberOfLoops)")
        }
    }
}
