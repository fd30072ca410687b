/// Where an app is in its lifecycle.
public enum AppLifecycle: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case foreground, background, suspended, terminated
    public var description: String { rawValue }
}

/// A `UIBackgroundModes` value. Only `audio` changes audio behaviour.
public enum BackgroundMode: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case audio, voip, location, fetch
    case remoteNotification = "remote-notification"
    case processing
    case bluetoothCentral = "bluetooth-central"
    case bluetoothPeripheral = "bluetooth-peripheral"
    public var description: String { rawValue }
}

/// How an app is declared: what it is when it launches.
public struct AppConfig: Hashable, Sendable {
    public var name: AppID
    public var backgroundModes: Set<BackgroundMode>
    public var category: Category
    public var mode: Mode
    public var options: CategoryOptions
    /// Default: one player named `main` of kind audioPlayer.
    public var players: [PlayerConfig]
    /// Remote commands with a registered, enabled handler.
    public var remoteCommands: [RemoteCommand]
    /// What the app's own code does when told something.
    public var reactions: [ReactionTrigger: Reaction]
    /// Whether this is the built-in Music app (`AppConfig.musicApp`), which every systemMusicPlayer drives.
    public internal(set) var isMusicApp = false
    /// Whether the app's own code runs on the simulated phone (ArbiterKit): its handlers answer remote commands, so the
    /// engine does nothing on its behalf (no default seek for changePlaybackPosition), and its code makes its players.
    public var runsOwnCode = false

    public init(
        _ name: AppID,
        backgroundModes: Set<BackgroundMode> = [],
        category: Category = .soloAmbient,
        mode: Mode = .default,
        options: CategoryOptions = [],
        players: [PlayerConfig] = [PlayerConfig(name: "main", kind: .audioPlayer)],
        remoteCommands: [RemoteCommand] = [],
        reactions: [ReactionTrigger: Reaction] = [:]
    ) {
        self.name = name
        self.backgroundModes = backgroundModes
        self.category = category
        self.mode = mode
        self.options = options
        self.players = players
        self.remoteCommands = remoteCommands
        self.reactions = reactions
    }
}

/// A running virtual app: its lifecycle, its session, its players and its gain.
///
/// A value type kept in one copy-on-write box, so that copying an app (reading it out of the engine, keeping an
/// engine for the REPL's `undo`) costs one reference count, however many strings and arrays it holds.
public struct App: Hashable, Sendable {
    private var storage: Storage

    public var config: AppConfig { storage.state.config }
    public var lifecycle: AppLifecycle {
        get { storage.state.lifecycle }
        _modify {
            makeUnique()
            yield &storage.state.lifecycle
        }
    }
    public var session: AudioSession {
        get { storage.state.session }
        _modify {
            makeUnique()
            yield &storage.state.session
        }
    }
    public var players: [Player] {
        get { storage.state.players }
        _modify {
            makeUnique()
            defer { storage.running = RunningPlayers(storage.state.players) }
            yield &storage.state.players
        }
    }
    /// The output gain over time (ducking).
    public var gain: GainEnvelope {
        get { storage.state.gain }
        _modify {
            makeUnique()
            yield &storage.state.gain
        }
    }
    /// Remote commands with an enabled handler, in the SDK's order.
    public var enabledCommands: [RemoteCommand] {
        get { storage.state.enabledCommands }
        _modify {
            makeUnique()
            yield &storage.state.enabledCommands
        }
    }
    /// What the app last published to the Now Playing info center, if anything.
    public var published: PublishedInfo? {
        get { storage.state.published }
        _modify {
            makeUnique()
            yield &storage.state.published
        }
    }
    /// When the app last started playing with a non-mixable session (a device-wide serial), if ever.
    public var nonMixablePlaySerial: Int? {
        get { storage.state.nonMixablePlaySerial }
        _modify {
            makeUnique()
            yield &storage.state.nonMixablePlaySerial
        }
    }
    /// Told its interruption ended with shouldResume and not yet reactivated: it may resume from the background.
    public var mayResume: Bool {
        get { storage.state.mayResume }
        _modify {
            makeUnique()
            yield &storage.state.mayResume
        }
    }
    /// iOS 10-15: the system deactivated the session when it suspended the app, and the late interruptionBegan
    /// (appWasSuspended) is owed for when the app runs again.
    public var owesSuspensionNotice: Bool {
        get { storage.state.owesSuspensionNotice }
        _modify {
            makeUnique()
            yield &storage.state.owesSuspensionNotice
        }
    }
    /// The late interruptionEnded (no shouldResume) owed for when the app runs again: its interrupter left (was
    /// suspended or terminated) while it was suspended (reference §13.1).
    public var owesInterruptionEnd: Bool {
        get { storage.state.owesInterruptionEnd }
        _modify {
            makeUnique()
            yield &storage.state.owesInterruptionEnd
        }
    }
    /// Whether `backgroundModes` has `audio` (asked on every event, so not looked up in the set each time).
    var hasAudioBackgroundMode: Bool { storage.hasAudioBackgroundMode }

    public var id: AppID { storage.state.config.name }
    public var backgroundModes: Set<BackgroundMode> { storage.state.config.backgroundModes }

    init(config: AppConfig, lifecycle: AppLifecycle) {
        var session = AudioSession()
        session.category = config.category
        session.mode = config.mode
        session.options = CategoryConfiguration.asSet(config.options, category: config.category, mode: config.mode)
        storage = Storage(
            State(
                config: config, lifecycle: lifecycle, session: session,
                players: config.players.map(Player.init),
                enabledCommands: RemoteCommand.allCases.filter(config.remoteCommands.contains)))
    }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(copying: storage) }
    }

    public static func == (lhs: App, rhs: App) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.state == rhs.storage.state
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(storage.state) }

    /// Whether the session is interrupted (performance conventions: in-place reads; through `session`, the session
    /// is copied, its interruption and all).
    var isInterrupted: Bool { storage.state.session.isInterrupted }

    /// Whether the session waits for `interrupter` to end its interruption (one that is not orphaned).
    func waitsForEnd(of interrupter: Interrupter) -> Bool {
        guard let interruption = storage.state.session.interruption else { return false }
        return interruption.endPending && interruption.by == interrupter
    }

    /// Whether any player (not counting recorders) is playing.
    public var isPlaying: Bool { storage.running.playing > 0 }
    /// Whether a playing player produces sound (is not waiting for its stream).
    public var isProducing: Bool { storage.running.playing > storage.running.waiting }
    /// Whether a player streams its items over the network.
    var hasStreamingPlayer: Bool { storage.running.streaming }
    /// Whether a recorder is recording.
    public var isRecording: Bool { storage.running.recording > 0 }
    /// Whether any player or recorder is running (the session has I/O).
    public var hasRunningIO: Bool { storage.running.playing + storage.running.recording > 0 }
    /// Whether a running player's current item has a known end (so time passing can end it).
    var hasTimedPlayback: Bool { storage.running.timed > 0 }
    /// Whether a player publishes Now Playing info on its own.
    var hasNowPlayingPublisher: Bool { storage.running.publisher }
    /// How many players the app has (not counting recorders): those an action that names no player acts on.
    var playerCount: Int { storage.running.players }
    /// How many of those are systemMusicPlayers that drive the Music app (`Player.drivesMusicApp`).
    var musicAppHandleCount: Int { storage.running.musicAppHandles }

    /// The player with this name, if the app has one.
    public func player(named name: String) -> Player? { storage.state.players.first { $0.name == name } }

    /// Everything that makes up an app (what equality and hashing compare).
    private struct State: Hashable {
        let config: AppConfig
        var lifecycle: AppLifecycle
        var session: AudioSession
        var players: [Player]
        var gain = GainEnvelope()
        var enabledCommands: [RemoteCommand]
        var published: PublishedInfo?
        var nonMixablePlaySerial: Int?
        var mayResume = false
        var owesSuspensionNotice = false
        var owesInterruptionEnd = false
    }

    /// What the players are and what they are doing, kept after every change of `players`, since it is asked far more
    /// often than players change.
    private struct RunningPlayers {
        /// Players (not recorders) playing, and recorders recording.
        var playing = 0, recording = 0
        /// Running players whose current item has a known end.
        var timed = 0
        /// Playing players waiting for their stream.
        var waiting = 0
        /// A player streams its items.
        var streaming = false
        /// A player publishes Now Playing info on its own.
        var publisher = false
        /// Players (not recorders), running or not, and how many of them are handles on the Music app's player.
        var players = 0, musicAppHandles = 0

        init(_ players: [Player]) {
            players.withUnsafeBufferPointer { players in
                for k in players.indices {
                    if players[k].publishesNowPlaying { publisher = true }
                    if players[k].streams { streaming = true }
                    if !players[k].kind.isRecorder {
                        self.players += 1
                        if players[k].kind == .systemMusicPlayer && !players[k].playsInMusicApp { musicAppHandles += 1 }
                    }
                    // Stored fields only (performance conventions: in-place reads).
                    guard players[k].state == .playing else { continue }
                    if players[k].kind.isRecorder { recording += 1 } else { playing += 1 }
                    if players[k].isWaiting { waiting += 1 }
                    if players[k].hasTimedItem { timed += 1 }
                }
            }
        }
    }

    /// The box: shared by copies until one of them changes. Its fields skip dynamic exclusivity checks (each
    /// access is through the uniquely owned box, and the checks cost more than the rest of a read).
    private final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) var state: State
        @exclusivity(unchecked) var running: RunningPlayers
        let hasAudioBackgroundMode: Bool

        init(_ state: State) {
            self.state = state
            running = RunningPlayers(state.players)
            hasAudioBackgroundMode = state.config.backgroundModes.contains(.audio)
        }

        init(copying other: Storage) {
            state = other.state
            running = other.running
            hasAudioBackgroundMode = other.hasAudioBackgroundMode
        }
    }
}
