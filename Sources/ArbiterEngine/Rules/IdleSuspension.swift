/// Time passing in the background: an app that keeps an active session but plays and records nothing is suspended.
extension Engine {
    /// When the next app idling in the background is due to be suspended (`background.idle-suspends`), if any. A
    /// replay lets time pass to this instant, so that the suspension is reported when it happens.
    public var nextIdleSuspension: Time? {
        guard let limit = profile.idleBackgroundSuspension else { return nil }
        return derived.idleInBackground.compactMap { derived.idleSince[$0] }.min().map { $0 + limit }
    }

    /// Suspends the apps that have idled in the background for the profile's `idleBackgroundSuspension` by now, in
    /// the order they became idle (§13.4). Returns whether it suspended any.
    mutating func suspendAppsIdlingTooLong(_ effects: inout Effects) -> Bool {
        guard let limit = profile.idleBackgroundSuspension else { return false }
        let due = derived.idleInBackground
            .compactMap { i in derived.idleSince[i].map { (app: i, since: $0) } }
            .filter { $0.since + limit <= now }
            .sorted { ($0.since, $0.app) < ($1.since, $1.app) }
        for idle in due { suspend(idle.app, rule: .idleBackgroundSuspends, &effects) }
        return !due.isEmpty
    }
}

extension Rule {
    static let idleBackgroundSuspends = Rule(
        id: "background.idle-suspends",
        statement: "an app in the background whose session is active but that plays and records nothing is "
            + "suspended once it has idled for the profile's idleBackgroundSuspension (default 30 s): its session is "
            + "deactivated, as for any suspension; deactivate the session when not using audio in the background",
        source: "§13.4: ryanheise/audio_session#7 (iOS 14.0.1); doublesymmetry/react-native-track-player#1088 "
            + "(observed, several reporters)",
        evidence: .observed)
}
