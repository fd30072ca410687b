/// Starting and ending interruptions: the system deactivates the session and tells the app.
extension Engine {
    /// Interrupts app `j`: its running players pause, its session goes inactive, and it is told
    /// (interruption began).
    mutating func interrupt(
        _ j: Int, by interrupter: Interrupter, reason: InterruptionReason, rule: Rule,
        _ effects: inout Effects
    ) {
        pauseRunningPlayers(j, rule: .interruptionPausesPlayers, byInterruption: true, &effects)
        apps[j].session.isActive = false
        apps[j].mayResume = false
        if apps[j].session.overridesToSpeaker {
            apps[j].session.overridesToSpeaker = false
            effects.record(j, .overrideToSpeaker(false), .overrideEndsOnRouteChange)
        }
        apps[j].session.interruption = Interruption(by: interrupter, at: now, reason: reason)
        let interrupterIndex: Int? = if case .app(let id) = interrupter { index(of: id)! } else { nil }
        interruptions.note(j, interruptedBy: interrupter, interrupterIndex: interrupterIndex)
        effects.interrupted(j, by: interrupter, interrupterIndex: interrupterIndex, rule)
        effects.notify(apps[j].id, .interruptionBegan(reason: reason), rule)
    }

    /// Ends app `j`'s interruption and tells it, with or without shouldResume; with `toldWhenItRuns`, an app that is
    /// not running (suspended or terminated) is told only when it next runs (`owesInterruptionEnd`).
    mutating func endInterruption(
        _ j: Int, shouldResume: Bool, rule: Rule, toldWhenItRuns: Bool = false, _ effects: inout Effects
    ) {
        apps[j].session.interruption = nil
        apps[j].mayResume = shouldResume
        effects.interruptionEnded(j, rule)
        if toldWhenItRuns && (apps[j].lifecycle == .suspended || apps[j].lifecycle == .terminated) {
            apps[j].owesInterruptionEnd = true
        } else {
            effects.notify(apps[j].id, .interruptionEnded(shouldResume: shouldResume), rule)
        }
    }

    /// The apps whose pending interruption came from app `i`, in declaration order, when there may be any (see
    /// `InterruptionLedger`). The caller ends or orphans every one of them.
    mutating func takeInterrupted(byApp i: Int) -> [Int] {
        guard interruptions.takeMayWait(forApp: i) else { return [] }
        return interrupted(by: .app(apps[i].id))
    }

    /// The apps whose pending interruption came from the system `interrupter` (a call, Siri, an alarm or a muted
    /// mic), in declaration order, found among those it interrupted since its last end; forgets those.
    mutating func takeInterrupted(bySystem interrupter: Interrupter) -> [Int] {
        interruptions.take(interruptedBy: interrupter, among: apps)
    }

    /// The apps whose pending interruption came from `interrupter`, in declaration order.
    func interrupted(by interrupter: Interrupter) -> [Int] {
        apps.indices.filter { apps[$0].waitsForEnd(of: interrupter) }
    }

    /// Pauses every running player and recorder of app `i`; `byInterruption`: an interruption pauses them.
    mutating func pauseRunningPlayers(_ i: Int, rule: Rule, byInterruption: Bool = false, _ effects: inout Effects) {
        guard apps[i].hasRunningIO else { return }
        for p in apps[i].players.indices where apps[i].players[p].isRunning {
            setPlayer(i, p, .paused, rule: rule, byInterruption: byInterruption, &effects)
        }
    }
}

extension Rule {
    static let interruptionPausesPlayers = Rule(
        id: "interruption.pauses-players",
        statement: "an interruption is the system deactivating the session: its audio stops at once and its players "
            + "are paused",
        source: "ASPG HandlingAudioInterruptions; ASPG14 p.27; DOC:avfaudio/handling-audio-interruptions",
        evidence: .documented)
}
