import ArbiterHarmony

/// What a program's stream is to HarmonyOS: the `StreamUsage` its `media.role` stands for (docs/linux.md,
/// "HarmonyOS's focus on a live graph"). The usage gives the focus type the focus table reads.
public struct HarmonyRoleUsage: Hashable, Sendable {
    /// The `media.role` values it stands for (compared without case); empty for the row of streams with no role.
    public var roles: [String]
    public var usage: StreamUsage

    public init(roles: [String], usage: StreamUsage) {
        self.roles = roles
        self.usage = usage
    }

    /// The row for `role` (nil or empty: no role set); a role the table does not know is music, as no role is.
    public static func forRole(_ role: String?) -> HarmonyRoleUsage {
        guard let role, !role.isEmpty else { return music }
        return all.first { $0.roles.contains { $0.caseInsensitiveCompare(role) == .orderedSame } } ?? music
    }

    /// Whether the table names `role`.
    public static func knows(_ role: String) -> Bool {
        all.contains { $0.roles.contains { $0.caseInsensitiveCompare(role) == .orderedSame } }
    }

    /// Music and streams with no role (or one the table does not know).
    public static let music = HarmonyRoleUsage(roles: ["Music"], usage: .music)
    public static let movie = HarmonyRoleUsage(roles: ["Movie", "Video"], usage: .movie)
    public static let game = HarmonyRoleUsage(roles: ["Game"], usage: .game)
    public static let audiobook = HarmonyRoleUsage(roles: ["Audiobook"], usage: .audiobook)
    public static let navigation = HarmonyRoleUsage(roles: ["Navigation"], usage: .navigation)
    public static let call = HarmonyRoleUsage(roles: ["Phone", "Communication"], usage: .voiceCommunication)
    public static let ringtone = HarmonyRoleUsage(roles: ["Ringtone"], usage: .ringtone)
    public static let notification = HarmonyRoleUsage(roles: ["Notification", "Event"], usage: .notification)
    public static let alarm = HarmonyRoleUsage(roles: ["Alarm"], usage: .alarm)
    public static let assistant = HarmonyRoleUsage(roles: ["Assistant"], usage: .voiceAssistant)
    public static let accessibility = HarmonyRoleUsage(roles: ["Accessibility", "A11y"], usage: .accessibility)

    /// Every row, in the order the docs list them.
    public static let all: [HarmonyRoleUsage] = [
        music, movie, game, audiobook, navigation, call, ringtone, notification, alarm, assistant, accessibility,
    ]
}
