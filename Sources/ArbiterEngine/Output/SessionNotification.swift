/// A notification delivered to an app, with the rule that sent it.
public struct SessionNotification: Hashable, Sendable, CustomStringConvertible {
    public var app: AppID
    public var kind: NotificationKind
    public var rule: Rule

    public init(app: AppID, kind: NotificationKind, rule: Rule) {
        self.app = app
        self.kind = kind
        self.rule = rule
    }

    public var description: String { "\(app) ← \(kind)  [\(rule.id)]" }
}

/// The notifications an app can receive.
public enum NotificationKind: Hashable, Sendable, CustomStringConvertible {
    /// `interruptionNotification`, type began (1), with its reason.
    case interruptionBegan(reason: InterruptionReason)
    /// `interruptionNotification`, type ended (0), with or without shouldResume.
    case interruptionEnded(shouldResume: Bool)
    /// `silenceSecondaryAudioHintNotification`: begin (1) or end (0).
    case silenceSecondaryAudioHint(SecondaryAudioHint)
    /// `routeChangeNotification`, with its reason and the previous route.
    case routeChange(reason: RouteChangeReason, previous: Route)
    case mediaServicesWereLost
    case mediaServicesWereReset
    /// A remote command delivered to the app's handler, with the status the handler returned.
    case remoteCommand(RemoteCommand, status: HandlerStatus = .success)
    /// `MPMusicPlayerControllerPlaybackStateDidChange`, only after `beginGeneratingPlaybackNotifications`.
    case playbackStateChanged(player: String, PlayerState)
    /// `AVPlayerItemDidPlayToEndTime`: an AVPlayer's item played to its end.
    case didPlayToEndTime(player: String)

    public var description: String {
        switch self {
        case .interruptionBegan(let reason): "interruptionBegan reason=\(reason)"
        case .interruptionEnded(let resume): "interruptionEnded shouldResume=\(resume)"
        case .silenceSecondaryAudioHint(let type): "silenceSecondaryAudioHint type=\(type)"
        case .routeChange(let reason, let previous):
            "routeChange reason=\(reason) previousOutputs=[\(previous.outputs.map(\.description).joined(separator: ", "))]"
        case .mediaServicesWereLost: "mediaServicesWereLost"
        case .mediaServicesWereReset: "mediaServicesWereReset"
        case .remoteCommand(let command, let status):
            status == .success ? "remoteCommand \(command)" : "remoteCommand \(command) status=\(status)"
        case .playbackStateChanged(let player, let state): "playbackStateChanged \(player) \(state)"
        case .didPlayToEndTime(let player): "didPlayToEndTime \(player)"
        }
    }
}

/// `AVAudioSession.SilenceSecondaryAudioHintType`.
public enum SecondaryAudioHint: Int, Hashable, Sendable, CustomStringConvertible {
    case end = 0
    case begin = 1
    public var description: String { self == .begin ? "begin" : "end" }
}
