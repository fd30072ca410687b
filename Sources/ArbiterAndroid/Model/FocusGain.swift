/// What a focus request asks for (`AudioManager.AUDIOFOCUS_GAIN*`).
public enum FocusGain: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// `AUDIOFOCUS_GAIN` (1): for an unknown time; the previous holder should stop.
    case gain
    /// `AUDIOFOCUS_GAIN_TRANSIENT` (2): for a short time; the holder should pause.
    case gainTransient
    /// `AUDIOFOCUS_GAIN_TRANSIENT_MAY_DUCK` (3): for a short time; the holder may keep playing, lower.
    case gainTransientMayDuck
    /// `AUDIOFOCUS_GAIN_TRANSIENT_EXCLUSIVE` (4): for a short time, and nothing else should play.
    case gainTransientExclusive

    /// Whether the gain is for a short time.
    public var isTransient: Bool { self != .gain }
    public var description: String { rawValue }
}

/// A focus change delivered to an app's `OnAudioFocusChangeListener`.
public enum FocusChange: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// `AUDIOFOCUS_GAIN`: focus is back.
    case gain
    /// `AUDIOFOCUS_LOSS` (-1): lost for good; the app has left the stack.
    case loss
    /// `AUDIOFOCUS_LOSS_TRANSIENT` (-2): lost for a while; it comes back when the winner abandons.
    case lossTransient
    /// `AUDIOFOCUS_LOSS_TRANSIENT_CAN_DUCK` (-3): lost for a while; the app may keep playing lower.
    case lossTransientCanDuck

    public var description: String { rawValue }
}

/// What `requestAudioFocus` returns (`AUDIOFOCUS_REQUEST_*`).
public enum FocusRequestResult: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case granted
    /// The request waits below a locked owner (a call) and gets `gain` later.
    case delayed
    case failed

    public var description: String { rawValue }
}

/// Where an app stands with focus.
public enum FocusStatus: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// It holds focus: the top of the stack (in the car, a holder).
    case gain
    /// It waits in the stack, told `lossTransient`.
    case lossTransient
    /// It waits in the stack, ducked or told `lossTransientCanDuck`.
    case lossTransientCanDuck
    /// It lost focus for good and left the stack.
    case loss
    /// Its request was delayed and waits for `gain`.
    case delayed
    /// It never asked, or abandoned.
    case none

    public var description: String { rawValue }
}
