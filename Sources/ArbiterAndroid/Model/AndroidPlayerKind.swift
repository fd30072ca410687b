/// The kind of player, as the framework's playback monitor tells them apart.
public enum AndroidPlayerKind: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// `MediaPlayer` (and players built on it or on AudioTrack, such as ExoPlayer).
    case mediaPlayer
    /// `AudioTrack`.
    case audioTrack
    /// An AAudio stream: the framework cannot duck it.
    case aaudio
    /// `SoundPool`: never reported as started, so never ducked or faded.
    case soundPool

    public var description: String { rawValue }
}

/// A player's state.
public enum AndroidPlayerState: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case started, paused, stopped

    public var description: String { rawValue }
}
