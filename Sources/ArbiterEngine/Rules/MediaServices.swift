/// The media server dying and restarting.
extension Engine {
    mutating func mediaServicesLost(_ effects: inout Effects) -> StepResult {
        device.mediaServicesLost = true
        effects.record(nil, .mediaServices(lost: true), .mediaServicesLost)
        for i in apps.indices where apps[i].lifecycle != .terminated {
            stopEverything(i, rule: .mediaServicesLost, &effects)
            effects.notify(apps[i].id, .mediaServicesWereLost, .mediaServicesLost)
        }
        return .succeeded
    }

    mutating func mediaServicesReset(_ effects: inout Effects) -> StepResult {
        device.mediaServicesLost = false
        effects.record(nil, .mediaServices(lost: false), .mediaServicesReset)
        for i in apps.indices where apps[i].lifecycle != .terminated {
            stopEverything(i, rule: .mediaServicesReset, &effects)
            apps[i].session = AudioSession()
            effects.record(i, .sessionReset, .mediaServicesReset)
            effects.notify(apps[i].id, .mediaServicesWereReset, .mediaServicesReset)
        }
        return .succeeded
    }

    /// Stops every player and deactivates the session, telling nobody.
    private mutating func stopEverything(_ i: Int, rule: Rule, _ effects: inout Effects) {
        for p in apps[i].players.indices where apps[i].players[p].state != .stopped {
            setPlayer(i, p, .stopped, rule: rule, &effects)
        }
        if apps[i].session.isActive {
            apps[i].session.isActive = false
            effects.deactivated(i, rule)
        }
    }
}

extension Rule {
    static let mediaServicesLost = Rule(
        id: "media-services.lost",
        statement: "when the media server dies every session stops, apps get mediaServicesWereLost, and using the "
            + "session fails with mediaServicesFailed until the reset",
        source: "H18; HERR ('msrv')",
        evidence: .documented)
    static let mediaServicesReset = Rule(
        id: "media-services.reset",
        statement: "when the media server restarts every session loses its state (inactive, default category, no "
            + "options), players stop, and every app gets mediaServicesWereReset and must set itself up again",
        source: "H18; ASPG14 p.30 (QA1749)",
        evidence: .documented)
    static let mediaServicesFailed = Rule(
        id: "media-services.failed",
        statement: "while media services are lost, setCategory and activation fail with mediaServicesFailed",
        source: "HERR ('msrv')",
        evidence: .documented)
}
