import ArbiterAndroid

/// What a program's stream is to Android: the `AudioAttributes` usage its `media.role` stands for, and the focus
/// request an app of that usage makes (docs/linux.md, "Android's focus on a live graph").
public struct AndroidRoleUsage: Hashable, Sendable {
    /// The `media.role` values it stands for (compared without case); empty for the row of streams with no role.
    public var roles: [String]
    public var usage: Usage
    public var contentType: ContentType
    /// The request `play` makes: what an app of this usage asks for (AudioManager's guidance for each kind).
    public var gain: FocusGain

    /// The `AudioAttributes` an app of this row plays with.
    public var attributes: AudioAttributes { AudioAttributes(usage: usage, contentType: contentType) }

    public init(roles: [String], usage: Usage, contentType: ContentType, gain: FocusGain) {
        self.roles = roles
        self.usage = usage
        self.contentType = contentType
        self.gain = gain
    }

    /// The row for `role` (nil or empty: no role set); a role the table does not know is media, as no role is.
    public static func forRole(_ role: String?) -> AndroidRoleUsage {
        guard let role, !role.isEmpty else { return media }
        return all.first { $0.roles.contains { $0.caseInsensitiveCompare(role) == .orderedSame } } ?? media
    }

    /// Whether the table names `role`.
    public static func knows(_ role: String) -> Bool {
        all.contains { $0.roles.contains { $0.caseInsensitiveCompare(role) == .orderedSame } }
    }

    /// The focus request an app of `usage` makes: media and games for good, spoken guidance and notifications
    /// transiently letting others duck, a call, an alarm, the assistant and an emergency transiently.
    public static func gain(for usage: Usage) -> FocusGain {
        switch usage {
        case .media, .game, .unknown: .gain
        case .assistanceNavigationGuidance, .notification, .notificationEvent, .notificationRingtone,
            .notificationCommunicationRequest, .notificationCommunicationInstant, .notificationCommunicationDelayed,
            .announcement, .assistanceSonification, .assistanceAccessibility, .safety, .vehicleStatus:
            .gainTransientMayDuck
        case .voiceCommunication, .voiceCommunicationSignalling, .callAssistant, .alarm, .assistant, .emergency:
            .gainTransient
        }
    }

    static func row(_ roles: [String], _ usage: Usage, _ contentType: ContentType) -> AndroidRoleUsage {
        AndroidRoleUsage(roles: roles, usage: usage, contentType: contentType, gain: gain(for: usage))
    }

    /// Music, Movie, Video and streams with no role (or one the table does not know).
    public static let media = row(["Music", "Movie", "Video"], .media, .music)
    public static let game = row(["Game"], .game, .sonification)
    public static let navigation = row(["Navigation"], .assistanceNavigationGuidance, .speech)
    public static let call = row(["Phone", "Communication"], .voiceCommunication, .speech)
    public static let notification = row(["Notification", "Event"], .notification, .sonification)
    public static let alarm = row(["Alarm"], .alarm, .sonification)
    public static let assistant = row(["Assistant"], .assistant, .speech)
    public static let emergency = row(["Emergency"], .emergency, .sonification)
    public static let accessibility = row(["Accessibility", "A11y"], .assistanceAccessibility, .speech)
    public static let announcement = row(["Announcement"], .announcement, .speech)

    /// Every row, in the order the docs list them.
    public static let all: [AndroidRoleUsage] = [
        media, game, navigation, call, notification, alarm, assistant,
        emergency, accessibility, announcement,
    ]
}
