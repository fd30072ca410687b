/// Starting and ending interruptions: the system deactivates the session and tells the app.
extension Engine {
    /// Interrupts app `j`: its running players pause, its session goes inactive, and it is told
    /// (interruption began).
    mutating func interrupt(_ j: Int, by interrupter: Interrupter, reason: InterruptionReason, rule: Rule,
                            _ effects: inout Effects) {
        pauseRunningPlayers(j, rule: .interruptionPausesPlayers, byInterruption: true, &effects)
        apps[j].session.isActive = false
        apps[j].mayResume = false
        if apps[j].session.overridesToSpeaker {
            apps[j].session.overridesToSpeaker = false
            effects.decide(j, detail: .overrideToSpeaker(false), .overrideEndsOnRouteChange)
        }
        apps[j].session.interruption = Interruption(by: interrupter, at: now, reason: reason)
        let code = code(of: interrupter)
        if code >= 0 { raisePendingInterruptionBound(of: Int(code)) }
        if let slot = Engine.systemSlot(interrupter) { systemInterrupted[slot].append(Int32(j)) }
        effects.decide(j, .interrupted(code), rule)
        effects.notify(apps[j].id, .interruptionBegan(reason: reason), rule)
    }

    /// Ends app `j`'s interruption and tells it, with or without shouldResume.
    mutating func endInterruption(_ j: Int, shouldResume: Bool, rule: Rule, _ effects: inout Effects) {
        apps[j].session.interruption = nil
        apps[j].mayResume = shouldResume
        effects.decide(j, .interruptionEnded, rule)
        effects.notify(apps[j].id, .interruptionEnded(shouldResume: shouldResume), rule)
    }

    /// How a decision records `interrupter`: an app by its position, the system by a negative constant.
    private func code(of interrupter: Interrupter) -> Int32 {
        switch interrupter {
        case .app(let id): Int32(index(of: id)!)
        case .phoneCall: DecisionCode.phoneCall
        case .siri: DecisionCode.siri
        case .alarm: DecisionCode.alarm
        case .routeDisconnect: DecisionCode.routeDisconnect
        case .micMuted: DecisionCode.micMuted
        }
    }

    private mutating func raisePendingInterruptionBound(of i: Int) {
        if pendingInterruptionBound.count <= i {
            pendingInterruptionBound.append(contentsOf: repeatElement(0, count: i + 1 - pendingInterruptionBound.count))
        }
        // An upper bound may saturate: an app that interrupts forever without deactivating must not trap.
        if pendingInterruptionBound[i] < Int32.max { pendingInterruptionBound[i] += 1 }
    }

    /// The apps whose pending interruption came from app `i`, in declaration order, when there may be any (see
    /// `pendingInterruptionBound`). The caller ends or orphans every one of them.
    mutating func takeInterrupted(byApp i: Int) -> [Int] {
        guard i < pendingInterruptionBound.count && pendingInterruptionBound[i] > 0 else { return [] }
        pendingInterruptionBound[i] = 0
        return interrupted(by: .app(apps[i].id))
    }

    /// Where `systemInterrupted` lists the apps a call, Siri, an alarm or a muted mic interrupted; nil for other
    /// interrupters (an app's are bounded by `pendingInterruptionBound`; a route disconnect's never end).
    static func systemSlot(_ interrupter: Interrupter) -> Int? {
        switch interrupter {
        case .phoneCall: 0
        case .siri: 1
        case .alarm: 2
        case .micMuted: 3
        case .app, .routeDisconnect: nil
        }
    }

    /// The apps whose pending interruption came from the system `interrupter` (a call, Siri or an alarm), in
    /// declaration order, found among those it interrupted since its last end; forgets those.
    mutating func takeInterrupted(bySystem interrupter: Interrupter) -> [Int] {
        guard let slot = Engine.systemSlot(interrupter), !systemInterrupted[slot].isEmpty else { return [] }
        systemInterrupted[slot].sort()
        var found: [Int] = []
        for k in systemInterrupted[slot].indices {
            let j = Int(systemInterrupted[slot][k])
            // An app interrupted again after reactivating is listed again: once is enough.
            if found.last != j && apps[j].waitsForEnd(of: interrupter) { found.append(j) }
        }
        systemInterrupted[slot].removeAll(keepingCapacity: true)   // the next call or Siri reuses the room
        return found
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
