import ArbiterEngine

/// A notification's name as expectations spell it (`interruptionBegan`, `routeChange`, ...), with the fields an
/// expectation may pin down. The cases' order is the order messages list them in.
enum NotificationName: String, CaseIterable, Sendable {
    case interruptionBegan, interruptionEnded, routeChange, silenceSecondaryAudioHint, mediaServicesWereReset
    case mediaServicesWereLost, remoteCommand, playbackStateChanged, didPlayToEndTime

    /// The name of a notification of this kind.
    init(_ kind: NotificationKind) {
        switch kind {
        case .interruptionBegan: self = .interruptionBegan
        case .interruptionEnded: self = .interruptionEnded
        case .routeChange: self = .routeChange
        case .silenceSecondaryAudioHint: self = .silenceSecondaryAudioHint
        case .mediaServicesWereReset: self = .mediaServicesWereReset
        case .mediaServicesWereLost: self = .mediaServicesWereLost
        case .remoteCommand: self = .remoteCommand
        case .playbackStateChanged: self = .playbackStateChanged
        case .didPlayToEndTime: self = .didPlayToEndTime
        }
    }

    /// The fields an expectation of it may give.
    var fields: [String] {
        switch self {
        case .interruptionBegan: ["reason"]
        case .interruptionEnded: ["shouldResume"]
        case .routeChange: ["reason", "previousOutputs"]
        case .silenceSecondaryAudioHint: ["type"]
        case .remoteCommand: ["command", "status"]
        case .playbackStateChanged: ["player", "state"]
        case .didPlayToEndTime: ["player"]
        case .mediaServicesWereReset, .mediaServicesWereLost: []
        }
    }
}
