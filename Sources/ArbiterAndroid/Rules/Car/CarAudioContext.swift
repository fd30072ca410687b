import ArbiterEngine

/// The car's audio contexts: CarAudioService groups usages into contexts, and focus and ducking follow contexts.
public enum CarAudioContext: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case invalid, music, navigation, voiceCommand, callRing, call, alarm, notification, systemSound, emergency, safety
    case vehicleStatus, announcement

    /// The twelve contexts a usage can have (all but `invalid`), in AOSP's order.
    public static let real: [CarAudioContext] = Array(allCases.dropFirst())

    /// The context of a usage (CarAudioContext's usage lists; the deprecated NOTIFICATION_COMMUNICATION_* usages
    /// are notifications).
    public init(_ usage: Usage) {
        switch usage {
        case .unknown, .media, .game: self = .music
        case .assistanceNavigationGuidance: self = .navigation
        case .assistanceAccessibility, .assistant: self = .voiceCommand
        case .notificationRingtone: self = .callRing
        case .voiceCommunication, .callAssistant, .voiceCommunicationSignalling: self = .call
        case .alarm: self = .alarm
        case .notification, .notificationEvent, .notificationCommunicationRequest, .notificationCommunicationInstant,
            .notificationCommunicationDelayed:
            self = .notification
        case .assistanceSonification: self = .systemSound
        case .emergency: self = .emergency
        case .safety: self = .safety
        case .vehicleStatus: self = .vehicleStatus
        case .announcement: self = .announcement
        }
    }

    public var description: String { rawValue }
}

extension AndroidRules {
    static let carContext = Rule(
        id: "car.context",
        statement: "the car decides focus by audio context: MUSIC for media, game and unknown, NAVIGATION, "
            + "VOICE_COMMAND for the assistant and accessibility, CALL_RING, CALL, ALARM, NOTIFICATION, SYSTEM_SOUND, "
            + "EMERGENCY, SAFETY, VEHICLE_STATUS, ANNOUNCEMENT",
        source: AOSP.carAudioContext,
        evidence: .documented)
}
