import ArbiterEngine

/// An app as the engine keeps it: its streams and its AudioSession.
struct AppRecord: Hashable, Sendable {
    var config: HarmonyAppConfig
    var streams: [StreamRecord]
    /// The AudioSession's strategy while it is active.
    var session: ConcurrencyMode?
    /// Since when the active session has had no running stream (its timeout counts from here).
    var sessionIdleSince: Time?
    /// One of the system's own "apps" (the call, the alarm, the assistant): told nothing, runs no code.
    var isSystem = false

    init(_ config: HarmonyAppConfig, isSystem: Bool = false) {
        self.config = config
        streams = config.streams.map(StreamRecord.init)
        self.isSystem = isSystem
    }

    var name: AppID { config.name }
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

    init(_ config: StreamConfig) {
        self.config = config
        interruptMode = config.interruptMode
    }
}

/// One entry of the focus list (§1): a stream (or an AudioSession's placeholder) and its state.
public struct FocusEntry: Hashable, Sendable, CustomStringConvertible {
    /// Whose entry it is; a placeholder names its app alone.
    public var owner: StreamOwner
    public var type: FocusType
    public var state: FocusEntryState
    var app: Int
    /// The stream's index in its app; nil for a placeholder.
    var stream: Int?
    /// Its stream asked for focus in silent mode (strategy SILENT): it mixes with every other entry (§10).
    var silent = false

    /// `Music.player active`.
    public var description: String { "\(owner) \(state)" }
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
