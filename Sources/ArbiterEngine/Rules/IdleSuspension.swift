/// Time passing in the background: an app that keeps an active session but plays and records nothing is suspended.
extension Engine {
    /// When the next app idling in the background is due to be suspended (`background.idle-suspends`), if any. A
    /// replay lets time pass to this instant, so that the suspension is reported when it happens.
    public var nextIdleSuspension: Time? {
        guard let limit = profile.idleBackgroundSuspension, let first = derived.idling.first else { return nil }
        return first.since + limit
    }

    /// Whether an app idling in the background is due to be suspended by now. Asked before every event: inlined,
    /// one comparison when an app idles, none when none does.
    @inline(__always)
    var hasIdleAppDue: Bool {
        guard let first = derived.idling.first, let limit = profile.idleBackgroundSuspension else { return false }
        return first.since + limit <= now
    }

    /// Suspends the apps that have idled in the background for the profile's `idleBackgroundSuspension` by now, in
    /// the order they started idling (§13.4).
    mutating func suspendAppsIdlingTooLong(_ effects: inout Effects) {
        guard let limit = profile.idleBackgroundSuspension else { return }
        let due = derived.idling.prefix { $0.since + limit <= now }.map(\.app)
        for i in due { suspend(i, rule: .idleBackgroundSuspends, &effects) }
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
