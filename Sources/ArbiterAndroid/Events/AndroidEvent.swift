import ArbiterEngine

/// What an Android engine is told: an app's call, a system event, or time passing.
public enum AndroidEvent: Hashable, Sendable {
    case app(AppID, AndroidAppAction)
    case system(AndroidSystemAction)
    case ringerMode(RingerMode)
    /// Time passes (ramps, fades and delayed work fall due).
    case advance
}

/// A call an app makes.
public enum AndroidAppAction: Hashable, Sendable {
    /// `requestAudioFocus` with the app's declared request, changed by `FocusRequestChange`.
    case requestFocus(FocusRequestChange)
    case abandonFocus
    /// Start a player (nil: all of them) with no focus request.
    case start(String?)
    case pause(String?)
    case stop(String?)
    /// Request focus unless held or awaited, then start if granted (or when a delayed request is granted).
    case play(String?)
    /// The app's own volume for a player (nil: all of them), 0...1.
    case setVolume(String?, Double)
    /// The process dies.
    case terminate
    /// The app's code makes a new player (stopped, at volume 1), which later steps can name.
    case declarePlayer(AndroidPlayer)
}

/// What a request step changes from the app's declared request; nil keeps the declaration's.
public struct FocusRequestChange: Hashable, Sendable {
    /// The gain asked for (`AUDIOFOCUS_GAIN*`).
    public var gain: FocusGain?
    /// The request's `AudioAttributes` usage and content type.
    public var usage: Usage?
    public var contentType: ContentType?
    public var willPauseWhenDucked: Bool?
    public var acceptsDelayedFocusGain: Bool?
    public var locksFocus: Bool?

    /// A change of the declared request; what is left nil stays as declared.
    public init(
        gain: FocusGain? = nil, usage: Usage? = nil, contentType: ContentType? = nil,
        willPauseWhenDucked: Bool? = nil, acceptsDelayedFocusGain: Bool? = nil, locksFocus: Bool? = nil
    ) {
        self.gain = gain
        self.usage = usage
        self.contentType = contentType
        self.willPauseWhenDucked = willPauseWhenDucked
        self.acceptsDelayedFocusGain = acceptsDelayedFocusGain
        self.locksFocus = locksFocus
    }
}

/// What the system does.
public enum AndroidSystemAction: Hashable, Sendable {
    /// The phone rings: telephony takes locked transient focus (usage `notificationRingtone`).
    case incomingCall
    /// The call is answered (usage `voiceCommunication`).
    case answerCall
    case declineCall
    case endCall
    /// The assistant takes focus with `gain` (usage `assistant`).
    case assistantBegin(FocusGain)
    case assistantEnd
    /// The clock's alarm takes transient focus (usage `alarm`).
    case alarmBegin
    case alarmEnd
    /// A notification sound asks to play.
    case notification
}
