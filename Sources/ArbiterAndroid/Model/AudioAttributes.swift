/// `AudioAttributes.USAGE_*`: what a sound is for.
public enum Usage: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case unknown, media, voiceCommunication, voiceCommunicationSignalling, alarm, notification, notificationRingtone
    case notificationCommunicationRequest, notificationCommunicationInstant, notificationCommunicationDelayed
    case notificationEvent, assistanceAccessibility, assistanceNavigationGuidance, assistanceSonification, game
    case assistant, callAssistant, emergency, safety, vehicleStatus, announcement

    public var description: String { rawValue }
}

/// `AudioAttributes.CONTENT_TYPE_*`: what a sound is.
public enum ContentType: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case unknown, speech, music, movie, sonification

    public var description: String { rawValue }
}

/// A request's or a player's `AudioAttributes`.
public struct AudioAttributes: Hashable, Sendable, CustomStringConvertible {
    /// What the sound is for.
    public var usage: Usage
    /// What the sound is.
    public var contentType: ContentType

    /// Attributes; `AudioAttributes.Builder`'s defaults are usage MEDIA, content UNKNOWN.
    public init(usage: Usage = .media, contentType: ContentType = .unknown) {
        self.usage = usage
        self.contentType = contentType
    }

    public var description: String { "\(usage)/\(contentType)" }
}
