/// A change the engine made, with the rule that made it.
public struct Decision: Hashable, Sendable, CustomStringConvertible {
    /// The app the decision is about; nil for the device.
    public var app: AppID?
    public var change: Change
    public var rule: Rule

    public init(app: consuming AppID?, change: consuming Change, rule: consuming Rule) {
        self.app = app
        self.change = change
        self.rule = rule
    }

    public var description: String {
        "\(app.map(\.name) ?? "device"): \(change)  [\(rule.id)]"
    }
}

/// What changed.
public enum Change: Hashable, Sendable, CustomStringConvertible {
    /// The session's configuration now in force (mode and options as in effect).
    case categorySet(Category, mode: Mode, options: CategoryOptions)
    /// The mode asked for is not supported by the category; the session behaves as `effective`.
    case modeDowngraded(requested: Mode, effective: Mode)
    case activated
    case deactivated
    case interrupted(by: Interrupter)
    /// The interruption is over (the app was told it ended).
    case interruptionEnded
    /// The interrupter went away without notifying: the app stays interrupted and is never told.
    case interruptionOrphaned
    case player(String, PlayerState)
    case lifecycle(AppLifecycle)
    /// The gain ramps to `to` over `over`.
    case gain(to: Double, over: Time)
    case audible(Bool)
    case nowPlaying(AppID?)
    case ringer(RingerSwitch)
    case locked(Bool)
    case call(CallState?)
    case siri(Bool)
    case alarm(Bool)
    case accessoryConnected(AccessorySpec)
    case accessoryDisconnected(AccessorySpec)
    /// The current route (of the session that owns the hardware) is now this.
    case route(Route)
    case overrideToSpeaker(Bool)
    case preferredInput(PortType?)
    indirect case nowPlayingInfo(NowPlayingInfo?)
    case commandsEnabled([RemoteCommand])
    /// A remote command reached the app's handler, which returned `status`.
    case remoteHandled(RemoteCommand, HandlerStatus)
    /// A remote command was not delivered.
    case remoteDropped(RemoteCommand)
    /// A remote command arrived while Siri held the session: the app keeps it until the interruption ends.
    case remoteQueued(RemoteCommand)
    /// The app applies a remote command it kept while Siri held the session.
    case remoteApplied(RemoteCommand)
    /// A player moved to another item.
    case playerItem(String, index: Int, title: String?)
    /// A player moved to a position (seconds).
    case playerPosition(String, Double)
    /// A player's playback rate changed.
    case playerRate(String, Double)
    /// The device went offline or came back.
    case network(down: Bool)
    /// A player's current item loaded, or failed to (`AVPlayerItem.status`).
    case playerItemStatus(String, ItemStatus)
    /// A player's buffer emptied or filled again.
    case playerBuffer(String, empty: Bool)
    /// A player asked to play started or stopped waiting for its stream.
    case playerWaiting(String, Bool)
    /// The app's code made a player of this kind, or re-declared one.
    case playerDeclared(String, PlayerKind)
    /// A player's video was put on or taken off the screen.
    case videoShown(String, Bool)
    /// The app's own code ran a reaction.
    case reacted(ReactionTrigger, Reaction)
    /// The session lost its state (media services reset).
    case sessionReset
    case mediaServices(lost: Bool)
    /// The app set one of its session's preferences.
    case sessionPreference(SessionPreference, Bool)
    /// The built-in microphone was muted or unmuted in hardware.
    case builtInMicMuted(Bool)
    /// The device woke from sleep.
    case woke

    public var description: String {
        switch self {
        case .categorySet(let category, let mode, let options):
            "category \(category) mode \(mode) options \(options)"
        case .modeDowngraded(let requested, let effective): "mode \(requested) behaves as \(effective)"
        case .activated: "session activated"
        case .deactivated: "session deactivated"
        case .interrupted(let by): "interrupted by \(by)"
        case .interruptionEnded: "interruption ended"
        case .interruptionOrphaned: "stays interrupted, never told to resume"
        case .player(let name, let state): "player \(name) \(state)"
        case .lifecycle(let lifecycle): "app \(lifecycle)"
        case .gain(let to, let over):
            over == .zero ? "gain \(Profile.text(to))" : "gain \(Profile.text(to)) over \(over)"
        case .audible(let audible): audible ? "audible" : "not audible"
        case .nowPlaying(let app): "Now Playing \(app.map(\.name) ?? "none")"
        case .ringer(let position): "ringer \(position)"
        case .locked(let locked): locked ? "screen locked" : "screen unlocked"
        case .call(let state): "call \(state.map(\.description) ?? "over")"
        case .siri(let on): on ? "Siri active" : "Siri done"
        case .alarm(let on): on ? "alarm sounding" : "alarm dismissed"
        case .accessoryConnected(let accessory): "\(accessory) connected"
        case .accessoryDisconnected(let accessory): "\(accessory) disconnected"
        case .route(let route): "route \(route)"
        case .overrideToSpeaker(let on): on ? "output overridden to speaker" : "output override cleared"
        case .preferredInput(let port): "preferred input \(port.map(\.rawValue) ?? "none")"
        case .nowPlayingInfo(let info):
            info == nil
                ? "Now Playing info cleared"
                : "Now Playing info published\(info?.title.map { " (\($0))" } ?? "")"
        case .commandsEnabled(let commands):
            "remote commands enabled [\(commands.map(\.rawValue).joined(separator: ", "))]"
        case .remoteHandled(let command, let status): "remote \(command) handled: \(status)"
        case .remoteDropped(let command): "remote \(command) not delivered"
        case .remoteQueued(let command): "remote \(command) kept until Siri is done"
        case .remoteApplied(let command): "applies remote \(command) kept while Siri held the session"
        case .playerItem(let name, let index, let title):
            "player \(name) item \(index + 1)\(title.map { " (\($0))" } ?? "")"
        case .playerPosition(let name, let seconds): "player \(name) at \(Profile.text(seconds))s"
        case .playerRate(let name, let rate): "player \(name) rate \(Profile.text(rate))"
        case .network(let down): down ? "network down" : "network up"
        case .playerItemStatus(let name, let status): "player \(name) item \(status)"
        case .playerBuffer(let name, let empty):
            empty ? "player \(name) buffer empty" : "player \(name) likely to keep up"
        case .playerWaiting(let name, let waiting):
            waiting ? "player \(name) waitingToPlayAtSpecifiedRate" : "player \(name) playing again"
        case .playerDeclared(let name, let kind): "player \(name) made as \(kind)"
        case .videoShown(let name, let shown): "player \(name) video \(shown ? "attached" : "detached")"
        case .reacted(let trigger, let reaction): "app code: on \(trigger) \(reaction)"
        case .sessionReset: "session reset to defaults"
        case .mediaServices(let lost): lost ? "media services lost" : "media services reset"
        case .sessionPreference(let preference, let value): "\(preference) \(value)"
        case .builtInMicMuted(let muted): muted ? "built-in mic muted" : "built-in mic unmuted"
        case .woke: "device woke from sleep"
        }
    }
}

/// An audio session preference an app can set (`setPrefers...`).
public enum SessionPreference: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// `prefersInterruptionOnRouteDisconnect` (iOS 17+).
    case interruptionOnRouteDisconnect = "prefersInterruptionOnRouteDisconnect"
    /// `prefersNoInterruptionsFromSystemAlerts` (iOS 14.5+).
    case noInterruptionsFromSystemAlerts = "prefersNoInterruptionsFromSystemAlerts"
    /// Voice processing on the app's audio I/O.
    case voiceProcessing = "voiceProcessing"
    public var description: String { rawValue }
}
