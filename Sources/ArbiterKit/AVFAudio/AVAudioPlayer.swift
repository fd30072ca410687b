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
    open weak var delegate: AVAudioPlayerDelegate?
    open var volume: Float = 1
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
        item = app?.item(for: url) ?? PlayerItem()
        super.init()
        if item.fails {
            throw NSError(domain: NSOSStatusErrorDomain, code: 2_003_334_207,   // kAudioFileUnspecifiedError 'wht?'
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

    open func pause() { perform(.pause(player: engineName), "pause()") }

    open func stop() { perform(.stop(player: engineName), "stop()") }

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
