import ArbiterEngine

/// An app's AudioSession (v1, API 12 and later, §9.2).
extension HarmonyEngine {
    mutating func activateSession(_ a: Int, _ mode: ConcurrencyMode) -> HarmonyCallResult {
        records[a].session = mode
        decide(StreamOwner(records[a].name), .session(mode), HarmonyRules.sessionActivated)
        return .success
    }

    mutating func deactivateSession(_ a: Int) -> HarmonyCallResult {
        guard records[a].session != nil else { return .success }
        endSession(a, reason: nil, HarmonyRules.sessionDeactivated)
        return .success
    }

    /// Ends app `a`'s session: the focus it kept for stopped streams is released (others resume or unduck; on a
    /// timeout, what would resume is stopped), and the app is told why when it did not ask (`reason`).
    mutating func endSession(_ a: Int, reason: SessionDeactivatedReason?, _ rule: Rule) {
        records[a].session = nil
        records[a].sessionIdleSince = nil
        decide(StreamOwner(records[a].name), .session(nil), rule)
        if let k = list.firstIndex(where: { $0.app == a && $0.stream == nil }) {
            list.remove(at: k)
            decide(StreamOwner(records[a].name), .focus(nil), rule)
            recomputeFocus(timedOut: reason == .timeout)
        }
        if let reason, !records[a].isSystem {
            notifications.append(.sessionDeactivated(records[a].name, reason, rule))
        }
    }

    /// The sessions whose timeout falls due by `time` end then, each at its own time (§9.2).
    mutating func timeOutSessions(through time: Time) {
        while let (a, due) = records.indices.compactMap({ a in
            records[a].sessionIdleSince.map { (a, $0 + profile.sessionTimeout) }
        }).min(by: { $0.1 < $1.1 }), due <= time {
            now = max(now, due)
            endSession(a, reason: .timeout, HarmonyRules.sessionTimeout)
        }
    }

    /// Starts (or stops) each active session's timeout: it runs while none of the app's streams is in the focus list
    /// (a stream the system paused stays there, and in the session: §9.2, AS `RemoveStreamInfo`).
    mutating func noteIdleSessions() {
        for a in records.indices where records[a].session != nil {
            if list.contains(where: { $0.app == a && $0.stream != nil }) {
                records[a].sessionIdleSince = nil
            } else if records[a].sessionIdleSince == nil {
                records[a].sessionIdleSince = now
            }
        }
    }
}
