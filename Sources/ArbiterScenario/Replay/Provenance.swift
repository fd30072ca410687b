import ArbiterEngine

/// Which decision last set each property, so a check can say why a value is what it is. Properties are named
/// as the scenario format's checks name them (`playing`, `gain`, `players.main`, `nowPlaying`, `route`).
public struct Provenance: Sendable {
    private var rules: [String: Rule] = [:]

    public init() {}

    /// The rule of the last decision that set `property` of `app` (nil: a device-wide property).
    public func rule(_ app: AppID?, _ property: String) -> Rule? { rules[Provenance.key(app, property)] }

    static func key(_ app: AppID?, _ property: String) -> String { "\(app?.name ?? "")|\(property)" }

    /// Notes the decisions of one step.
    public mutating func record(_ decisions: [Decision]) {
        for decision in decisions {
            for property in Provenance.properties(of: decision.change) {
                rules[Provenance.key(decision.app, property)] = decision.rule
            }
            if case .nowPlaying = decision.change { rules[Provenance.key(nil, "nowPlaying")] = decision.rule }
            if case .nowPlayingInfo = decision.change { rules[Provenance.key(nil, "nowPlaying")] = decision.rule }
            if case .route = decision.change { rules[Provenance.key(nil, "route")] = decision.rule }
        }
    }

    static func properties(of change: Change) -> [String] {
        switch change {
        case .activated, .deactivated: ["active"]
        case .interrupted: ["interrupted", "active"]
        case .interruptionEnded, .interruptionOrphaned: ["interrupted"]
        case .player(let name, _): ["playing", "recording", "players.\(name)"]
        case .lifecycle: ["state"]
        case .gain: ["gain", "ducked"]
        case .audible: ["audible"]
        case .categorySet, .modeDowngraded: ["category", "mode", "options", "mixable"]
        case .sessionReset: ["category", "mode", "options", "mixable", "active", "interrupted"]
        case .nowPlaying: ["nowPlaying"]
        default: []
        }
    }
}
