import ArbiterEngine

/// Who can hold focus: an app, or one of the system's own clients.
public enum FocusOwner: Hashable, Sendable, CustomStringConvertible {
    case app(AppID)
    /// Telephony's "AudioFocus_For_Phone_Ring_And_Calls": ringing or in a call.
    case call
    case assistant
    /// The clock's alarm.
    case alarm

    /// The name a scenario uses: the app's, or `call`, `assistant`, `alarm`.
    public var description: String {
        switch self {
        case .app(let id): id.name
        case .call: "call"
        case .assistant: "assistant"
        case .alarm: "alarm"
        }
    }
}
