/// The kind of player an app uses; each has its own automatic behaviour.
public enum PlayerKind: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// AVAudioPlayer.
    case audioPlayer
    /// AVPlayer.
    case avPlayer
    /// AVQueuePlayer.
    case queuePlayer
    /// An AVPlayer shown in AVPlayerViewController.
    case playerViewController
    /// MPMusicPlayerController.systemMusicPlayer: the Music app plays on the app's behalf.
    case systemMusicPlayer
    /// MPMusicPlayerController.applicationMusicPlayer.
    case applicationMusicPlayer
    /// AVAudioEngine.
    case audioEngine
    /// AVAudioRecorder: records instead of playing.
    case recorder

    public var description: String { rawValue }

    /// Whether the player captures input rather than playing output.
    public var isRecorder: Bool { self == .recorder }
}

/// A player's state. For a recorder, `playing` means recording.
public enum PlayerState: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case playing, paused, stopped
    public var description: String { rawValue }
}

/// How an app declares a player.
public struct PlayerConfig: Hashable, Sendable {
    public var name: String
    public var kind: PlayerKind

    public init(name: String, kind: PlayerKind) {
        self.name = name
        self.kind = kind
    }
}

/// A player and its state.
public struct Player: Hashable, Sendable {
    public var name: String
    public var kind: PlayerKind
    public var state: PlayerState = .stopped

    public init(_ config: PlayerConfig) {
        name = config.name
        kind = config.kind
    }

    /// Playing (or, for a recorder, recording).
    public var isRunning: Bool { state == .playing }
}
