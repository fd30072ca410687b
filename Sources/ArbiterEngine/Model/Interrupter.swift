/// Who interrupted a session.
public enum Interrupter: Hashable, Sendable, CustomStringConvertible {
    /// Another app's session activation.
    case app(AppID)
    /// A phone or FaceTime call, ringing or answered.
    case phoneCall
    case siri
    /// A clock alarm or calendar alert.
    case alarm
    /// iOS 17+: the Now Playing session's output accessory went away.
    case routeDisconnect
    /// The built-in microphone was muted in hardware (an iPad's Smart Folio closed).
    case micMuted

    public var description: String {
        switch self {
        case .app(let app): app.name
        case .phoneCall: "phone call"
        case .siri: "Siri"
        case .alarm: "alarm"
        case .routeDisconnect: "route disconnect"
        case .micMuted: "built-in mic muted"
        }
    }

    /// True for everything but an app: calls, Siri, alarms, a route disconnect, a muted mic.
    public var isSystem: Bool {
        if case .app = self { return false }
        return true
    }
}

/// `AVAudioSession.InterruptionReason`, sent with `began` (iOS 14.5+).
public enum InterruptionReason: Int, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Another session was activated.
    case `default` = 0
    case appWasSuspended = 1
    case builtInMicMuted = 2
    case sceneWasBackgrounded = 3
    /// iOS 17+: the Now Playing session's output accessory went away.
    case routeDisconnected = 4
    case deviceUnauthenticated = 5

    public var description: String {
        switch self {
        case .default: "default"
        case .appWasSuspended: "appWasSuspended"
        case .builtInMicMuted: "builtInMicMuted"
        case .sceneWasBackgrounded: "sceneWasBackgrounded"
        case .routeDisconnected: "routeDisconnected"
        case .deviceUnauthenticated: "deviceUnauthenticated"
        }
    }
}

/// A session's current interruption: who did it, when and why, and whether it can still end.
public struct Interruption: Hashable, Sendable {
    public var by: Interrupter
    public var at: Time
    public var reason: InterruptionReason
    /// False once the interrupter deactivated without notifying: no `ended` will ever come from it.
    public var endPending: Bool = true
    /// Set when the interrupter deactivated without notifying: the interruption ends late, without shouldResume,
    /// once that app is suspended or terminated (profile `lateEndWhenInterrupterLeaves`, reference §13.1).
    public var endsWhenInterrupterLeaves: Bool = false
}
