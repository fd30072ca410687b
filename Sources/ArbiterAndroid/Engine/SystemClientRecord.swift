import ArbiterEngine

/// One of the system's own focus clients (telephony, the assistant, the clock) as the engine keeps it: where it
/// stands with focus, its last request's result, and whether the car's ducking table ducks it. It has no players.
struct SystemClientRecord: Sendable {
    var status: FocusStatus = .none
    var lastRequest: FocusRequestResult?
    /// The car: ducked by the ducking table.
    var carDucked = false
    /// The rule behind each checked state, by check name.
    var rules: [String: Rule] = [:]
}

extension AndroidEngine {
    /// The state of any focus owner: an app's (`state(of:)` for its id), or a system client's, which has no players
    /// (on the phone the framework ducks players, so a system client is never ducked there).
    public func state(of owner: FocusOwner) -> AndroidAppState? {
        if case .app(let id) = owner { return state(of: id) }
        let record = systemClients[owner] ?? SystemClientRecord()
        return AndroidAppState(
            focus: record.status, lastRequest: record.lastRequest, ducked: isCar && record.carDucked,
            rules: record.rules)
    }
}
