import ArbiterEngine

/// What a cell says for two entries once its modifiers are applied (§4.4, §4.5, §9.3, §10), and the rule that says so.
struct EffectiveCell {
    var cell: FocusCell
    var rule: Rule
}

extension HarmonyEngine {
    /// Whether two entries are streams of one app that both share its focus (SHARE_MODE): the policy skips the
    /// pair (§4.4).
    func sharesFocus(_ existing: FocusEntry, _ incoming: FocusEntry) -> Bool {
        guard existing.app == incoming.app else { return false }
        return mode(of: existing) == .share && mode(of: incoming) == .share
    }

    private func mode(of entry: FocusEntry) -> InterruptMode {
        entry.stream.map { records[entry.app].streams[$0].interruptMode } ?? .share
    }

    /// The cell for `existing` and `incoming` after the modifiers: a silent stream's mixing, a SoundPool's media
    /// mixing, then the incoming
    /// app's AudioSession strategy, then the existing app's MIX_WITH_OTHERS.
    func effectiveCell(existing: FocusEntry, incoming: FocusEntry) -> EffectiveCell {
        if existing.silent || incoming.silent {
            let byMode = [existing, incoming].contains { $0.silent && silentMode($0) }
            return EffectiveCell(
                cell: .playBoth, rule: byMode ? HarmonyRules.silentMixes : HarmonyRules.zeroVolumeSilent)
        }
        if mixesAlways(existing) || mixesAlways(incoming) {
            return EffectiveCell(cell: .playBoth, rule: HarmonyRules.soundPoolMixes)
        }
        let cell = table.cell(existing: existing.type, incoming: incoming.type)
        var result = EffectiveCell(cell: cell, rule: HarmonyRules.rule(for: cell))
        if table.differsFromOpenHarmony6(existing: existing.type, incoming: incoming.type) {
            result.rule = HarmonyRules.rule(for: table.version)
        }
        let mixable = mayMix(existing.type, incoming.type)
        let sameGroup = existing.type.sessionGroup != nil && existing.type.sessionGroup == incoming.type.sessionGroup
        switch strategy(of: incoming) {
        case .duckOthers? where cell.actsOnExisting && cell != .duckExisting:
            result = EffectiveCell(cell: .duckExisting, rule: HarmonyRules.sessionDuckOthers)
        case .pauseOthers? where cell == .stopExisting:
            result = EffectiveCell(cell: .pauseExisting, rule: HarmonyRules.sessionPauseOthers)
        case .mixWithOthers? where mixable && (cell.actsOnExisting || (cell.actsOnIncoming && sameGroup)):
            return EffectiveCell(cell: .playBoth, rule: HarmonyRules.sessionMix)
        default: break
        }
        if strategy(of: existing) == .mixWithOthers && mixable
            && ((result.cell.actsOnExisting && sameGroup) || result.cell.actsOnIncoming)
        {
            return EffectiveCell(cell: .playBoth, rule: HarmonyRules.sessionMix)
        }
        return result
    }

    /// The AudioSession strategy an entry's cells take: its app's active session's, or, for a scene session's entry
    /// still held while the session is being deactivated, the one it had (§9.4).
    private func strategy(of entry: FocusEntry) -> ConcurrencyMode? {
        records[entry.app].session ?? (entry.scene != nil ? records[entry.app].sceneRelease?.mode : nil)
    }

    /// Whether an entry's stream is in silent mode (not only started at volume 0).
    private func silentMode(_ entry: FocusEntry) -> Bool {
        entry.stream.map { records[entry.app].streams[$0].silent } ?? false
    }

    /// Whether an entry is a SoundPool's media stream, which mixes with everything (§10).
    private func mixesAlways(_ entry: FocusEntry) -> Bool {
        entry.stream.map { records[entry.app].streams[$0].config.alwaysMixes } ?? false
    }

    /// Whether a mix strategy may exempt the pair: never two recordings, nor a recording and a call (§2.2,
    /// AIS `IsCanMixInterrupt`).
    private func mayMix(_ a: FocusType, _ b: FocusType) -> Bool {
        if a.isRecording && b.isRecording { return false }
        let calls: [FocusType] = [.voiceCall, .voiceCommunication]
        if (a.isRecording && calls.contains(b)) || (b.isRecording && calls.contains(a)) { return false }
        return true
    }
}
