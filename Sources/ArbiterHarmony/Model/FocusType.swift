/// What a stream is for, as the focus table reads it: the internal stream type of a playback usage, or a recording's
/// source type (reference §2). Its raw value is the table's abbreviation (§3.2).
public enum FocusType: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case music = "MUS"
    case movie = "MOV"
    case game = "GAME"
    case speech = "SPCH"
    case navigation = "NAV"
    case voiceAssistant = "VAST"
    case voiceMessage = "VMSG"
    case voiceCommunication = "VOIP"
    case voiceCall = "VCALL"
    case voiceCallAssistant = "VCAST"
    case ring = "RING"
    case voiceRing = "VRING"
    case alarm = "ALRM"
    case notification = "NOTI"
    case system = "SYS"
    case enforced = "ENF"
    case dtmf = "DTMF"
    case accessibility = "A11Y"
    case ultrasonic = "ULT"
    case forceStop = "FSTOP"
    case mic = "s:MIC"
    case camcorder = "s:CAM"
    case unprocessed = "s:UNP"
    case live = "s:LIVE"
    case voiceRecognition = "s:VREC"
    case voiceMessageRecording = "s:VMSG"
    case voiceCommunicationRecording = "s:VOIP"
    case voiceCallRecording = "s:VCALL"
    case voiceTranscription = "s:VTRN"
    case wakeup = "s:WAKE"
    case playbackCapture = "s:PCAP"
    case remoteCast = "s:CAST"
    case ultrasonicRecording = "s:ULT"

    public var description: String { rawValue }

    /// Whether the type is a recording's (a `SourceType`).
    public var isRecording: Bool { rawValue.hasPrefix("s:") }

    /// The AudioSession type group a MIX_WITH_OTHERS strategy compares (§2.1, ASS `SESSION_TYPE_MAP`); recordings
    /// have none.
    public var sessionGroup: SessionGroup? {
        switch self {
        case .music, .movie, .game, .speech, .navigation, .voiceMessage: .media
        case .voiceCommunication: .voip
        case .voiceAssistant: .voiceAssistant
        case .alarm, .ring: .sonification
        case .notification: .notification
        case .system, .accessibility, .enforced, .ultrasonic: .system
        case .dtmf: .dtmf
        case .voiceCall, .voiceCallAssistant: .call
        default: nil
        }
    }
}

/// The groups of stream types an AudioSession's MIX_WITH_OTHERS strategy tells apart (§9.3).
public enum SessionGroup: String, Hashable, Sendable {
    case media, voip, voiceAssistant, sonification, notification, system, dtmf, call
}

/// What a playback stream plays (`audio.StreamUsage`): its focus type follows (§2.1, ASM `CreateStreamMap`).
public enum StreamUsage: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case unknown, music, voiceCommunication, voiceAssistant, alarm, voiceMessage, ringtone, notification
    case accessibility, movie, game, audiobook, navigation, videoCommunication
    /// System-only usages: the phone's own call and ring, system tones.
    case voiceModemCommunication, voiceRingtone, system, dtmf, enforcedTone

    public var description: String { rawValue }

    /// The usages an app may give a stream (the public enum, D-ENUM); the rest are the system's own.
    public static let forApps: [StreamUsage] = [
        .unknown, .music, .voiceCommunication, .voiceAssistant, .alarm, .voiceMessage, .ringtone, .notification,
        .accessibility, .movie, .game, .audiobook, .navigation, .videoCommunication,
    ]

    /// The focus type the table reads for a stream of this usage.
    public var focusType: FocusType {
        switch self {
        case .unknown, .music: .music
        case .voiceCommunication, .videoCommunication: .voiceCommunication
        case .voiceAssistant: .voiceAssistant
        case .alarm: .alarm
        case .voiceMessage: .voiceMessage
        case .ringtone: .ring
        case .notification: .notification
        case .accessibility: .accessibility
        case .movie: .movie
        case .game: .game
        case .audiobook: .speech
        case .navigation: .navigation
        case .voiceModemCommunication: .voiceCall
        case .voiceRingtone: .voiceRing
        case .system: .system
        case .dtmf: .dtmf
        case .enforcedTone: .enforced
        }
    }

    /// The API level that brought the usage (D-ENUM); nil for the system's own.
    public var since: Int? {
        switch self {
        case .unknown, .music, .voiceCommunication, .voiceAssistant: 9
        case .videoCommunication: 12
        case .voiceModemCommunication, .voiceRingtone, .system, .dtmf, .enforcedTone: nil
        default: 10
        }
    }
}

/// What a recording stream records (`audio.SourceType`): each is its own focus type (§2.2).
public enum SourceType: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case mic, voiceRecognition, voiceCommunication, voiceMessage, camcorder, unprocessed, live

    public var description: String { rawValue }

    public var focusType: FocusType {
        switch self {
        case .mic: .mic
        case .voiceRecognition: .voiceRecognition
        case .voiceCommunication: .voiceCommunicationRecording
        case .voiceMessage: .voiceMessageRecording
        case .camcorder: .camcorder
        case .unprocessed: .unprocessed
        case .live: .live
        }
    }

    /// The API level that brought the source type (D-ENUM).
    public var since: Int {
        switch self {
        case .mic, .voiceRecognition, .voiceCommunication: 9
        case .voiceMessage: 12
        case .camcorder: 13
        case .unprocessed: 14
        case .live: 20
        }
    }
}
