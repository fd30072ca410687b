/// `AVPlayerLayer`: shows a player's video, a `CALayer` that joins a view's layer. A player on a layer has its video
/// on screen, so iOS pauses it when the app goes to the background; setting `player` to nil takes the video off
/// (QA1668's detach), and back on reattaches.
open class AVPlayerLayer: CALayer, @unchecked Sendable {
    open var videoGravity = AVLayerVideoGravity.resizeAspect

    open var player: AVPlayer? {
        didSet {
            guard oldValue !== player else { return }
            if let oldValue {
                oldValue.perform(.showVideo(player: oldValue.engineName, false), "AVPlayerLayer.player = nil")
            }
            if let player {
                player.perform(.showVideo(player: player.engineName, true), "AVPlayerLayer.player = player")
            }
        }
    }

    public override init() { super.init() }

    /// Ready for display at once: the simulated phone draws no frames, and has nothing to wait for.
    open var isReadyForDisplay: Bool { player != nil }
    /// The rectangle the video fills: the layer's bounds.
    open var videoRect: CGRect { bounds }

    public init(player: AVPlayer?) {
        super.init()
        self.player = player
        if let player { player.perform(.showVideo(player: player.engineName, true), "AVPlayerLayer(player:)") }
    }
}

/// `AVLayerVideoGravity`.
public struct AVLayerVideoGravity: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let resizeAspect = AVLayerVideoGravity(rawValue: "AVLayerVideoGravityResizeAspect")
    public static let resizeAspectFill = AVLayerVideoGravity(rawValue: "AVLayerVideoGravityResizeAspectFill")
    public static let resize = AVLayerVideoGravity(rawValue: "AVLayerVideoGravityResize")
}
