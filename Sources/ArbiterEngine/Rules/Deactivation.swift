/// `setActive(false)`: stopping I/O, unducking, and telling the interrupted apps (or not).
extension Engine {
    mutating func deactivate(_ i: Int, notifyOthers: Bool, _ effects: inout Effects) -> StepResult {
        var result = StepResult.succeeded
        if apps[i].session.isActive {
            if apps[i].hasRunningIO {
                for p in apps[i].players.indices where apps[i].players[p].isRunning {
                    setPlayer(i, p, .stopped, rule: .deactivationWithRunningIO, &effects)
                }
                result = .failed(SessionError(.isBusy, .deactivationWithRunningIO))
            }
            apps[i].session.isActive = false
            effects.deactivated(i, .deactivationSucceeds)
        }
        for j in takeInterrupted(byApp: i) {
            if notifyOthers {
                endInterruption(j, shouldResume: true, rule: .notifyOthersOnDeactivation, &effects)
            } else if profile.endedWithoutNotify {
                endInterruption(j, shouldResume: false, rule: .endedWithoutNotify, &effects)
            } else {
                apps[j].session.interruption?.endPending = false
                if profile.lateEndWhenInterrupterLeaves {
                    // No later notifying deactivation ends it: it ends once app i is suspended or terminated (§13.1).
                    apps[j].session.interruption?.endsWhenInterrupterLeaves = true
                    interruptions.noteLateEnd(byApp: i)
                }
                effects.record(j, .interruptionOrphaned, .noNotifyNoEnded)
            }
        }
        return result
    }
}

extension Rule {
    static let deactivationSucceeds = Rule(
        id: "deactivation.succeeds",
        statement: "setActive(false) makes the session inactive; a ducking session stops ducking others",
        source: "H18 setActive; H17 duckOthers",
        evidence: .documented)
    static let deactivationWithRunningIO = Rule(
        id: "deactivation.busy-deactivates-anyway",
        statement: "deactivating with running I/O still deactivates the session and stops its players, "
            + "but reports isBusy (since iOS 8)",
        source: "H18; DOC:avfaudio/avaudiosession/setactive(_:options:)",
        evidence: .documented)
    static let notifyOthersOnDeactivation = Rule(
        id: "deactivation.notify-others",
        statement: "deactivating with notifyOthersOnDeactivation tells the sessions this app interrupted that the "
            + "interruption ended, with shouldResume",
        source: "H17; DOC:avfaudio/avaudiosession/setactiveoptions/notifyothersondeactivation",
        evidence: .documented)
    static let noNotifyNoEnded = Rule(
        id: "deactivation.without-notify-sends-nothing",
        statement: "deactivating without notifyOthersOnDeactivation tells the interrupted apps nothing: they stay "
            + "interrupted (profile endedWithoutNotify changes this)",
        source: "react-native-sound#894; react-native-audio-api#907",
        evidence: .observed)
    static let endedWithoutNotify = Rule(
        id: "deactivation.ended-without-resume",
        statement: "profile endedWithoutNotify: deactivating without notifyOthersOnDeactivation sends the interrupted "
            + "apps interruption ended without shouldResume",
        source: "reference §12 open question 2 (C-API docs imply ended without resume)",
        evidence: .tunable)
}
