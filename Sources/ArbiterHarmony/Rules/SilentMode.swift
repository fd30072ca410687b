import ArbiterEngine

/// Mute-play concurrency (静音并发播放, §10): a stream in silent mode plays silently and interrupts nobody.
extension HarmonyEngine {
    /// Why `setSilentMode` cannot apply to the stream named `name` (or to any of the app's, for nil): only an
    /// AudioRenderer or an AVPlayer has it.
    func silentModeProblem(_ name: String?, of a: Int) -> String? {
        let chosen = streams(of: a, named: name)
        guard !chosen.contains(where: { records[a].streams[$0].config.kind.hasSilentMode }) else { return nil }
        let what =
            name.map { "\(records[a].name).\($0) is a \(records[a].streams[chosen[0]].config.kind)" }
            ?? "\(records[a].name) has no AudioRenderer or AVPlayer"
        return "\(what); expected a stream of kind audioRenderer or avPlayer (setSilentModeAndMixWithOthers, "
            + "setMediaMuted)"
    }

    /// Stream `s` of app `a` goes silent (`on`) or audible. While it runs, the focus follows: with `noFocus`
    /// silence releases the stream's entry (the others are worked out again, §6) and sound requests one by the
    /// table; with `silentStrategy` the stream requests focus again with the new strategy (§4.1 step 1), a silent
    /// entry first releasing what it held so that it interrupts nobody.
    mutating func setSilentMode(_ a: Int, _ s: Int, _ on: Bool) {
        guard records[a].streams[s].silent != on else { return }
        let owner = StreamOwner(records[a].name, records[a].streams[s].config.name)
        let rule = on ? HarmonyRules.silentModeOn : HarmonyRules.silentModeOff
        records[a].streams[s].silent = on
        decide(owner, .silent(on), rule)
        guard records[a].streams[s].state == .running else { return }
        if let k = entryIndex(a, s) {
            let held = list[k].silent
            list.remove(at: k)
            decide(owner, .focus(nil), rule)
            if !held { recomputeFocus(timedOut: false) }
        }
        if !on || profile.silentModel == .silentStrategy { _ = start(a, s, rule: rule) }
    }
}

extension StreamKind {
    /// Whether the object has silent mode: an AudioRenderer (`setSilentModeAndMixWithOthers`) or an AVPlayer
    /// (`setMediaMuted`).
    public var hasSilentMode: Bool { self == .audioRenderer || self == .avPlayer }
}
