import ArbiterEngine

/// What one event did.
public struct HarmonyOutcome: Hashable, Sendable {
    public var time: Time
    public var event: HarmonyEvent
    /// What the call returned: nil for a system event or time passing.
    public var result: HarmonyCallResult?
    /// Why the event could not be applied at all (an unknown stream, time going back); nil when it was.
    public var rejection: String?
    public var decisions: [HarmonyDecision]
    public var notifications: [HarmonyNotification]

    public init(
        time: Time, event: HarmonyEvent, result: HarmonyCallResult?, rejection: String?,
        decisions: [HarmonyDecision], notifications: [HarmonyNotification]
    ) {
        self.time = time
        self.event = event
        self.result = result
        self.rejection = rejection
        self.decisions = decisions
        self.notifications = notifications
    }
}

/// What an app's call returned.
public enum HarmonyCallResult: Hashable, Sendable, CustomStringConvertible {
    case success
    /// The promise rejected with this error code (6800301: the start was refused or queued paused, §4.1 step 6).
    case failed(code: Int, rule: Rule)

    public var description: String {
        switch self {
        case .success: "success"
        case .failed(let code, _): "failed \(code)"
        }
    }
}

/// Who a decision or a notification is about: an app's stream, an app, or the system's own stream.
public struct StreamOwner: Hashable, Sendable, CustomStringConvertible {
    public var app: AppID
    /// The stream; nil for the app as a whole (its AudioSession, its handler).
    public var stream: String?

    public init(_ app: AppID, _ stream: String? = nil) {
        self.app = app
        self.stream = stream
    }

    /// `Music.player`, or `Music`.
    public var description: String { stream.map { "\(app).\($0)" } ?? "\(app)" }
}

/// A change the engine made, with the rule that made it.
public struct HarmonyDecision: Hashable, Sendable, CustomStringConvertible {
    public var owner: StreamOwner
    public var change: HarmonyChange
    public var rule: Rule

    public init(_ owner: StreamOwner, _ change: HarmonyChange, _ rule: Rule) {
        self.owner = owner
        self.change = change
        self.rule = rule
    }

    public var description: String { "\(owner): \(change)  [\(rule.id)]" }
}

/// What changed.
public enum HarmonyChange: Hashable, Sendable, CustomStringConvertible {
    case stream(StreamState)
    /// The stream's place in the focus list (nil: it left the list).
    case focus(FocusEntryState?)
    /// The volume the system applies to the stream (the duck factor, or 1).
    case volume(Double)
    /// The app's AudioSession: active with a strategy, or not (nil).
    case session(ConcurrencyMode?)
    /// The app's handler ran a reaction to a hint.
    case reacted(InterruptHint, HarmonyReaction)
    /// The stream's silent mode (§10).
    case silent(Bool)
    /// The app's own volume for the stream.
    case appVolume(Double)
    /// The scene the app's next AudioSession activation takes (§9.4).
    case scene(SessionScene)
    /// The app went to the background (true) or came to the foreground.
    case background(Bool)

    public var description: String {
        switch self {
        case .stream(let state): "stream \(state)"
        case .focus(let state?): "focus \(state)"
        case .focus(nil): "focus released"
        case .volume(let volume): "volume \(Profile.text(volume))"
        case .session(let mode?): "session active (\(mode))"
        case .session(nil): "session inactive"
        case .reacted(let hint, let reaction): "app code: on \(hint) \(reaction)"
        case .silent(let silent): silent ? "silent mode on" : "silent mode off"
        case .appVolume(let volume): "app volume \(Profile.text(volume))"
        case .scene(let scene): "session scene \(scene)"
        case .background(let background): background ? "in the background" : "in the foreground"
        }
    }
}

/// What an app is told.
public enum HarmonyNotification: Hashable, Sendable, CustomStringConvertible {
    /// A stream's `on('audioInterrupt')`.
    case interrupt(StreamOwner, InterruptEvent, Rule)
    /// The session's `on('audioSessionDeactivated')`.
    case sessionDeactivated(AppID, SessionDeactivatedReason, Rule)
    /// A scene session's `on('audioSessionStateChanged')` (API 20, §9.4).
    case sessionStateChanged(AppID, SessionStateHint, Rule)

    public var app: AppID {
        switch self {
        case .interrupt(let owner, _, _): owner.app
        case .sessionDeactivated(let app, _, _), .sessionStateChanged(let app, _, _): app
        }
    }

    public var rule: Rule {
        switch self {
        case .interrupt(_, _, let rule), .sessionDeactivated(_, _, let rule), .sessionStateChanged(_, _, let rule):
            rule
        }
    }

    public var description: String {
        switch self {
        case .interrupt(let owner, let event, _): "\(owner): audioInterrupt \(event)"
        case .sessionDeactivated(let app, let reason, _): "\(app): audioSessionDeactivated \(reason)"
        case .sessionStateChanged(let app, let hint, _): "\(app): audioSessionStateChanged \(hint)"
        }
    }
}
