/// The session preferences an app sets with `setPrefers...`: whether a route disconnect (iOS 17+) or a ringing
/// Banner-style call (iOS 14.5+) interrupts it. Reference §5.2.
extension Engine {
    /// Sets one of app `i`'s session preferences. It changes nothing else at once: the preference is read when the
    /// output goes away (`disconnect`) or a call rings (`incomingCall`).
    mutating func setPreference(
        _ i: Int, _ preference: SessionPreference, _ value: Bool,
        _ effects: inout Effects
    ) -> StepResult {
        let rule: Rule
        switch preference {
        case .interruptionOnRouteDisconnect:
            rule = .prefersInterruptionOnRouteDisconnect
            if apps[i].session.prefersInterruptionOnRouteDisconnect == value { return .succeeded }
            apps[i].session.prefersInterruptionOnRouteDisconnect = value
        case .noInterruptionsFromSystemAlerts:
            rule = .prefersNoInterruptionsFromSystemAlerts
            if apps[i].session.prefersNoInterruptionsFromSystemAlerts == value { return .succeeded }
            apps[i].session.prefersNoInterruptionsFromSystemAlerts = value
        case .voiceProcessing:
            rule = .voiceProcessingDucksOthers
            if apps[i].session.voiceProcessing == value { return .succeeded }
            apps[i].session.voiceProcessing = value
        }
        effects.record(i, .sessionPreference(preference, value), rule)
        return .succeeded
    }
}

extension Rule {
    static let voiceProcessingDucksOthers = Rule(
        id: "ducking.voice-processing-ducks-others",
        statement: "voice processing on (the voice-processing I/O unit, setVoiceProcessingEnabled) ducks other apps "
            + "while its session is an active playAndRecord one, mixable or not, without duckOthers; off, it does not",
        source: "§13.7: livekit/client-sdk-swift#839 (maintainer confirmed); "
            + "DOC:avfaudio/avaudiovoiceprocessingotheraudioduckingconfiguration (iOS 17)",
        evidence: .observed)
    static let prefersInterruptionOnRouteDisconnect = Rule(
        id: "route.prefers-interruption-on-disconnect",
        statement: "setPrefersInterruptionOnRouteDisconnect (iOS 17+) opts the session out of (false) or back into "
            + "(true, the default) the routeDisconnected interruption of the Now Playing session when its output "
            + "accessory goes away; the call does not exist before iOS 17",
        source: "H18 (setPrefersInterruptionOnRouteDisconnect, routeDisconnected); reference §5.2, §6.4",
        evidence: .documented)
    static let prefersNoInterruptionsFromSystemAlerts = Rule(
        id: "system.prefers-no-interruptions-from-alerts",
        statement: "setPrefersNoInterruptionsFromSystemAlerts(true) (iOS 14.5+): an incoming call shown as a banner "
            + "does not interrupt the session while it rings; a full-screen call ignores the preference",
        source: "H18 (prefersNoInterruptionsFromSystemAlerts); reference §5.2 (Banner call style row)",
        evidence: .documented)
}
