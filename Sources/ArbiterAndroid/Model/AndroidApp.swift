import ArbiterEngine

/// An app as a scenario declares it: its uid, target SDK, the focus request it makes and its players.
public struct AndroidApp: Hashable, Sendable {
    /// The app's name in scenarios.
    public var name: AppID
    /// Apps with the same uid are one app to the framework (automatic ducking spares a winner's own uid).
    public var uid: Int
    /// The SDK the app targets: 25 or lower means the framework never ducks it, it is told instead.
    public var targetSdk: Int
    /// The attributes of its focus requests, and of its players unless they say otherwise.
    public var attributes: AudioAttributes
    /// The request `play` and `requestFocus` make.
    public var focusGain: FocusGain
    /// `setWillPauseWhenDucked(true)` (`AUDIOFOCUS_FLAG_PAUSES_ON_DUCKABLE_LOSS`).
    public var willPauseWhenDucked: Bool
    /// `setAcceptsDelayedFocusGain(true)` (`AUDIOFOCUS_FLAG_DELAY_OK`).
    public var acceptsDelayedFocusGain: Bool
    /// `AUDIOFOCUS_FLAG_LOCK`: a system app's request that no one can take focus from.
    public var locksFocus: Bool
    /// The car: it holds `RECEIVE_CAR_AUDIO_DUCKING_EVENTS`, so it loses focus to a ducking request instead of sharing.
    public var receivesDuckEvents: Bool
    /// Its players (a scenario declares one `main` mediaPlayer by default).
    public var players: [AndroidPlayer]
    /// What the app's listener does on each focus change, in order.
    public var reactions: [FocusChange: [FocusReaction]]

    /// An app as declared; what is left out is a media app requesting AUDIOFOCUS_GAIN with one player.
    public init(
        name: AppID, uid: Int, targetSdk: Int, attributes: AudioAttributes = AudioAttributes(),
        focusGain: FocusGain = .gain, willPauseWhenDucked: Bool = false, acceptsDelayedFocusGain: Bool = false,
        locksFocus: Bool = false, receivesDuckEvents: Bool = false,
        players: [AndroidPlayer] = [AndroidPlayer(name: "main")],
        reactions: [FocusChange: [FocusReaction]] = [:]
    ) {
        self.name = name
        self.uid = uid
        self.targetSdk = targetSdk
        self.attributes = attributes
        self.focusGain = focusGain
        self.willPauseWhenDucked = willPauseWhenDucked
        self.acceptsDelayedFocusGain = acceptsDelayedFocusGain
        self.locksFocus = locksFocus
        self.receivesDuckEvents = receivesDuckEvents
        self.players = players
        self.reactions = reactions
    }
}

/// A player an app declares.
public struct AndroidPlayer: Hashable, Sendable {
    /// The player's name in steps and checks.
    public var name: String
    /// What the framework's playback monitor sees it as.
    public var kind: AndroidPlayerKind
    /// Its own attributes; nil: the app's.
    public var attributes: AudioAttributes?

    /// A player; its attributes default to its app's.
    public init(name: String, kind: AndroidPlayerKind = .mediaPlayer, attributes: AudioAttributes? = nil) {
        self.name = name
        self.kind = kind
        self.attributes = attributes
    }
}

/// What an app's own code does when its listener is told of a focus change.
public enum FocusReaction: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Pause its started players (remembered, for `resume`).
    case pause
    /// Start what `pause` paused.
    case resume
    case stop
    /// Request focus, then start its players if granted.
    case play
    /// Lower its own volume to the profile's `duckLevel`.
    case duck
    case unduck
    case abandonFocus
    case requestFocus
    case nothing

    public var description: String { rawValue }
}
