import ArbiterEngine

/// `MPMusicPlaybackState`.
public enum MPMusicPlaybackState: Int, Sendable {
    case stopped = 0
    case playing, paused, interrupted, seekingForward, seekingBackward
}

/// `MPMusicPlayerController`: the system player drives the Music app (which plays in its own session, is Now Playing
/// and keeps playing when this app leaves); the application player plays in this app and stops when it goes to the
/// background. Each is one player of the running app, named `systemMusicPlayer` or `applicationMusicPlayer`.
open class MPMusicPlayerController: NSObject, @unchecked Sendable {
    let app: SimulatedApp?
    let kind: PlayerKind
    /// The player's name in the engine.
    public private(set) var engineName: String
    private var declaration: PlayerConfig

    init(kind: PlayerKind) {
        app = SimulatedApp.current
        self.kind = kind
        engineName = kind.rawValue
        declaration = PlayerConfig(name: kind.rawValue, kind: kind)
        super.init()
        guard let app else {
            Diagnostics.outsideApp("MPMusicPlayerController.\(kind.rawValue)")
            return
        }
        engineName = app.register(self, kind: kind, preferredName: kind.rawValue)
        declaration.name = engineName
    }

    /// The running app's handle on the Music app's player (one an app).
    open class var systemMusicPlayer: MPMusicPlayerController { shared(.systemMusicPlayer) }
    /// The running app's own music player (one an app).
    open class var applicationMusicPlayer: MPMusicPlayerController { shared(.applicationMusicPlayer) }
    /// The application queue player behaves as the application player here.
    open class var applicationQueuePlayer: MPMusicPlayerController { shared(.applicationMusicPlayer) }

    private static func shared(_ kind: PlayerKind) -> MPMusicPlayerController {
        guard let app = SimulatedApp.current else { return MPMusicPlayerController(kind: kind) }
        if let existing = app.player(named: kind.rawValue) as? MPMusicPlayerController { return existing }
        return MPMusicPlayerController(kind: kind)
    }

    private var enginePlayer: Player? {
        guard let app else { return nil }
        return app.phone.engine.player(engineName, of: app.name)
    }

    private func perform(_ action: AppAction, _ api: String) {
        guard let app else { return Diagnostics.outsideApp("MPMusicPlayerController.\(api)") }
        app.call(action, api: "MPMusicPlayerController.\(kind.rawValue).\(api)")
    }

    open func play() { perform(.play(player: engineName), "play()") }
    open func pause() { perform(.pause(player: engineName), "pause()") }
    open func stop() { perform(.stop(player: engineName), "stop()") }
    open func skipToNextItem() { perform(.nextTrack(player: engineName), "skipToNextItem()") }
    open func prepareToPlay() {}

    /// Sets the queue to these store IDs: items without a known duration, titled by ID.
    open func setQueue(with storeIDs: [String]) {
        perform(.setItems(player: engineName, storeIDs.map { PlayerItem(title: $0) }), "setQueue(with: \(storeIDs))")
    }

    open var playbackState: MPMusicPlaybackState {
        guard let player = enginePlayer else { return .stopped }
        switch player.state {
        case .playing: return .playing
        case .paused: return player.pausedByInterruption ? .interrupted : .paused
        case .stopped: return .stopped
        }
    }

    open var currentPlaybackTime: TimeInterval {
        get { enginePlayer.map { $0.position(at: app!.now) } ?? 0 }
        set { perform(.seek(player: engineName, to: newValue), "currentPlaybackTime = \(newValue)") }
    }

    open var currentPlaybackRate: Float {
        get { Float(enginePlayer?.effectiveRate ?? 0) }
        set {
            if newValue == 0 {
                pause()
            } else {
                perform(.rate(player: engineName, Double(newValue)), "currentPlaybackRate = \(newValue)")
            }
        }
    }

    /// Playback notifications are posted only after this call.
    open func beginGeneratingPlaybackNotifications() {
        setNotifications(true, "beginGeneratingPlaybackNotifications()")
    }

    open func endGeneratingPlaybackNotifications() {
        setNotifications(false, "endGeneratingPlaybackNotifications()")
    }

    private func setNotifications(_ on: Bool, _ api: String) {
        declaration.generatesPlaybackNotifications = on
        perform(.declarePlayer(declaration), api)
    }
}

extension NSNotification.Name {
    public static let MPMusicPlayerControllerPlaybackStateDidChange =
        NSNotification.Name("MPMusicPlayerControllerPlaybackStateDidChangeNotification")
    public static let MPMusicPlayerControllerNowPlayingItemDidChange =
        NSNotification.Name("MPMusicPlayerControllerNowPlayingItemDidChangeNotification")
}
