import ArbiterEngine

/// An app as a HarmonyOS scenario declares it: its streams, and what its code does when told something.
public struct HarmonyAppConfig: Hashable, Sendable {
    public var name: AppID
    public var streams: [StreamConfig]
    /// What the app's `on('audioInterrupt')` handler does for each hint (default: nothing).
    public var reactions: [InterruptHint: HarmonyReaction]
    /// The scene the app's code sets with `setAudioSessionScene` at launch, before any activation (API 20, §9.4).
    public var sessionScene: SessionScene?

    public init(
        _ name: AppID, streams: [StreamConfig], reactions: [InterruptHint: HarmonyReaction] = [:],
        sessionScene: SessionScene? = nil
    ) {
        self.name = name
        self.streams = streams
        self.reactions = reactions
        self.sessionScene = sessionScene
    }
}

/// One stream of an app: an AVPlayer, AudioRenderer, SoundPool or AudioCapturer.
public struct StreamConfig: Hashable, Sendable {
    public var name: String
    public var kind: StreamKind
    /// What it plays (playback kinds) ...
    public var usage: StreamUsage?
    /// ... or what it records (a capturer).
    public var source: SourceType?
    public var interruptMode: InterruptMode

    public init(
        _ name: String, kind: StreamKind, usage: StreamUsage? = nil, source: SourceType? = nil,
        interruptMode: InterruptMode = .share
    ) {
        self.name = name
        self.kind = kind
        self.usage = usage
        self.source = source
        self.interruptMode = interruptMode
    }

    /// The type the focus table reads for it (a capturer without a source records from the mic; a player without
    /// a usage plays music).
    public var focusType: FocusType {
        if kind == .audioCapturer { return (source ?? .mic).focusType }
        return (usage ?? .music).focusType
    }

    /// Whether the stream mixes with every other stream whatever the table says: a SoundPool playing media usages
    /// (§10, OHPF `stream.cpp` `IsAudioRendererCanMix`).
    var alwaysMixes: Bool {
        kind == .soundPool && [.music, .movie, .speech].contains(focusType)
    }
}

/// The object that plays or records.
public enum StreamKind: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case avPlayer, audioRenderer, soundPool, audioCapturer
    public var description: String { rawValue }
}

/// What an app's interrupt handler does.
public enum HarmonyReaction: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// `start()` / `play()` again (what a RESUME asks for).
    case start
    case pause, stop, release
    public var description: String { rawValue }
}

/// A stream's state as its object reports it.
public enum StreamState: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case prepared, running, paused, stopped, released
    public var description: String { rawValue }
}

/// An entry's state in the focus list (`AudioFocuState`, §1).
public enum FocusEntryState: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case active, duck, pause
    /// An AudioSession holding focus for its app's stopped streams (§9.2).
    case placeholder
    public var description: String { rawValue }
}
