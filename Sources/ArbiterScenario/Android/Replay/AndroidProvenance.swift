import ArbiterAndroid
import ArbiterEngine

/// Which decision last set each property, so a check can say why a value is what it is when the engine's own
/// `AndroidAppState.rules` does not. Properties are named as the checks name them (`focus`, `ducked`,
/// `players.main`); the device's (`focus`, `stack`, `holders`, `notificationSoundPlays`) have no app.
public struct AndroidProvenance: Sendable {
    private var rules: [String: Rule] = [:]

    /// No decisions seen yet.
    public init() {}

    /// The rule of the last decision that set `property` of `owner` (nil: the device's).
    public func rule(_ owner: FocusOwner?, _ property: String) -> Rule? { rules[Self.key(owner, property)] }

    static func key(_ owner: FocusOwner?, _ property: String) -> String { "\(owner?.description ?? "")|\(property)" }

    /// Notes the decisions of one step.
    public mutating func record(_ decisions: [FocusDecision]) {
        for decision in decisions {
            for property in Self.properties(of: decision.change) {
                rules[Self.key(decision.owner, property)] = decision.rule
            }
            for property in Self.deviceProperties(of: decision.change) {
                rules[Self.key(nil, property)] = decision.rule
            }
            // Whether a notification would play is decided when one asks; a later change of the ringer or of who
            // holds focus leaves that decision out of date.
            if Self.changesNotificationSound(decision.change) { rules[Self.key(nil, "notificationSoundPlays")] = nil }
        }
    }

    static func properties(of change: FocusDecisionChange) -> [String] {
        switch change {
        case .request: ["request", "focus"]
        case .abandoned, .focus: ["focus"]
        case .ducked, .unducked: ["ducked", "volume", "audible"]
        case .fadingOut, .fadedOut, .fadedIn: ["faded", "volume", "audible"]
        case .muted: ["muted", "volume", "audible"]
        case .player(let name, _): ["playing", "audible", "players.\(name)"]
        case .volume: ["volume", "audible"]
        case .terminated: ["focus", "playing", "audible"]
        default: []
        }
    }

    static func changesNotificationSound(_ change: FocusDecisionChange) -> Bool {
        switch change {
        case .ringerMode, .focus(.gain), .abandoned, .terminated: true
        default: false
        }
    }

    static func deviceProperties(of change: FocusDecisionChange) -> [String] {
        switch change {
        // Who holds focus changes when someone gains it (or leaves it: a gain for the next follows in order).
        case .focus(.gain), .abandoned, .terminated: ["focus", "stack", "holders", "losers", "delayed"]
        case .request, .focus: ["stack", "losers", "delayed"]
        case .ducked, .unducked: ["duckedContexts"]
        case .notificationSound: ["notificationSoundPlays"]
        default: []
        }
    }
}
