import ArbiterEngine

/// `AVAsset` / `AVURLAsset`: what an item plays.
open class AVAsset: NSObject, @unchecked Sendable {
    public let url: URL?
    init(url: URL?) { self.url = url }
}

open class AVURLAsset: AVAsset, @unchecked Sendable {
    public init(url URL: URL, options: [String: Any]? = nil) { super.init(url: URL) }
}

/// `AVPlayerItem`: one item a player plays. Its status and buffer are the engine's for the player's current item:
/// a file is ready at once (unless the phone's media says it fails); an `http(s)` item loads once its player is asked
/// to play while the network is up, and its buffer empties while the network is down.
open class AVPlayerItem: NSObject, _KeyValueObservingSimulated, @unchecked Sendable {
    /// `AVPlayerItem.Status`.
    public enum Status: Int, Sendable {
        case unknown = 0, readyToPlay, failed
    }

    public let asset: AVAsset
    let app: SimulatedApp?
    /// The player whose item this is, while it is.
    weak var player: AVPlayer?

    public init(url URL: URL) {
        asset = AVURLAsset(url: URL)
        app = SimulatedApp.current
    }

    public init(asset: AVAsset) {
        self.asset = asset
        app = SimulatedApp.current
    }

    public var _observingApp: SimulatedApp? { app }

    /// The engine's item for this one: its title, duration and whether it fails.
    var engineItem: PlayerItem { app?.item(for: asset.url) ?? PlayerItem() }
    var streams: Bool { ["http", "https"].contains(asset.url?.scheme?.lowercased() ?? "") }

    private var enginePlayer: Player? {
        guard let player, player.currentItem === self else { return nil }
        return player.enginePlayer
    }

    open var status: Status {
        switch enginePlayer?.itemStatus {
        case .readyToPlay?: .readyToPlay
        case .failed?: .failed
        case .unknown?, nil: .unknown
        }
    }

    open var error: Error? {
        status == .failed ? NSError(domain: "AVFoundationErrorDomain", code: -11800,
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
}

extension NSNotification.Name {
    /// Posted with the item as its object when an item played to its end.
    public static let AVPlayerItemDidPlayToEndTime = NSNotification.Name("AVPlayerItemDidPlayToEndTimeNotification")
    public static let AVPlayerItemFailedToPlayToEndTime = NSNotification.Name("AVPlayerItemFailedToPlayToEndTimeNotification")
    public static let AVPlayerItemPlaybackStalled = NSNotification.Name("AVPlayerItemPlaybackStalledNotification")
}
