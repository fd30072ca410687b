/// Calls, Siri and alarms: the system's own audio interrupts the apps and, when it is over, says so.
extension Engine {
    mutating func apply(_ action: SystemAction, _ effects: inout Effects) -> StepResult {
        switch action {
        case .incomingCall:
            setCall(.ringing, &effects)
            interruptActiveSessions(by: .phoneCall, rule: .callInterrupts, sparing: true, &effects)
        case .answerCall:
            setCall(.active, &effects)
            interruptActiveSessions(by: .phoneCall, rule: .callAnswered, answering: true, &effects)
        case .declineCall:
            setCall(nil, &effects)
            endSystemInterruption(by: .phoneCall, shouldResume: true, rule: .declinedCallResumes, &effects)
        case .endCall:
            if device.call == .active {
                setCall(nil, &effects)
                endSystemInterruption(
                    by: .phoneCall, shouldResume: profile.callEndedShouldResume,
                    rule: .answeredCallEnds, &effects)
            } else {  // ringing: ending it declines it
                setCall(nil, &effects)
                endSystemInterruption(by: .phoneCall, shouldResume: true, rule: .declinedCallResumes, &effects)
            }
        case .siriBegin:
            device.isSiriActive = true
            effects.record(nil, .siri(true), .siriInterrupts)
            interruptActiveSessions(by: .siri, rule: .siriInterrupts, &effects)
        case .siriEnd:
            device.isSiriActive = false
            effects.record(nil, .siri(false), .siriEnds)
            endSystemInterruption(by: .siri, shouldResume: profile.siriEndedShouldResume, rule: .siriEnds, &effects)
            appliesQueuedCommands = !siriQueuedCommands.isEmpty
        case .alarmBegin:
            device.isAlarmActive = true
            effects.record(nil, .alarm(true), .alarmInterrupts)
            interruptActiveSessions(by: .alarm, rule: .alarmInterrupts, &effects)
        case .alarmEnd:
            device.isAlarmActive = false
            effects.record(nil, .alarm(false), .alarmEnds)
            endSystemInterruption(by: .alarm, shouldResume: profile.alarmEndedShouldResume, rule: .alarmEnds, &effects)
        case .mediaServicesLost: return mediaServicesLost(&effects)
        case .mediaServicesReset: return mediaServicesReset(&effects)
        case .remote(let command, let value): return remote(command, value: value, &effects)
        }
        return .succeeded
    }

    private mutating func setCall(_ state: CallState?, _ effects: inout Effects) {
        device.call = state
        let rule: Rule =
            switch state {
            case .ringing: .callInterrupts
            case .active: .callAnswered
            case nil: .callOver
            }
        effects.record(nil, .call(state), rule)
    }

    private mutating func endSystemInterruption(
        by interrupter: Interrupter, shouldResume: Bool, rule: Rule,
        _ effects: inout Effects
    ) {
        for j in takeInterrupted(bySystem: interrupter) {
            endInterruption(j, shouldResume: shouldResume, rule: rule, &effects)
        }
    }
}

extension Engine {
    /// While Siri's panel is up, an app that activated and plays during this event is interrupted again at once,
    /// by Siri, whose end ends it (§13.8, profile siriInterruptsPlayingDuringPanel), and the derived values follow.
    /// Kept out of `handle`, which asks it rarely (performance conventions).
    @inline(never)
    mutating func interruptPlayingStartedDuringSiri(since activations: Int, _ effects: inout Effects) {
        guard profile.siriInterruptsPlayingDuringPanel else { return }
        var interrupted = false
        apps.sortChangedInEvent()
        for k in 0..<apps.changedInEventCount {
            let j = apps.changedInEvent(k)
            let session = apps[j].session
            guard session.isActive, session.activationSerial > activations, apps[j].isPlaying else { continue }
            if session.isMixable && !profile.mixableInterruptedBySystem { continue }
            interrupt(j, by: .siri, reason: .default, rule: .siriInterruptsPlayingDuringPanel, &effects)
            interrupted = true
        }
        if interrupted { settle(&effects) }
    }
}

extension Rule {
    static let declinedCallResumes = Rule(
        id: "system.declined-call-resumes",
        statement: "a declined or missed call ends the interruption with shouldResume",
        source: "DOC:audiotoolbox/kaudiosessioninterruptiontype_shouldresume; ASPG14 p.28",
        evidence: .documented)
    static let answeredCallEnds = Rule(
        id: "system.answered-call-ends",
        statement: "when an answered call ends, the interruption ends; shouldResume follows profile "
            + "callEndedShouldResume (default yes)",
        source: "ASPG14 p.28 step 8 (shouldResume uncertain)",
        evidence: .tunable)
    static let callOver = Rule(
        id: "system.call-over",
        statement: "the call is over",
        source: "ASPG14 p.28",
        evidence: .documented)
    static let siriInterruptsPlayingDuringPanel = Rule(
        id: "system.siri-interrupts-playing-during-panel",
        statement: "an app that activates and plays while Siri's panel is still up is interrupted again at once; the "
            + "interruption ends when Siri does; profile siriInterruptsPlayingDuringPanel, default true",
        source: "§13.8: openradar rdar 44895456, lionheart/openradar-mirror#20492 (observed on iOS 12, one report)",
        evidence: .observed)
    static let siriEnds = Rule(
        id: "system.siri-ends",
        statement: "when Siri is done the interruption ends; shouldResume follows profile siriEndedShouldResume "
            + "(default yes)",
        source: "ASPG14 p.27 (shouldResume uncertain)",
        evidence: .tunable)
    static let alarmEnds = Rule(
        id: "system.alarm-ends",
        statement: "when the alarm is dismissed the interruption ends; shouldResume follows profile "
            + "alarmEndedShouldResume (default yes)",
        source: "ASPG HandlingAudioInterruptions (shouldResume uncertain)",
        evidence: .tunable)
}
