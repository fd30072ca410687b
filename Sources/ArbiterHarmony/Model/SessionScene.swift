/// What an AudioSession is for, set with `setAudioSessionScene` before activation (`AudioSessionScene`, API 20,
/// §9.1): a session with a scene takes focus itself with a synthetic entry of the scene's type (§9.4).
public enum SessionScene: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case media, game, voiceCommunication

    public var description: String { rawValue }

    /// The type of the session's synthetic focus entry (AS `GetFakeStreamType`).
    public var focusType: FocusType {
        switch self {
        case .media: .music
        case .game: .game
        case .voiceCommunication: .voiceCommunication
        }
    }

    /// The API level that brought session scenes.
    public static let since = 20
}

/// `AudioSessionStateChangeHint` (API 20, §9.1): what the session's `on('audioSessionStateChanged')` is told when its
/// synthetic entry is interrupted (§9.4).
public enum SessionStateHint: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case resume, pause, stop, timeOutStop, duck, unduck
    public var description: String { rawValue }
}

extension FocusType {
    /// Whether a stream of this type keeps its own focus entry while its app's session has a scene: notifications,
    /// DTMF, alarms, call assistants, ultrasonic, accessibility and every recording (§9.4, AS
    /// `ShouldExcludeStreamTypeInner`); the others bypass focus.
    var keepsOwnEntryInScene: Bool {
        isRecording || [.notification, .dtmf, .alarm, .voiceCallAssistant, .ultrasonic, .accessibility].contains(self)
    }
}
