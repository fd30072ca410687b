import ArbiterAndroid
import ArbiterEngine

/// One expectation of an Android scenario: a key in an `expect:` step and the value it must have.
public struct AndroidCheck: WrittenCheck {
    /// The key's position, reported when the check fails.
    public var position: SourcePosition
    /// What is checked, and the value expected.
    public var subject: AndroidCheckSubject

    /// A check written at `position`.
    public init(position: SourcePosition, subject: AndroidCheckSubject) {
        self.position = position
        self.subject = subject
    }
}

/// What is checked.
public enum AndroidCheckSubject: Sendable {
    /// Who holds focus (`focus:`); nil: no one.
    case focusOwner(FocusOwner?)
    /// The phone's stack, top first (`stack:`).
    case stack([FocusOwner])
    /// The car's focus holders (`holders:`), in any order; on a phone, the top of the stack alone.
    case holders([FocusOwner])
    /// Whether a notification sound asking to play now would play.
    case notificationSoundPlays(Bool)
    case app(AppID, AndroidAppProperty)
    /// One of the system's clients (`call`, `assistant`, `alarm`): `focus`, `request` or `ducked`.
    case system(FocusOwner, AndroidAppProperty)
    /// The car's waiting losers (`losers:`), in any order, each with its blockers when the check lists them.
    case losers([CarLoserPattern])
    /// The car's delayed request (`delayed:`); nil: none waits.
    case delayed(FocusOwner?)
    /// The contexts the car's ducking table ducks now (`duckedContexts:`), in any order.
    case duckedContexts([CarAudioContext])
    /// The focus changes delivered since the previous `expect`, in order, exactly.
    case events([FocusEventPattern])
    /// Each listed focus change was delivered since the previous `expect`, among others.
    case eventsInclude([FocusEventPattern])
    /// Exactly the listed focus changes were delivered since the previous `expect`, in any order.
    case eventsAnyOrder([FocusEventPattern])

    /// The key as written in the file: `focus`, `Music.volume`, `Music.players.main`, `events.includes`.
    public var key: String {
        switch self {
        case .focusOwner: "focus"
        case .stack: "stack"
        case .holders: "holders"
        case .notificationSoundPlays: "notificationSoundPlays"
        case .app(let app, let property): "\(app).\(property.key)"
        case .system(let owner, let property): "\(owner).\(property.key)"
        case .losers: "losers"
        case .delayed: "delayed"
        case .duckedContexts: "duckedContexts"
        case .events: "events"
        case .eventsInclude: "events.includes"
        case .eventsAnyOrder: "events.anyOrder"
        }
    }
}

/// One of the car's waiting losers, as a check names it: `Music`, or `Music: [Maps]` with its blockers.
public struct CarLoserPattern: Hashable, Sendable, CustomStringConvertible {
    /// Who waits.
    public var owner: FocusOwner
    /// Its blockers, in any order; nil: not checked.
    public var blockers: [FocusOwner]?

    /// A loser, and its blockers when they are checked.
    public init(owner: FocusOwner, blockers: [FocusOwner]? = nil) {
        self.owner = owner
        self.blockers = blockers
    }

    /// `Music` or `Music: [Maps, call]`.
    public var description: String {
        guard let blockers else { return owner.description }
        return "\(owner): [" + blockers.map(\.description).joined(separator: ", ") + "]"
    }
}

/// An app's property in an Android check, and its expected value.
public enum AndroidAppProperty: Sendable {
    /// `gain`, `lossTransient`, `lossTransientCanDuck`, `loss`, `delayed` or `none`.
    case focus(FocusStatus)
    /// The last request's result; nil: it never asked.
    case request(FocusRequestResult?)
    /// A player is started.
    case playing(Bool)
    /// A player is started and its volume is above 0.
    case audible(Bool)
    /// The first player's volume: its own × duck × fade × mute (within 1 % of the value expected).
    case volume(Double)
    case ducked(Bool)
    case faded(Bool)
    case muted(Bool)
    /// A player's state: `players: { main: started }`.
    case player(String, AndroidPlayerState)
    /// A player's volume: `players: { main: { volume: 0.2 } }` (within 1 % of the value expected).
    case playerVolume(String, Double)
    /// This app's focus changes since the previous `expect`, in order.
    case events([FocusChange])
    /// Each of these was delivered to this app since the previous `expect`, among others.
    case eventsInclude([FocusChange])
    /// Exactly these were delivered to this app since the previous `expect`, in any order.
    case eventsAnyOrder([FocusChange])

    /// The key as written in the file.
    public var key: String {
        switch self {
        case .focus: "focus"
        case .request: "request"
        case .playing: "playing"
        case .audible: "audible"
        case .volume: "volume"
        case .ducked: "ducked"
        case .faded: "faded"
        case .muted: "muted"
        case .player(let name, _): "players.\(name)"
        case .playerVolume(let name, _): "players.\(name).volume"
        case .events: "events"
        case .eventsInclude: "events.includes"
        case .eventsAnyOrder: "events.anyOrder"
        }
    }
}

/// A focus change to look for: the app told, and the change.
public struct FocusEventPattern: Hashable, Sendable, CustomStringConvertible {
    /// The app whose listener is told.
    public var app: AppID
    /// `gain`, `loss`, `lossTransient` or `lossTransientCanDuck`.
    public var change: FocusChange

    /// A pattern for `change` delivered to `app`.
    public init(app: AppID, change: FocusChange) {
        self.app = app
        self.change = change
    }

    /// Whether `notification` is this change delivered to this app.
    public func matches(_ notification: FocusNotification) -> Bool {
        notification.app == app && notification.change == change
    }

    /// `Music: lossTransient`.
    public var description: String { "\(app): \(change)" }
}
