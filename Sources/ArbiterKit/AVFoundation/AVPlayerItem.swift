import ArbiterEngine

/// `AVPlayerItem`: one item a player plays. Its status and buffer are the engine's for the player's current item:
/// a file is ready at once (unless the phone's media says it fails); an `http(s)` item loads once its player is asked
/// to play while the network is up, and its buffer empties while the network is down.
open class AVPlayerItem: NSObject, _KeyValueObservingSimulated, @unchecked Sendable {
    /// `AVPlayerItem.Status`.
    public enum Status: Int, Sendable {
        case unknown = 0
        case readyToPlay, failed
    }

    public let asset: AVAsset
    let app: SimulatedApp?
    /// The player whose item this is, while it is.
    weak var player: AVPlayer?
    /// The outputs added to the item (`AVPlayerItemOutput`).
    var itemOutputs: [AVPlayerItemOutput] = []

    public init(url URL: URL) {
        asset = AVURLAsset(url: URL)
        app = SimulatedApp.current
    }

    public init(asset: AVAsset) {
        self.asset = asset
        app = SimulatedApp.current
    }

    /// The keys are loaded as `loadValuesAsynchronously(forKeys:)` loads them: at once.
    public convenience init(asset: AVAsset, automaticallyLoadedAssetKeys: [String]?) {
        self.init(asset: asset)
        asset.loadValuesAsynchronously(forKeys: automaticallyLoadedAssetKeys ?? [], completionHandler: nil)
    }

    public var _observingApp: SimulatedApp? { app }

    /// The engine's item for this one: its title, duration and whether it fails.
    var engineItem: PlayerItem { app?.item(for: asset.assetURL) ?? PlayerItem() }
    var streams: Bool { ["http", "https"].contains(asset.assetURL?.scheme?.lowercased() ?? "") }

    private var enginePlayer: Player? {
        guard let player, player.currentItem === self else { return nil }
        return player.enginePlayer
    }

    /// The item's status as the app's code sees it. A change (a local file ready as soon as a player has it) is
    /// seen only once the code that caused it has returned: the phone shows it with its next piece of work at the
    /// same instant, as iOS loads an item after the call that gave it to a player. So an observer added on the line
    /// after `replaceCurrentItem(with:)` sees `.readyToPlay` arrive, and so do `duration` and the time ranges.
    open var status: Status {
        let now = engineStatus
        guard now != shownStatus else { return shownStatus }
        guard let app, app.isOnRunningPhone, !(SimulatedApp.current == nil && app.runningPhone?.codeRunning == 0)
        else {
            shownStatus = now
            return now
        }
        if !revealScheduled {
            revealScheduled = true
            app.schedule(after: .zero, on: .main) { [weak self] in
                guard let self else { return }
                revealScheduled = false
                shownStatus = engineStatus
                app.observedValuesMayHaveChanged = true
            }
        }
        return shownStatus
    }

    /// `AVPlayerItemTimeJumped`, posted to the app's `NotificationCenter.default` (object: the item) after its time
    /// jumped (a seek), with the phone's next piece of work at that instant, as iOS posts it after the seek.
    func timeJumped() {
        guard let app, app.isOnRunningPhone else { return }
        app.schedule(after: .zero, on: .main) { [weak self] in
            guard let self else { return }
            app.notificationCenter.post(name: .AVPlayerItemTimeJumped, object: self)
        }
    }

    /// `AVPlayerItemPlaybackStalled`, posted when the item's buffer runs out while its player plays it (a stream
    /// while the network is down): called after each step, as KVO is.
    func postStallIfBufferRanOut() {
        let empty = isPlaybackBufferEmpty && status == .readyToPlay
        defer { bufferWasEmpty = empty }
        guard empty, !bufferWasEmpty, let player, player.currentItem === self, player.rate > 0, let app else { return }
        app.notificationCenter.post(name: .AVPlayerItemPlaybackStalled, object: self)
    }

    private var bufferWasEmpty = false

    private var shownStatus: Status = .unknown
    private var revealScheduled = false

    /// The status of the engine's item, while this is its player's current item.
    private var engineStatus: Status {
        switch enginePlayer?.itemStatus {
        case .readyToPlay?: .readyToPlay
        case .failed?: .failed
        case .unknown?, nil: .unknown
        }
    }

    open var error: Error? {
        status == .failed
            ? NSError(
                domain: "AVFoundationErrorDomain", code: -11800,
                userInfo: [NSLocalizedDescriptionKey: "The operation could not be completed"]) : nil
    }

    open var isPlaybackBufferEmpty: Bool { enginePlayer?.isBufferEmpty ?? true }
    open var isPlaybackLikelyToKeepUp: Bool { status == .readyToPlay && !(enginePlayer?.isBufferEmpty ?? true) }
    open var isPlaybackBufferFull: Bool { isPlaybackLikelyToKeepUp }

    /// The duration from the phone's media; indefinite when unknown or not loaded yet.
    open var duration: CMTime { status == .readyToPlay ? .seconds(engineItem.duration) : .indefinite }

    open func currentTime() -> CMTime {
        guard let app, let player = enginePlayer else { return .zero }
        return .seconds(player.position(at: app.now))
    }

    // MARK: Time ranges

    /// The ranges a seek can reach: the whole item once it is ready (to +infinity when its media gives no
    /// duration); none before.
    open var seekableTimeRanges: [NSValue] {
        guard status == .readyToPlay else { return [] }
        let end: CMTime = engineItem.duration.map { .seconds($0) } ?? .positiveInfinity
        return [NSValue(timeRange: CMTimeRange(start: .zero, end: end))]
    }

    /// `seekableTimeRanges`, by the name ArbiterKit gave it before (iOS's is `seekableTimeRanges`).
    public var seekableRanges: [NSValue] { seekableTimeRanges }

    /// What is loaded: a ready file is loaded whole (to its duration); none before. How much of a stream is
    /// buffered is not modelled: for a streamed item this is reported once, by name, and is empty.
    open var loadedTimeRanges: [NSValue] {
        guard status == .readyToPlay else { return [] }
        if streams {
            if !reportedStreamRanges {
                reportedStreamRanges = true
                Diagnostics.unmodelled("AVPlayerItem.loadedTimeRanges of a streamed item", app: app)
            }
            return []
        }
        guard let duration = engineItem.duration else { return [] }
        return [NSValue(timeRange: CMTimeRange(start: .zero, duration: .seconds(duration)))]
    }

    private var reportedStreamRanges = false

    // MARK: Kept and read back

    /// Metadata the app gives the item (what AVPlayerViewController shows): kept and read back.
    open var externalMetadata: [AVMetadataItem] = []
    /// Kept and read back; the engine buffers a stream without a duration of its own.
    open var preferredForwardBufferDuration: TimeInterval = 0
    /// Kept and read back.
    open var canUseNetworkResourcesForLiveStreamingWhilePaused = false
    /// Kept and read back.
    open var preferredPeakBitRate: Double = 0
    /// Kept and read back.
    open var automaticallyPreservesTimeOffsetFromLive = false
    /// Kept and read back; what is heard at a rate other than 1 is not modelled.
    open var audioTimePitchAlgorithm: AVAudioTimePitchAlgorithm = .timeDomain

    /// Where playing forward stops; `invalid` (the default) is the item's end. Another time is reported as not
    /// modelled (the engine plays an item to its end) and kept.
    open var forwardPlaybackEndTime: CMTime = .invalid {
        didSet {
            if forwardPlaybackEndTime.isValid {
                Diagnostics.unmodelled("AVPlayerItem.forwardPlaybackEndTime", app: app)
            }
        }
    }
}

/// `AVAudioTimePitchAlgorithm`.
public struct AVAudioTimePitchAlgorithm: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let timeDomain = AVAudioTimePitchAlgorithm(rawValue: "TimeDomain")
    public static let spectral = AVAudioTimePitchAlgorithm(rawValue: "Spectral")
    public static let varispeed = AVAudioTimePitchAlgorithm(rawValue: "Varispeed")
}

/// The key of the error in an `AVPlayerItemFailedToPlayToEndTime` notification's user info.
public let AVPlayerItemFailedToPlayToEndTimeErrorKey = "AVPlayerItemFailedToPlayToEndTimeErrorKey"

extension AVPlayerItem {
    /// The notifications by their Swift names (the same names as `NSNotification.Name.AVPlayerItem...`).
    public static let didPlayToEndTimeNotification = NSNotification.Name.AVPlayerItemDidPlayToEndTime
    public static let failedToPlayToEndTimeNotification = NSNotification.Name.AVPlayerItemFailedToPlayToEndTime
    public static let playbackStalledNotification = NSNotification.Name.AVPlayerItemPlaybackStalled
    public static let timeJumpedNotification = NSNotification.Name.AVPlayerItemTimeJumped
    public static let newAccessLogEntryNotification = NSNotification.Name.AVPlayerItemNewAccessLogEntry
    public static let newErrorLogEntryNotification = NSNotification.Name.AVPlayerItemNewErrorLogEntry
}

extension NSNotification.Name {
    /// Declared, never posted: the item's time jumping, and its access and error logs, are not modelled.
    public static let AVPlayerItemTimeJumped = NSNotification.Name("AVPlayerItemTimeJumpedNotification")
    public static let AVPlayerItemNewAccessLogEntry = NSNotification.Name("AVPlayerItemNewAccessLogEntryNotification")
    public static let AVPlayerItemNewErrorLogEntry = NSNotification.Name("AVPlayerItemNewErrorLogEntryNotification")
    /// Posted with the item as its object when an item played to its end.
    public static let AVPlayerItemDidPlayToEndTime = NSNotification.Name("AVPlayerItemDidPlayToEndTimeNotification")
    public static let AVPlayerItemFailedToPlayToEndTime = NSNotification.Name(
        "AVPlayerItemFailedToPlayToEndTimeNotification")
    public static let AVPlayerItemPlaybackStalled = NSNotification.Name("AVPlayerItemPlaybackStalledNotification")
}
