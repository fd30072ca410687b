/// The built-in microphone muted in hardware (an iPad's Smart Folio closed), and the device waking from sleep.
/// Reference §5.2 (built-in mic row), §2.1-§2.2 (overrideMutedMicrophoneInterruption), §6.1 (route change reasons).
extension Engine {
    /// Mutes or unmutes the built-in mic. Muting interrupts every session running input from it (reason
    /// builtInMicMuted) unless its options include overrideMutedMicrophoneInterruption; unmuting ends those
    /// interruptions only when the profile says so (`micUnmuteEndsInterruption`), else they are never ended.
    mutating func setBuiltInMicMuted(_ muted: Bool, _ effects: inout Effects) -> StepResult {
        guard device.builtInMicMuted != muted else { return .succeeded }
        device.builtInMicMuted = muted
        effects.record(nil, .builtInMicMuted(muted), muted ? .mutedMicInterrupts : .micUnmuted)
        if muted {
            interruptMutedMicInput(&effects)
        } else {
            for j in takeInterrupted(bySystem: .micMuted) {
                if profile.micUnmuteEndsInterruption {
                    endInterruption(j, shouldResume: true, rule: .micUnmuted, &effects)
                } else {
                    apps[j].session.interruption?.endPending = false
                    effects.record(j, .interruptionOrphaned, .micUnmuted)
                }
            }
        }
        return .succeeded
    }

    /// Whether the muted built-in mic stops app `j`'s input: the mic is muted, the session takes its input from the
    /// built-in mic, and its options lack overrideMutedMicrophoneInterruption.
    @inline(__always)
    mutating func mutedMicSilences(_ j: Int) -> Bool {
        guard device.builtInMicMuted, apps[j].session.category.traits.hasInput,
            !apps[j].session.effectiveOptions.contains(.overrideMutedMicrophoneInterruption)
        else { return false }
        return takesBuiltInMicInput(j)
    }

    /// Whether app `j`'s session (as the owner of the hardware) takes its input from the built-in mic.
    private func takesBuiltInMicInput(_ j: Int) -> Bool {
        route(for: apps[j].session).inputs.contains { $0.type == .builtInMic }
    }

    /// After app `i` activated: a record session whose only input is the muted built-in mic has no suitable route,
    /// and every app with an active session is told (routeChange, noSuitableRouteForCategory).
    mutating func announceNoSuitableRoute(activating i: Int, _ effects: inout Effects) {
        guard device.builtInMicMuted, apps[i].session.category == .record, mutedMicSilences(i) else { return }
        announceRouteChange(
            from: routeBefore(effects), reason: .noSuitableRouteForCategory,
            rule: .noSuitableRouteForRecord, always: true, &effects)
    }

    /// The device wakes from sleep: every app with an active session gets a route change, wakeFromSleep.
    mutating func wake(_ effects: inout Effects) -> StepResult {
        effects.record(nil, .woke, .wakeFromSleep)
        announceRouteChange(
            from: routeBefore(effects), reason: .wakeFromSleep, rule: .wakeFromSleep,
            always: true, &effects)
        return .succeeded
    }
}

extension Rule {
    static let mutedMicCannotStartInput = Rule(
        id: "mic.muted-cannot-start-input",
        statement: "starting input (record) from the muted built-in mic fails, unless the options include "
            + "overrideMutedMicrophoneInterruption; the error code is undocumented: the model uses "
            + "resourceNotAvailable ('!res', the code for missing input hardware)",
        source: "H17 (attempting to start input when the microphone is muted will fail; code unspecified); "
            + "HERR ('!res': hardware missing, e.g. no input); reference §5.2, §4.3",
        evidence: .documented)
    static let micUnmuted = Rule(
        id: "mic.unmuted",
        statement: "unmuting the built-in mic ends the builtInMicMuted interruptions with shouldResume only with "
            + "profile micUnmuteEndsInterruption (default no: the reference documents no ended, so none is sent "
            + "and the apps stay interrupted until they reactivate)",
        source: "reference §5.2 (silent on ended for builtInMicMuted)",
        evidence: .tunable)
    static let noSuitableRouteForRecord = Rule(
        id: "route.no-suitable-route",
        statement: "a record session activated while its only input, the built-in mic, is muted has no suitable "
            + "route: apps with an active session get a route change, noSuitableRouteForCategory",
        source: "H17 (RouteChangeReason noSuitableRouteForCategory = 7, e.g. record with no input); reference §6.1",
        evidence: .documented)
    static let wakeFromSleep = Rule(
        id: "route.wake-from-sleep",
        statement: "when the device wakes from sleep, apps with an active session get a route change, wakeFromSleep",
        source: "H17 (RouteChangeReason wakeFromSleep = 6); reference §6.1",
        evidence: .documented)
}
