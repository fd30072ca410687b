import ArbiterEngine

/// A change an Android engine made, with the rule that made it.
public struct FocusDecision: Hashable, Sendable, CustomStringConvertible {
    /// Who the decision is about; nil for the device.
    public var owner: FocusOwner?
    /// What changed.
    public var change: FocusDecisionChange
    /// The rule that made the change, with its AOSP source.
    public var rule: Rule
    /// When work that fell due before the event made the decision (a fade's end, the mute in a call), that time;
    /// nil: the outcome's time.
    public var time: Time?

    /// A decision; `time` when work that fell due made it, nil for the outcome's time.
    public init(owner: FocusOwner?, change: FocusDecisionChange, rule: Rule, time: Time? = nil) {
        self.owner = owner
        self.change = change
        self.rule = rule
        self.time = time
    }

    public var description: String {
        let at = time.map { "at \($0) " } ?? ""
        return "\(at)\(owner.map(\.description) ?? "device"): \(change)  [\(rule.id)]"
    }
}

/// What changed.
public enum FocusDecisionChange: Hashable, Sendable, CustomStringConvertible {
    /// A request's result (and the gain it asked for).
    case request(FocusGain, FocusRequestResult)
    /// The owner abandoned focus.
    case abandoned
    /// The owner's place with focus is now this.
    case focus(FocusStatus)
    /// The framework ducks the owner's players to `to` over `over` (1 = unducked).
    case ducked(to: Double, over: Time)
    case unducked
    /// The framework fades the owner out over `over` (Android 12+ permanent loss).
    case fadingOut(over: Time)
    /// The fade is over and the players stay muted.
    case fadedOut
    /// The fade is undone (the app asked for focus again, or kept playing after the loss).
    case fadedIn
    /// Muted for a ring or call, or unmuted after it.
    case muted(Bool)
    case player(String, AndroidPlayerState)
    /// The app made a new player.
    case playerDeclared(String, AndroidPlayerKind)
    /// The app's own volume for a player.
    case volume(String, Double)
    /// The app's listener ran a reaction.
    case reacted(FocusChange, FocusReaction)
    /// The phone's call state (nil: no call).
    case call(AndroidCallState?)
    case assistant(Bool)
    case alarm(Bool)
    case ringerMode(RingerMode)
    /// Whether a notification sound asking to play may play.
    case notificationSound(plays: Bool)
    /// The app's process died.
    case terminated

    public var description: String {
        switch self {
        case .request(let gain, let result): "requests \(gain): \(result)"
        case .abandoned: "abandons focus"
        case .focus(let status): "focus \(status)"
        case .ducked(let to, let over):
            over == .zero ? "ducked to \(Profile.text(to))" : "ducked to \(Profile.text(to)) over \(over)"
        case .unducked: "unducked"
        case .fadingOut(let over): "fading out over \(over)"
        case .fadedOut: "faded out, muted"
        case .fadedIn: "faded back in"
        case .muted(let muted): muted ? "muted for the ring or call" : "unmuted"
        case .player(let name, let state): "player \(name) \(state)"
        case .playerDeclared(let name, let kind): "declares player \(name) (\(kind))"
        case .volume(let name, let volume): "player \(name) volume \(Profile.text(volume))"
        case .reacted(let change, let reaction): "app code: on \(change) \(reaction)"
        case .call(let state): "call \(state.map(\.description) ?? "over")"
        case .assistant(let on): on ? "assistant active" : "assistant done"
        case .alarm(let on): on ? "alarm sounding" : "alarm dismissed"
        case .ringerMode(let mode): "ringer mode \(mode)"
        case .notificationSound(let plays): plays ? "notification sound plays" : "notification sound held back"
        case .terminated: "process died"
        }
    }
}

/// The phone's call.
public enum AndroidCallState: String, Hashable, Sendable, CustomStringConvertible {
    case ringing, active

    public var description: String { rawValue }
}

/// A focus change delivered to an app's listener, with the rule that sent it.
public struct FocusNotification: Hashable, Sendable, CustomStringConvertible {
    /// The app whose listener is called.
    public var app: AppID
    /// What it is told.
    public var change: FocusChange
    /// The rule that sent it, with its AOSP source.
    public var rule: Rule
    /// When it was delivered by work that fell due before the event (a LOSS at a fade's end); nil: the outcome's time.
    public var time: Time?

    /// A focus change sent; `time` when work that fell due sent it, nil for the outcome's time.
    public init(app: AppID, change: FocusChange, rule: Rule, time: Time? = nil) {
        self.app = app
        self.change = change
        self.rule = rule
        self.time = time
    }

    public var description: String {
        let at = time.map { "at \($0) " } ?? ""
        return "\(at)\(app.name) ← \(change)  [\(rule.id)]"
    }
}

/// What handling one event did.
public struct FocusOutcome: Hashable, Sendable {
    /// When the event was handled.
    public var time: Time
    /// The event.
    public var event: AndroidEvent
    /// A request's result, for a request (or `play`) step, or a system step that requests focus (`incomingCall`,
    /// `answerCall`, the assistant's or the alarm's begin).
    public var result: FocusRequestResult?
    /// Why the event could not be applied (an unknown player, a call ended that never rang), in scenario words.
    public var rejection: String?
    /// What the engine changed, in order (work that fell due first).
    public var decisions: [FocusDecision]
    /// The focus changes delivered to listeners, in order.
    public var notifications: [FocusNotification]

    /// An outcome as the engine makes it.
    public init(
        time: Time, event: AndroidEvent, result: FocusRequestResult? = nil, rejection: String? = nil,
        decisions: [FocusDecision] = [], notifications: [FocusNotification] = []
    ) {
        self.time = time
        self.event = event
        self.result = result
        self.rejection = rejection
        self.decisions = decisions
        self.notifications = notifications
    }
}
