import ArbiterEngine

/// An app as the engine keeps it: its streams and its AudioSession.
struct AppRecord: Hashable, Sendable {
    var config: HarmonyAppConfig
    var streams: [StreamRecord]
    /// The AudioSession's strategy while it is active.
    var session: ConcurrencyMode?
    /// Since when the active session has had no running stream (its timeout counts from here).
    var sessionIdleSince: Time?
    /// The scene `setAudioSessionScene` set, which the next activation takes (§9.4).
    var scene: SessionScene?
    /// The scene of the synthetic entry the app's session holds (from a scene activation until the entry goes).
    var sessionScene: SessionScene?
    /// A scene session deactivated with streams still in it: when they are stopped and the entry released (§9.4).
    var sceneRelease: SceneRelease?
    /// The app is in the background (a scene session's timeout runs only then, §9.4).
    var background = false
    /// One of the system's own "apps" (the call, the alarm, the assistant): told nothing, runs no code.
    var isSystem = false

    init(_ config: HarmonyAppConfig, isSystem: Bool = false) {
        self.config = config
        streams = config.streams.map(StreamRecord.init)
        self.isSystem = isSystem
        scene = config.sessionScene
    }

    var name: AppID { config.name }

    /// The session is active with a scene: the app's streams bypass focus (§9.4).
    var sceneActive: Bool { session != nil && sessionScene != nil }
}

/// The steps of deactivating a scene session whose streams still run (§9.4, AIS
/// `DelayToDeactivateStreamsInAudioSession`).
struct SceneRelease: Hashable, Sendable {
    /// The strategy the synthetic entry keeps until it goes.
    var mode: ConcurrencyMode
    /// When the streams still in the session are stopped (1 s after the deactivation); nil once done.
    var stopStreamsAt: Time?
    /// When the synthetic entry is released (50 ms after the stop).
    var releaseAt: Time

    /// The next step's time.
    var due: Time { stopStreamsAt ?? releaseAt }
}

/// A stream as the engine keeps it.
struct StreamRecord: Hashable, Sendable {
    var config: StreamConfig
    var state: StreamState = .prepared
    var interruptMode: InterruptMode
    /// The volume the system applies (the duck factor while ducked).
    var volume: Double = 1
    /// The system paused it (only such a stream is told RESUME).
    var forcePaused = false
    /// The app set silent mode: it plays silently and interrupts nobody (§10).
    var silent = false
    /// The app's own volume for the stream (`setVolume`).
    var appVolume: Double = 1
    /// The app set volume 0 before the stream started and has not raised it since (§10, AR
    /// `isStillZeroStreamVolume_`).
    var stillZeroVolume = false
    /// It asked for focus as silent because it started at volume 0 (`zeroVolumeIsSilent`).
    var silentByZeroVolume = false
    /// It plays in its app's scene session without an entry of its own (§9.4): what interrupts the session's
    /// synthetic entry is passed on to it.
    var inSession = false

    init(_ config: StreamConfig) {
        self.config = config
        interruptMode = config.interruptMode
    }
}

/// One entry of the focus list (§1): a stream (or an AudioSession's placeholder, or a scene session's synthetic
/// entry) and its state.
public struct FocusEntry: Hashable, Sendable, CustomStringConvertible {
    /// Whose entry it is; a placeholder names its app alone.
    public var owner: StreamOwner
    public var type: FocusType
    public var state: FocusEntryState
    var app: Int
    /// The stream's index in its app; nil for a placeholder or a session's entry.
    var stream: Int?
    /// Its stream asked for focus in silent mode (strategy SILENT): it mixes with every other entry (§10).
    var silent = false
    /// The scene of a session's synthetic entry (§9.4); nil for a stream's entry or a placeholder.
    public var scene: SessionScene?

    /// `Music.player active`, `Video placeholder`, `Game session duck`.
    public var description: String { scene == nil ? "\(owner) \(state)" : "\(owner) session \(state)" }

    /// A stream's entry, or a scene session's: one the table applies to when another stream starts.
    var contends: Bool { stream != nil || scene != nil }
}

extension FocusEntryState {
    /// How far from playing freely: active, ducked, paused (a placeholder counts as active).
    var severity: Int {
        switch self {
        case .active, .placeholder: 0
        case .duck: 1
        case .pause: 2
        }
    }
}
