import ArbiterEngine

/// A player as the engine keeps it.
struct PlayerRecord: Sendable {
    let name: String
    let kind: AndroidPlayerKind
    let attributes: AudioAttributes
    var state: AndroidPlayerState = .stopped
    /// The app's own volume.
    var ownVolume: Double = 1
    /// When the framework's duck of this player began (its ramp starts there); nil: not ducked.
    var duckedSince: Time?
    /// When the framework's fade-out of this player began; nil: not faded.
    var fadingSince: Time?
    /// Muted for a ring or call.
    var muted = false
    /// A duck being undone: the framework plays its shape backwards (VolumeShaper's REVERSE) from where it was.
    var unducking: ShapeReversal?
    /// A fade-out being undone, the same way.
    var unfading: ShapeReversal?

    /// Whether the playback monitor sees it start (SoundPool never reports it).
    var reportsStarted: Bool { kind != .soundPool }
    /// Whether the framework's VolumeShaper can duck or fade it (not AAudio, not SoundPool).
    var shapeable: Bool { kind != .aaudio && kind != .soundPool }
    /// Started, as the framework's playback monitor sees it.
    var startedForMonitor: Bool { state == .started && reportsStarted }
}

/// An app as the engine keeps it: its declaration, its players and where it stands.
struct AppRecord: Sendable {
    let declaration: AndroidApp
    var players: [PlayerRecord]
    var status: FocusStatus = .none
    var lastRequest: FocusRequestResult?
    /// What a `pause` reaction paused, for `resume`.
    var pausedByReaction: [String] = []
    /// What `play` starts once a delayed request is granted.
    var startWhenGranted: [String] = []
    /// The car: ducked by the ducking table.
    var carDucked = false
    /// The rule behind each checked state, by check name.
    var rules: [String: Rule] = [:]

    init(_ app: AndroidApp) {
        declaration = app
        players = app.players.map {
            PlayerRecord(name: $0.name, kind: $0.kind, attributes: $0.attributes ?? app.attributes)
        }
    }

    var id: AppID { declaration.name }
    var uid: Int { declaration.uid }

    func player(_ name: String) -> Int? { players.firstIndex { $0.name == name } }
}

/// A VolumeShaper played backwards from where it was (`VolumeShaper.Operation.REVERSE`): the framework undoes a duck
/// or a fade this way, so the volume climbs back over the time it took to fall.
struct ShapeReversal: Sendable {
    /// How far along the shape the player was when it turned back, 0...1.
    var progress: Double
    var since: Time
    /// The shape's whole length.
    var duration: Time
    /// The duck's level (unused for a fade, whose curve is fixed).
    var level: Double

    /// How far along the shape the player is at `time`: back to 0 after `progress` of the duration.
    func progress(at time: Time) -> Double {
        let length = duration.milliseconds
        guard length > 0 else { return 0 }
        return max(0, progress - Double((time - since).milliseconds) / Double(length))
    }
}

/// The framework's duck of a uid (PlaybackActivityMonitor's DuckingManager).
struct DuckRecord: Sendable {
    var level: Double
    var rule: Rule
}

/// The framework's fade-out of a uid after a permanent loss (FadeOutManager).
struct FadeRecord: Sendable {
    var app: AppID
    var start: Time
    var duration: Time
    /// Distinguishes this fade from a later one of the same uid, for the work it scheduled.
    var token: Int
    /// The fade is over and the LOSS was dispatched.
    var ended = false
}
