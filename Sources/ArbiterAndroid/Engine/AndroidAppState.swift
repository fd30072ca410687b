import ArbiterEngine

/// An app's state at an instant, as checks read it.
public struct AndroidAppState: Hashable, Sendable {
    /// Where the app stands with focus.
    public var focus: FocusStatus
    /// The last request's result.
    public var lastRequest: FocusRequestResult?
    /// Each player's state, by name.
    public var players: [String: AndroidPlayerState]
    /// Each player's volume now: its own × duck × fade × mute.
    public var volumes: [String: Double]
    /// The framework ducks it (automatic ducking, or the car's ducking table).
    public var ducked: Bool
    /// Faded out, or fading, after a permanent loss.
    public var faded: Bool
    /// Muted for a ring or call.
    public var muted: Bool
    /// The rule behind each of the above, by check name (`focus`, `ducked`, ...), for explanations.
    public var rules: [String: Rule]

    /// A state as the engine reads it out.
    public init(
        focus: FocusStatus = .none, lastRequest: FocusRequestResult? = nil, players: [String: AndroidPlayerState] = [:],
        volumes: [String: Double] = [:], ducked: Bool = false, faded: Bool = false, muted: Bool = false,
        rules: [String: Rule] = [:]
    ) {
        self.focus = focus
        self.lastRequest = lastRequest
        self.players = players
        self.volumes = volumes
        self.ducked = ducked
        self.faded = faded
        self.muted = muted
        self.rules = rules
    }
}
