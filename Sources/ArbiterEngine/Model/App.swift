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
public struct App: Hashable, Sendable {
    public let config: AppConfig
    public var lifecycle: AppLifecycle
    public var session: AudioSession
    public var players: [Player]
    /// The output gain over time (ducking).
    public var gain: GainEnvelope = GainEnvelope()
    /// Remote commands with an enabled handler, in the SDK's order.
    public var enabledCommands: [RemoteCommand]
    /// What the app last published to the Now Playing info center, if anything.
    public var published: PublishedInfo?
    /// When the app last started playing with a non-mixable session (a device-wide serial), if ever.
    public var nonMixablePlaySerial: Int?
    /// Told its interruption ended with shouldResume and not yet reactivated: it may resume from the background.
    public var mayResume = false
    /// Whether `backgroundModes` has `audio` (asked on every event, so not looked up in the set each time).
    let hasAudioBackgroundMode: Bool

    public var id: AppID { config.name }
    public var backgroundModes: Set<BackgroundMode> { config.backgroundModes }

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
    }

    /// Whether any player (not counting recorders) is playing.
    public var isPlaying: Bool { players.contains { !$0.kind.isRecorder && $0.isRunning } }
    /// Whether a recorder is recording.
    public var isRecording: Bool { players.contains { $0.kind.isRecorder && $0.isRunning } }
    /// Whether any player or recorder is running (the session has I/O).
    public var hasRunningIO: Bool { players.contains(where: \.isRunning) }

    /// The player with this name, if the app has one.
    public func player(named name: String) -> Player? { players.first { $0.name == name } }
}
