import ArbiterEngine

/// One expectation: a key in an `expect:` step and the value it must have.
public struct Check: WrittenCheck {
    /// The key's position, reported when the check fails.
    public var position: SourcePosition
    public var subject: CheckSubject

    public init(position: SourcePosition, subject: CheckSubject) {
        self.position = position
        self.subject = subject
    }
}

/// What is checked.
public enum CheckSubject: Sendable {
    case app(AppID, AppProperty)
    case route(outputs: [PortType]?, inputs: [PortType]?)
    /// nil expects nothing to be Now Playing.
    case nowPlaying(NowPlayingPattern?)
    /// The notifications since the previous `expect`, in order, exactly.
    case events([EventPattern])
    /// Each listed notification was delivered since the previous `expect`, among others.
    case eventsInclude([EventPattern])
    /// Exactly the listed notifications were delivered since the previous `expect`, in any order.
    case eventsAnyOrder([EventPattern])
}

/// An app property and its expected value.
public enum AppProperty: Sendable {
    case active(Bool)
    case interrupted(Bool)
    case playing(Bool)
    case recording(Bool)
    case audible(Bool)
    case gain(Double)
    case ducked(Bool)
    case mixable(Bool)
    case category(Category)
    case mode(Mode)
    case options(CategoryOptions)
    case state(AppLifecycle)
    case nowPlaying(Bool)
    case otherAudioPlaying(Bool)
    case secondaryAudioShouldBeSilenced(Bool)
    case player(String, PlayerState)
    /// One field of a player, from the long form `players: { main: { state, item, position, rate } }`.
    case playerField(String, PlayerField)
    /// This app's notifications since the previous `expect`, in order.
    case events([EventPattern])

    /// The key as written in the file.
    public var key: String {
        switch self {
        case .active: "active"
        case .interrupted: "interrupted"
        case .playing: "playing"
        case .recording: "recording"
        case .audible: "audible"
        case .gain: "gain"
        case .ducked: "ducked"
        case .mixable: "mixable"
        case .category: "category"
        case .mode: "mode"
        case .options: "options"
        case .state: "state"
        case .nowPlaying: "nowPlaying"
        case .otherAudioPlaying: "otherAudioPlaying"
        case .secondaryAudioShouldBeSilenced: "secondaryAudioShouldBeSilenced"
        case .player(let name, _): "players.\(name)"
        case .playerField(let name, let field): "players.\(name).\(field.key)"
        case .events: "events"
        }
    }
}

/// A player's own clock and item, as a check reads them (a systemMusicPlayer's are the Music app's player's).
public enum PlayerField: Sendable {
    /// The current item's title; nil: the player has no current item (or it has no title).
    case item(String?)
    /// Seconds into the current item at the check's instant (within 0.01).
    case position(Double)
    /// The playback rate asked for (within 0.01).
    case rate(Double)
    /// `AVPlayerItem.status` of the current item.
    case itemStatus(ItemStatus)
    /// `AVPlayer.timeControlStatus`.
    case timeControlStatus(TimeControlStatus)
    /// `isPlaybackBufferEmpty`.
    case bufferEmpty(Bool)
    /// `isPlaybackLikelyToKeepUp` (here: the buffer is not empty).
    case likelyToKeepUp(Bool)

    public var key: String {
        switch self {
        case .item: "item"
        case .position: "position"
        case .rate: "rate"
        case .itemStatus: "status"
        case .timeControlStatus: "timeControlStatus"
        case .bufferEmpty: "playbackBufferEmpty"
        case .likelyToKeepUp: "playbackLikelyToKeepUp"
        }
    }
}

/// What the lock screen must show: the app, and any of title, elapsed, duration and rate.
public struct NowPlayingPattern: Sendable {
    /// nil: any app.
    public var app: AppID?
    public var title: String?
    public var elapsed: Double?
    public var duration: Double?
    public var rate: Double?
}

/// A notification to look for: the app, its kind, and any fields that must match.
public struct EventPattern: Sendable, CustomStringConvertible {
    public var app: AppID
    /// The notification's name (`interruptionBegan`, `routeChange`, ...).
    public var name: String
    public var reason: InterruptionReason?
    public var shouldResume: Bool?
    public var routeReason: RouteChangeReason?
    public var previousOutputs: [PortType]?
    public var hintType: SecondaryAudioHint?
    public var command: RemoteCommand?
    /// For remoteCommand: the status the app's handler returned.
    public var handlerStatus: HandlerStatus?
    public var player: String?
    public var playerState: PlayerState?

    public init(app: AppID, name: String) {
        self.app = app
        self.name = name
    }

    public func matches(_ notification: SessionNotification) -> Bool {
        guard notification.app == app, NotificationName(notification.kind).rawValue == name else { return false }
        switch notification.kind {
        case .interruptionBegan(let actual): return reason == nil || reason == actual
        case .interruptionEnded(let actual): return shouldResume == nil || shouldResume == actual
        case .routeChange(let actualReason, let previous):
            return (routeReason == nil || routeReason == actualReason)
                && (previousOutputs == nil || PortType.sameInAnyOrder(previousOutputs!, previous.outputTypes))
        case .silenceSecondaryAudioHint(let actual): return hintType == nil || hintType == actual
        case .mediaServicesWereLost, .mediaServicesWereReset: return true
        case .remoteCommand(let actual, let actualStatus):
            return (command == nil || command == actual) && (handlerStatus == nil || handlerStatus == actualStatus)
        case .playbackStateChanged(let actualPlayer, let actualState):
            return (player == nil || player == actualPlayer) && (playerState == nil || playerState == actualState)
        case .didPlayToEndTime(let actualPlayer): return player == nil || player == actualPlayer
        }
    }

    /// `Music: interruptionBegan {reason: default}`.
    public var description: String {
        var fields: [String] = []
        if let reason { fields.append("reason: \(reason)") }
        if let shouldResume { fields.append("shouldResume: \(shouldResume)") }
        if let routeReason { fields.append("reason: \(routeReason)") }
        if let previousOutputs {
            fields.append("previousOutputs: [\(previousOutputs.map(\.rawValue).joined(separator: ", "))]")
        }
        if let hintType { fields.append("type: \(hintType)") }
        if let command { fields.append("command: \(command)") }
        if let handlerStatus { fields.append("status: \(handlerStatus)") }
        if let player { fields.append("player: \(player)") }
        if let playerState { fields.append("state: \(playerState)") }
        return "\(app): \(name)" + (fields.isEmpty ? "" : " {\(fields.joined(separator: ", "))}")
    }
}

extension PortType {
    /// Whether two lists hold the same ports, each as often, in any order: iOS documents no order among the ports
    /// of one route (multiRoute drives several outputs at once).
    static func sameInAnyOrder(_ a: [PortType], _ b: [PortType]) -> Bool {
        a.count == b.count && a.map(\.rawValue).sorted() == b.map(\.rawValue).sorted()
    }
}
