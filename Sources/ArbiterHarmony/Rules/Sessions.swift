import ArbiterEngine

/// An app's AudioSession (v1, API 12 and later, §9.2; with a scene, §9.4).
extension HarmonyEngine {
    mutating func activateSession(_ a: Int, _ mode: ConcurrencyMode) -> HarmonyCallResult {
        if let scene = records[a].scene { return activateScene(a, mode, scene) }
        records[a].session = mode
        decide(StreamOwner(records[a].name), .session(mode), HarmonyRules.sessionActivated)
        return .success
    }

    mutating func deactivateSession(_ a: Int) -> HarmonyCallResult {
        guard records[a].session != nil else { return .success }
        if records[a].sessionScene != nil {
            deactivateScene(a)
        } else {
            endSession(a, reason: nil, HarmonyRules.sessionDeactivated)
        }
        return .success
    }

    /// Ends app `a`'s session: the focus it kept for stopped streams (or its scene's synthetic entry) is released
    /// (others resume or unduck; on a timeout, what would resume is stopped), and the app is told why when it did not
    /// ask (`reason`).
    mutating func endSession(_ a: Int, reason: SessionDeactivatedReason?, _ rule: Rule) {
        let scene = records[a].sessionScene != nil
        closeSession(a, rule)
        if let k = list.firstIndex(where: { $0.app == a && $0.stream == nil }) {
            list.remove(at: k)
            decide(StreamOwner(records[a].name), .focus(nil), rule)
            recomputeFocus(timedOut: reason == .timeout)
        }
        if let reason, !records[a].isSystem {
            if scene && reason == .timeout {
                notifications.append(.sessionStateChanged(records[a].name, .timeOutStop, rule))
            }
            notifications.append(.sessionDeactivated(records[a].name, reason, rule))
        }
    }

    /// The session is no more: no strategy, no scene, no stream in it, no timer.
    mutating func closeSession(_ a: Int, _ rule: Rule) {
        records[a].session = nil
        records[a].sessionIdleSince = nil
        records[a].sessionScene = nil
        records[a].sceneRelease = nil
        for s in records[a].streams.indices { records[a].streams[s].inSession = false }
        decide(StreamOwner(records[a].name), .session(nil), rule)
    }

    /// The next session timer to fall due: an idle session's timeout (60 s; a scene session's 10 s, in the background
    /// only) or a step of a scene session's deactivation.
    var nextSessionTimer: (app: Int, due: Time)? {
        records.indices.compactMap { a -> (app: Int, due: Time)? in
            if let release = records[a].sceneRelease { return (a, release.due) }
            let timeout = records[a].sessionScene != nil ? profile.sceneSessionTimeout : profile.sessionTimeout
            return records[a].sessionIdleSince.map { (a, $0 + timeout) }
        }.min { $0.due < $1.due }
    }

    /// The session timers that fall due by `time` go off, each at its own time (§9.2, §9.4).
    mutating func timeOutSessions(through time: Time) {
        while let (a, due) = nextSessionTimer, due <= time {
            now = max(now, due)
            if records[a].sceneRelease != nil {
                sceneReleaseStep(a)
            } else {
                let rule = records[a].sessionScene != nil ? HarmonyRules.sceneTimeout : HarmonyRules.sessionTimeout
                endSession(a, reason: .timeout, rule)
            }
        }
    }

    /// Starts (or stops) each active session's timeout: it runs while none of the app's streams is in the focus list
    /// (a stream the system paused stays there, and in the session: §9.2, AS `RemoveStreamInfo`); for a scene
    /// session, while none plays in it either, and only while the app is in the background (§9.4).
    mutating func noteIdleSessions() {
        for a in records.indices where records[a].session != nil {
            var busy = list.contains { $0.app == a && $0.stream != nil }
            if records[a].sessionScene != nil {
                busy = busy || !records[a].background || records[a].streams.contains { $0.inSession }
            }
            if busy {
                records[a].sessionIdleSince = nil
            } else if records[a].sessionIdleSince == nil {
                records[a].sessionIdleSince = now
            }
        }
    }
}
