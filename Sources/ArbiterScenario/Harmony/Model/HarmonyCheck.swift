import ArbiterEngine
import ArbiterHarmony

/// One expectation of a HarmonyOS scenario: a key in an `expect:` step and the value it must have.
public struct HarmonyCheck: WrittenCheck {
    public var position: SourcePosition
    public var subject: HarmonyCheckSubject

    public init(position: SourcePosition, subject: HarmonyCheckSubject) {
        self.position = position
        self.subject = subject
    }
}

/// What is checked.
public enum HarmonyCheckSubject: Sendable {
    /// The streams that hold focus and play (active or ducked), in the focus list's order (`focus:`).
    case focusHolders([StreamOwner])
    /// The whole focus list with each entry's state (`focusList:`).
    case focusList([String])
    /// A stream's property (`Music: { state: running }` for an app's first stream, or `streams: { player: ... }`).
    case stream(StreamOwner, StreamProperty)
    /// The app's AudioSession strategy (`session:`); nil: inactive.
    case session(AppID, ConcurrencyMode?)
    /// The scene of the app's active AudioSession (`sessionScene:`); nil: none (no scene, or inactive).
    case sessionScene(AppID, SessionScene?)
    /// The interrupt events and session events delivered since the previous `expect`.
    case events([HarmonyEventPattern], EventsMatching)

    /// The key as written in the file.
    public var key: String {
        switch self {
        case .focusHolders: "focus"
        case .focusList: "focusList"
        case .stream(let owner, let property): "\(owner).\(property.key)"
        case .session(let app, _): "\(app).session"
        case .sessionScene(let app, _): "\(app).sessionScene"
        case .events(_, let matching): matching == .inOrder ? "events" : "events.\(matching.rawValue)"
        }
    }
}

/// How an `events:` check matches: exactly these in order, exactly these in any order, or these among others.
public enum EventsMatching: String, Sendable {
    case inOrder, anyOrder, includes
}

/// A stream's property and its expected value.
public enum StreamProperty: Sendable {
    case state(StreamState)
    /// Running.
    case playing(Bool)
    /// Running at a volume above 0 (the system's and the app's own), not in silent mode.
    case audible(Bool)
    /// Lowered by a duck.
    case ducked(Bool)
    /// The volume the system applies (within 0.1 % of the value expected).
    case volume(Double)
    /// Its focus entry's state; nil: it has none.
    case focus(FocusEntryState?)
    case interruptMode(InterruptMode)

    public var key: String {
        switch self {
        case .state: "state"
        case .playing: "playing"
        case .audible: "audible"
        case .ducked: "ducked"
        case .volume: "volume"
        case .focus: "focus"
        case .interruptMode: "interruptMode"
        }
    }

    /// The value expected, as written.
    var expected: String {
        switch self {
        case .state(let state): state.rawValue
        case .playing(let playing), .audible(let playing), .ducked(let playing): "\(playing)"
        case .volume(let volume): Profile.text(volume)
        case .focus(let focus): focus?.rawValue ?? "none"
        case .interruptMode(let mode): mode.rawValue
        }
    }
}

/// One event an `events:` check expects: an interrupt event to an app's stream (or any of its streams), an
/// AudioSession's deactivation, or a scene session's state change.
public struct HarmonyEventPattern: Sendable, CustomStringConvertible, NotificationPattern {
    public var owner: StreamOwner
    public var kind: Kind

    public enum Kind: Sendable {
        case interrupt(InterruptEvent)
        case sessionDeactivated(SessionDeactivatedReason)
        case sessionStateChanged(SessionStateHint)
    }

    public init(owner: StreamOwner, kind: Kind) {
        self.owner = owner
        self.kind = kind
    }

    public var description: String {
        switch kind {
        case .interrupt(let event): "\(owner): \(event)"
        case .sessionDeactivated(let reason): "\(owner): audioSessionDeactivated \(reason)"
        case .sessionStateChanged(let hint): "\(owner): audioSessionStateChanged \(hint)"
        }
    }

    public func matches(_ notification: HarmonyNotification) -> Bool {
        switch (kind, notification) {
        case (.interrupt(let event), .interrupt(let to, let delivered, _)):
            event == delivered && to.app == owner.app && (owner.stream == nil || owner.stream == to.stream)
        case (.sessionDeactivated(let reason), .sessionDeactivated(let app, let delivered, _)):
            app == owner.app && reason == delivered
        case (.sessionStateChanged(let hint), .sessionStateChanged(let app, let delivered, _)):
            app == owner.app && hint == delivered
        default: false
        }
    }
}
