import ArbiterEngine

/// Mute-play concurrency (静音并发播放, §10): a stream in silent mode plays silently and interrupts nobody.
extension HarmonyEngine {
    /// Why `setSilentMode` or `setVolume` cannot apply to the stream named `name` (or to any of the app's, for
    /// nil): only an AudioRenderer or an AVPlayer has them here.
    func silentModeProblem(_ name: String?, of a: Int) -> String? {
        let chosen = streams(of: a, named: name)
        guard !chosen.contains(where: { records[a].streams[$0].config.kind.hasSilentMode }) else { return nil }
        let what =
            name.map { "\(records[a].name).\($0) is a \(records[a].streams[chosen[0]].config.kind)" }
            ?? "\(records[a].name) has no AudioRenderer or AVPlayer"
        return "\(what); expected a stream of kind audioRenderer or avPlayer"
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

extension HarmonyEngine {
    /// The app sets stream `s`'s own volume. Before the stream runs, volume 0 marks a start that will be silent
    /// (`zeroVolumeIsSilent`); raising the volume of a stream that started silent at volume 0 while it runs asks
    /// for focus again by the table (§10, AR `UpdateAudioInterruptStrategy`).
    mutating func setVolume(_ a: Int, _ s: Int, _ volume: Double) {
        let owner = StreamOwner(records[a].name, records[a].streams[s].config.name)
        let before = records[a].streams[s]
        guard before.appVolume != volume else { return }
        records[a].streams[s].appVolume = volume
        decide(owner, .appVolume(volume), HarmonyRules.appVolume)
        if before.state == .prepared {
            records[a].streams[s].stillZeroVolume = volume == 0
            return
        }
        guard volume > 0 else { return }
        records[a].streams[s].stillZeroVolume = false
        guard before.state == .running, before.silentByZeroVolume else { return }
        records[a].streams[s].silentByZeroVolume = false
        guard !before.silent else { return }
        if let k = entryIndex(a, s) {
            list.remove(at: k)
            decide(owner, .focus(nil), HarmonyRules.zeroVolumeRaised)
        }
        _ = start(a, s, rule: HarmonyRules.zeroVolumeRaised)
    }
}

extension StreamKind {
    /// Whether the object has silent mode and a volume of its own here: an AudioRenderer
    /// (`setSilentModeAndMixWithOthers`, `setVolume`) or an AVPlayer (`setMediaMuted`, `setVolume`; taken to act as
    /// the renderer it plays through).
    public var hasSilentMode: Bool { self == .audioRenderer || self == .avPlayer }
}
