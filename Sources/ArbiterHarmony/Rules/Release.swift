import ArbiterEngine

/// A stream gives its focus up, and the rest is worked out again (§6).
extension HarmonyEngine {
    /// The app pauses, stops or releases stream `s`; a running (or queued) stream gives up its focus entry, or,
    /// while the app's AudioSession is active and this was its last stream, leaves it to the session (§9.2).
    mutating func stop(_ a: Int, _ s: Int, to state: StreamState) -> HarmonyCallResult {
        let owner = StreamOwner(records[a].name, records[a].streams[s].config.name)
        if state == .paused && records[a].streams[s].state != .running {
            return .failed(code: 6_800_103, rule: HarmonyRules.forcePausedPauseRefused)
        }
        if records[a].streams[s].state != state {
            records[a].streams[s].state = state
            records[a].streams[s].forcePaused = false
            decide(owner, .stream(state), HarmonyRules.appStops)
        }
        if records[a].streams[s].volume != 1 {
            records[a].streams[s].volume = 1
            decide(owner, .volume(1), HarmonyRules.appStops)
        }
        records[a].streams[s].inSession = false
        guard let k = entryIndex(a, s) else { return .success }
        let keptBySession =
            records[a].session != nil && records[a].sessionScene == nil && !list[k].type.isRecording
            && !list.contains { $0.app == a && $0.stream != nil && $0.stream != s }
        if keptBySession {
            list[k].stream = nil
            list[k].owner = StreamOwner(records[a].name)
            list[k].state = .placeholder
            decide(StreamOwner(records[a].name), .focus(.placeholder), HarmonyRules.sessionPlaceholder)
        } else {
            list.remove(at: k)
            decide(owner, .focus(nil), HarmonyRules.releaseRecomputes)
            recomputeFocus(timedOut: false)
        }
        return .success
    }

    /// Works every entry's state out again, in list order, as if each were starting after the ones before it
    /// (stop and deny cells ignored; an entry that would be paused acts on nobody), and tells each stream whose
    /// state changed. With `timedOut` (an AudioSession's timeout released the focus), a stream that would resume is
    /// stopped instead (§9.2).
    mutating func recomputeFocus(timedOut: Bool) {
        var states = list.map { _ in FocusEntryState.active }
        for k in list.indices {
            for j in 0..<k where !sharesFocus(list[j], list[k]) {
                let cell = effectiveCell(existing: list[j], incoming: list[k]).cell
                if cell == .duckIncoming && states[k].severity < 1 { states[k] = .duck }
                if cell == .pauseIncoming { states[k] = .pause }
            }
            guard states[k] != .pause else { continue }
            for j in 0..<k where !sharesFocus(list[j], list[k]) {
                let cell = effectiveCell(existing: list[j], incoming: list[k]).cell
                if cell == .duckExisting && states[j].severity < 1 { states[j] = .duck }
                if cell == .pauseExisting { states[j] = .pause }
            }
        }
        var leaving: [Int] = []
        for k in list.indices where list[k].contends {
            let entry = list[k]
            let (old, new) = (entry.state, states[k])
            guard old != new else { continue }
            switch (old, new) {
            case (.pause, _) where timedOut:
                leaving.append(k)
                stopByFocus(entry, HarmonyRules.sessionTimeout, told: InterruptEvent(.end, .force, .stop))
            case (.pause, _) where entry.stream == nil:
                leaving.append(k)
                sceneResumed(entry)
            case (.pause, _):
                leaving.append(k)
                records[entry.app].streams[entry.stream!].forcePaused = false
                decide(entry.owner, .focus(nil), HarmonyRules.resume)
                tell(entry.owner, InterruptEvent(.end, .share, .resume), HarmonyRules.resume)
            case (.duck, .active) where entry.stream == nil:
                list[k].state = .active
                sceneInterrupted(entry, .unduck, told: InterruptEvent(.end, .force, .unduck), HarmonyRules.unduck)
            case (.duck, .active):
                list[k].state = .active
                records[entry.app].streams[entry.stream!].volume = 1
                decide(entry.owner, .focus(.active), timedOut ? HarmonyRules.sessionTimeout : HarmonyRules.unduck)
                decide(entry.owner, .volume(1), timedOut ? HarmonyRules.sessionTimeout : HarmonyRules.unduck)
                tell(entry.owner, InterruptEvent(.end, .force, .unduck), HarmonyRules.unduck)
            case (.active, .duck):
                list[k].state = .duck
                duckByFocus(entry, HarmonyRules.recomputedDuckOrPause, told: InterruptEvent(.end, .force, .duck))
            case (_, .pause):
                if old == .duck && entry.stream != nil {
                    tell(entry.owner, InterruptEvent(.end, .force, .unduck), HarmonyRules.unduck)
                }
                list[k].state = .pause
                pauseByFocus(
                    entry, HarmonyRules.recomputedDuckOrPause, told: InterruptEvent(.end, .force, .pause))
            default: break
            }
        }
        for k in leaving.reversed() where k < list.count && list[k].state == .pause { list.remove(at: k) }
    }
}
