/// What an app is told that its own code may react to.
public enum ReactionTrigger: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case interruptionBegan, interruptionEnded
    case oldDeviceUnavailable, newDeviceAvailable
    case mediaServicesReset
    case silenceSecondaryAudioBegan, silenceSecondaryAudioEnded
    case remote(RemoteCommand)

    /// The triggers that are not remote commands, in the order help lists them.
    public static let notifications: [ReactionTrigger] = [
        .interruptionBegan, .interruptionEnded, .oldDeviceUnavailable, .newDeviceAvailable, .mediaServicesReset,
        .silenceSecondaryAudioBegan, .silenceSecondaryAudioEnded,
    ]

    /// Every trigger: the notifications, then a remote command each.
    public static let allCases: [ReactionTrigger] = notifications + RemoteCommand.allCases.map(ReactionTrigger.remote)

    public var description: String {
        switch self {
        case .interruptionBegan: "interruptionBegan"
        case .interruptionEnded: "interruptionEnded"
        case .oldDeviceUnavailable: "oldDeviceUnavailable"
        case .newDeviceAvailable: "newDeviceAvailable"
        case .mediaServicesReset: "mediaServicesReset"
        case .silenceSecondaryAudioBegan: "silenceSecondaryAudioBegan"
        case .silenceSecondaryAudioEnded: "silenceSecondaryAudioEnded"
        case .remote(let command): "remote.\(command)"
        }
    }

    /// A trigger by its scenario key (`interruptionEnded`, `remote.togglePlayPause`).
    public init?(key: String) {
        if key.hasPrefix("remote.") {
            guard let command = RemoteCommand(rawValue: String(key.dropFirst("remote.".count))) else { return nil }
            self = .remote(command)
            return
        }
        guard let trigger = ReactionTrigger.notifications.first(where: { $0.description == key }) else { return nil }
        self = trigger
    }
}

/// What the app's code does when triggered.
public enum Reaction: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// Pause every playing player.
    case pause
    /// Play the players that are paused.
    case resume
    /// Resume only when the interruption ended with shouldResume.
    case resumeIfShouldResume
    case stop
    /// Play every player.
    case play
    case togglePlayPause
    case nextTrack
    /// `setActive(false)` without notifying others.
    case deactivate
    /// `setActive(false, options: .notifyOthersOnDeactivation)` (extension).
    case deactivateNotifyingOthers
    /// Re-apply the app's declared category, mode and options (extension; what Apple asks of apps after a
    /// media services reset).
    case restoreSession
    case nothing

    public var description: String { rawValue }
}
