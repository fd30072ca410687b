/// Where an app is in its lifecycle.
public enum AppLifecycle: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case foreground, background, suspended, terminated
    public var description: String { rawValue }
}

/// A `UIBackgroundModes` value. Only `audio` changes audio behaviour.
public enum BackgroundMode: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case audio, voip, location, fetch, remoteNotification = "remote-notification", processing
    case bluetoothCentral = "bluetooth-central", bluetoothPeripheral = "bluetooth-peripheral"
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
/// A value type kept in one copy-on-write box, so that copying an app (reading it out of the engine, keeping it
/// to take an event back) costs one reference count, however many strings and arrays it holds.
public struct App: Hashable, Sendable {
    private var storage: Storage

    public var config: AppConfig { storage.config }
    public var lifecycle: AppLifecycle {
        get { storage.lifecycle }
        _modify { makeUnique(); yield &storage.lifecycle }
    }
    public var session: AudioSession {
        get { storage.session }
        _modify { makeUnique(); yield &storage.session }
    }
    public var players: [Player] {
        get { storage.players }
        _modify {
            makeUnique()
            defer { storage.countRunning() }
            yield &storage.players
        }
    }
    /// The output gain over time (ducking).
    public var gain: GainEnvelope {
        get { storage.gain }
        _modify { makeUnique(); yield &storage.gain }
    }
    /// Remote commands with an enabled handler, in the SDK's order.
    public var enabledCommands: [RemoteCommand] {
        get { storage.enabledCommands }
        _modify { makeUnique(); yield &storage.enabledCommands }
    }
    /// What the app last published to the Now Playing info center, if anything.
    public var published: PublishedInfo? {
        get { storage.published }
        _modify { makeUnique(); yield &storage.published }
    }
    /// When the app last started playing with a non-mixable session (a device-wide serial), if ever.
    public var nonMixablePlaySerial: Int? {
        get { storage.nonMixablePlaySerial }
        _modify { makeUnique(); yield &storage.nonMixablePlaySerial }
    }
    /// Told its interruption ended with shouldResume and not yet reactivated: it may resume from the background.
    public var mayResume: Bool {
        get { storage.mayResume }
        _modify { makeUnique(); yield &storage.mayResume }
    }
    /// Whether `backgroundModes` has `audio` (asked on every event, so not looked up in the set each time).
    var hasAudioBackgroundMode: Bool { storage.hasAudioBackgroundMode }

    public var id: AppID { storage.config.name }
    public var backgroundModes: Set<BackgroundMode> { storage.config.backgroundModes }

    init(config: AppConfig, lifecycle: AppLifecycle) {
        storage = Storage(config: config, lifecycle: lifecycle)
    }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(copying: storage) }
    }

    public static func == (lhs: App, rhs: App) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.fields == rhs.storage.fields
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(storage.fields) }

    /// Whether any player (not counting recorders) is playing.
    public var isPlaying: Bool { storage.playing > 0 }
    /// Whether a recorder is recording.
    public var isRecording: Bool { storage.recording > 0 }
    /// Whether any player or recorder is running (the session has I/O).
    public var hasRunningIO: Bool { storage.playing + storage.recording > 0 }
    /// Whether a running player's current item has a known end (so time passing can end it).
    var hasTimedPlayback: Bool { storage.timed > 0 }
    /// Whether a systemMusicPlayer is playing (the Music app plays for the app).
    var musicAppPlays: Bool { storage.musicAppPlaying }
    /// Whether a player publishes Now Playing info on its own.
    var hasNowPlayingPublisher: Bool { storage.publisher }

    /// The player with this name, if the app has one.
    public func player(named name: String) -> Player? { storage.players.first { $0.name == name } }

    /// The box: shared by copies until one of them changes.
    private final class Storage: @unchecked Sendable {
        let config: AppConfig
        let hasAudioBackgroundMode: Bool
        @exclusivity(unchecked) var lifecycle: AppLifecycle
        @exclusivity(unchecked) var session: AudioSession
        @exclusivity(unchecked) var players: [Player]
        @exclusivity(unchecked) var gain = GainEnvelope()
        @exclusivity(unchecked) var enabledCommands: [RemoteCommand]
        @exclusivity(unchecked) var published: PublishedInfo?
        @exclusivity(unchecked) var nonMixablePlaySerial: Int?
        @exclusivity(unchecked) var mayResume = false
        /// How many players (not recorders) play, and how many recorders record: kept after every change of
        /// `players`, since they are asked far more often than players change.
        @exclusivity(unchecked) var playing = 0
        @exclusivity(unchecked) var recording = 0
        /// Running players whose current item has a known end.
        @exclusivity(unchecked) var timed = 0
        /// A running systemMusicPlayer (the Music app plays for the app).
        @exclusivity(unchecked) var musicAppPlaying = false
        /// A player publishes Now Playing info on its own.
        @exclusivity(unchecked) var publisher = false

        init(config: AppConfig, lifecycle: AppLifecycle) {
            self.config = config
            self.lifecycle = lifecycle
            hasAudioBackgroundMode = config.backgroundModes.contains(.audio)
            session = AudioSession()
            session.category = config.category
            session.mode = config.mode
            session.options = config.options
            players = config.players.map(Player.init)
            enabledCommands = RemoteCommand.allCases.filter(config.remoteCommands.contains)
            countRunning()
        }

        func countRunning() {
            var playing = 0, recording = 0, timed = 0, musicAppPlaying = false, publisher = false
            players.withUnsafeBufferPointer { players in
                for k in players.indices {
                    if players[k].publishesNowPlaying { publisher = true }
                    guard players[k].state == .playing else { continue }
                    if players[k].kind == .recorder { recording += 1 } else { playing += 1 }
                    if players[k].kind == .systemMusicPlayer { musicAppPlaying = true }
                    if players[k].currentItem?.duration != nil { timed += 1 }
                }
            }
            self.playing = playing
            self.recording = recording
            self.timed = timed
            self.musicAppPlaying = musicAppPlaying
            self.publisher = publisher
        }

        init(copying other: Storage) {
            config = other.config
            hasAudioBackgroundMode = other.hasAudioBackgroundMode
            lifecycle = other.lifecycle
            session = other.session
            players = other.players
            gain = other.gain
            enabledCommands = other.enabledCommands
            published = other.published
            nonMixablePlaySerial = other.nonMixablePlaySerial
            mayResume = other.mayResume
            playing = other.playing
            recording = other.recording
            timed = other.timed
            musicAppPlaying = other.musicAppPlaying
            publisher = other.publisher
        }

        /// Every field, for equality and hashing.
        var fields: Fields {
            Fields(config: config, lifecycle: lifecycle, session: session, players: players, gain: gain,
                   enabledCommands: enabledCommands, published: published,
                   nonMixablePlaySerial: nonMixablePlaySerial, mayResume: mayResume)
        }
    }

    private struct Fields: Hashable {
        var config: AppConfig
        var lifecycle: AppLifecycle
        var session: AudioSession
        var players: [Player]
        var gain: GainEnvelope
        var enabledCommands: [RemoteCommand]
        var published: PublishedInfo?
        var nonMixablePlaySerial: Int?
        var mayResume: Bool
    }
}
