import ArbiterEngine
import ArbiterScenario

/// What a program is when no rule names it: a named, documented choice per `media.role` (docs/linux.md, "The
/// role defaults"). Each either declares an app the way an iOS app of that kind declares its session, or says the
/// stream is the system's own audio (a call, the assistant, an alarm).
public struct RoleDefault: Sendable {
    /// `role.music`, `role.none`, ...: printed where a decision rests on it.
    public var id: String
    /// The `media.role` values it stands for (compared without case).
    public var roles: [String]
    /// What it declares, in the scenario vocabulary; nil for system audio.
    public var app: AppConfig?
    public var system: SystemAudio?
    /// Why: the iOS app it is modelled on.
    public var because: String

    /// The default for a stream with `role` (nil or empty: none set), and whether the role was one it knows.
    public static func forRole(_ role: String?) -> (RoleDefault, known: Bool) {
        guard let role, !role.isEmpty else { return (none, true) }
        if let found = all.first(where: { $0.roles.contains { $0.caseInsensitiveCompare(role) == .orderedSame } }) {
            return (found, true)
        }
        return (none, false)
    }

    /// Every default, in the order the docs list them.
    public static let all: [RoleDefault] = [
        music, movie, game, notification, navigation, call, alarm, accessibility,
        assistant, production,
    ]

    static func app(
        category: ArbiterEngine.Category, mode: Mode = .default, options: CategoryOptions = [],
        player: PlayerKind = .avPlayer, reactions: [ReactionTrigger: Reaction] = [:]
    ) -> AppConfig {
        AppConfig(
            AppID("program"), backgroundModes: [.audio], category: category, mode: mode, options: options,
            players: [PlayerConfig(name: "main", kind: player)], reactions: reactions)
    }

    /// A media app's reactions: resume when an interruption ends with shouldResume, pause when its output device
    /// goes away (Apple's guidance for playback apps).
    static let mediaReactions: [ReactionTrigger: Reaction] = [
        .interruptionEnded: .resumeIfShouldResume,
        .oldDeviceUnavailable: .pause,
    ]

    public static let music = RoleDefault(
        id: "role.music", roles: ["Music"],
        app: app(category: .playback, reactions: mediaReactions), system: nil,
        because: "a music player: playback, not mixable, background audio (Music on iOS); a second one interrupts it")
    public static let movie = RoleDefault(
        id: "role.movie", roles: ["Movie", "Video"],
        app: app(category: .playback, mode: .moviePlayback, reactions: mediaReactions), system: nil,
        because: "a video player: playback in moviePlayback mode, not mixable (TV on iOS)")
    public static let game = RoleDefault(
        id: "role.game", roles: ["Game"],
        app: app(category: .ambient, player: .audioEngine), system: nil,
        because: "a game's sound: ambient, mixes with others and is silenced by the Silent switch and the lock; "
            + "it comes to the foreground when it starts")
    public static let notification = RoleDefault(
        id: "role.notification", roles: ["Notification", "Event"],
        app: app(category: .playback, options: [.mixWithOthers], player: .audioPlayer), system: nil,
        because: "a notification sound: playback that mixes with others and plays in the background (iOS plays "
            + "these as system sounds, which the model does not cover)")
    public static let navigation = RoleDefault(
        id: "role.navigation", roles: ["Navigation"],
        app: app(
            category: .playback, mode: .voicePrompt,
            options: [.mixWithOthers, .duckOthers, .interruptSpokenAudioAndMixWithOthers], player: .audioPlayer,
            reactions: [.interruptionEnded: .resumeIfShouldResume]),
        system: nil,
        because:
            "turn-by-turn prompts: playback in voicePrompt mode, ducking others and interrupting spoken audio (Maps on iOS)"
    )
    public static let call = RoleDefault(
        id: "role.call", roles: ["Phone", "Communication"], app: nil, system: .call,
        because: "a call: the phone's own call, answered while the stream runs and ended when the last one stops")
    public static let alarm = RoleDefault(
        id: "role.alarm", roles: ["Alarm"], app: nil, system: .alarm,
        because: "an alarm: the Clock app's alarm, which interrupts others while it sounds")
    public static let accessibility = RoleDefault(
        id: "role.accessibility", roles: ["Accessibility", "A11y"],
        app: app(
            category: .playback, mode: .spokenAudio, options: [.mixWithOthers, .duckOthers], player: .audioPlayer),
        system: nil,
        because: "a screen reader: spoken audio that mixes and ducks others (VoiceOver's audio ducking)")
    public static let assistant = RoleDefault(
        id: "role.assistant", roles: ["Assistant"], app: nil, system: .assistant,
        because: "a voice assistant: Siri, which interrupts others while it listens and speaks")
    public static let production = RoleDefault(
        id: "role.production", roles: ["Production"],
        app: app(category: .playAndRecord, player: .audioEngine), system: nil,
        because: "an audio production app: playAndRecord, not mixable (GarageBand on iOS)")
    /// No role, or one not listed: a program that mixes with the others, so that an unknown program never pauses
    /// anyone; it is still ducked, paused by calls and told of interruptions.
    public static let none = RoleDefault(
        id: "role.none", roles: [],
        app: app(category: .playback, options: [.mixWithOthers], reactions: mediaReactions), system: nil,
        because: "a program with no role: playback that mixes with others, so that it interrupts no one")
}

extension RoleDefault {
    /// A capture stream a rule does not name, whatever its role (a call's excepted): a recorder that mixes with
    /// others, so that opening a microphone pauses no one; a call refuses it, as iOS refuses recording then.
    public static let capture = RoleDefault(
        id: "role.capture", roles: [],
        app: AppConfig(
            AppID("program"), backgroundModes: [.audio], category: .playAndRecord, options: [.mixWithOthers],
            players: [PlayerConfig(name: "main", kind: .recorder)]),
        system: nil,
        because: "a program recording: playAndRecord that mixes with others (a voice memo app)")
}
