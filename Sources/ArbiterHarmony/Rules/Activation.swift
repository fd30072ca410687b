import ArbiterEngine

/// A stream starts and asks for focus (§4.1).
extension HarmonyEngine {
    /// Starts stream `s` of app `a`: works out its state against every entry, acts on the entries its cells act on,
    /// and joins the focus list. Returns what start() returns.
    mutating func start(_ a: Int, _ s: Int, rule: Rule = HarmonyRules.appStarts) -> HarmonyCallResult {
        let owner = StreamOwner(records[a].name, records[a].streams[s].config.name)
        if records[a].streams[s].state == .released {
            return .failed(code: 6_800_103, rule: HarmonyRules.releasedCannotStart)
        }
        let zeroVolume =
            profile.zeroVolumeIsSilent && records[a].streams[s].appVolume == 0 && records[a].streams[s].stillZeroVolume
        records[a].streams[s].stillZeroVolume = zeroVolume
        records[a].streams[s].silentByZeroVolume = zeroVolume
        if (records[a].streams[s].silent || zeroVolume) && profile.silentModel == .noFocus {
            if records[a].streams[s].state != .running { decide(owner, .stream(.running), HarmonyRules.silentNoFocus) }
            records[a].streams[s].state = .running
            return .success
        }
        if let k = entryIndex(a, s), list[k].state == .active || list[k].state == .duck {
            decide(owner, .stream(.running), HarmonyRules.alreadyHolds)
            records[a].streams[s].state = .running
            return .success
        }
        // A queued or paused entry of the same stream is dropped: the start is a new request (step 1).
        if let k = entryIndex(a, s) { list.remove(at: k) }
        let type = records[a].streams[s].config.focusType
        if records[a].sceneActive && !type.keepsOwnEntryInScene { return startInScene(a, s) }
        // The app's own placeholder gives way to its new stream, unless it keeps a VoIP call's focus (§9.2).
        if let k = list.firstIndex(where: { $0.app == a && $0.state == .placeholder }),
            list[k].type != .voiceCommunication, !type.isRecording
        {
            list.remove(at: k)
            decide(StreamOwner(records[a].name), .focus(nil), HarmonyRules.sessionPlaceholder)
        }
        var incoming = FocusEntry(
            owner: owner, type: type, state: .active, app: a, stream: s,
            silent: records[a].streams[s].silent || zeroVolume)
        let verdict = contest(incoming)
        if verdict.cell == .denyIncoming || verdict.cell == .none {
            records[a].streams[s].state = .stopped
            decide(owner, .stream(.stopped), verdict.rule)
            if verdict.cell == .denyIncoming { tell(owner, InterruptEvent(.begin, .force, .stop), verdict.rule) }
            return .failed(code: 6_800_301, rule: verdict.rule)
        }
        // Step 5: the new stream joins the list in its state.
        switch verdict.cell {
        case .pauseIncoming:
            incoming.state = .pause
            list.append(incoming)
            records[a].streams[s].state = .paused
            records[a].streams[s].forcePaused = true
            decide(owner, .focus(.pause), verdict.rule)
            tell(owner, InterruptEvent(.begin, .force, .pause), verdict.rule)
            return .failed(code: 6_800_301, rule: verdict.rule)
        case .duckIncoming:
            incoming.state = .duck
            list.append(incoming)
            if records[a].streams[s].state != .running { decide(owner, .stream(.running), rule) }
            records[a].streams[s].state = .running
            records[a].streams[s].forcePaused = false
            decide(owner, .focus(.duck), verdict.rule)
            records[a].streams[s].volume = profile.duckFactor
            decide(owner, .volume(profile.duckFactor), verdict.rule)
            tell(owner, InterruptEvent(.begin, .force, .duck), verdict.rule)
        default:
            list.append(incoming)
            if records[a].streams[s].state != .running { decide(owner, .stream(.running), rule) }
            records[a].streams[s].state = .running
            records[a].streams[s].forcePaused = false
            decide(owner, .focus(.active), verdict.rule)
        }
        return .success
    }

    /// Steps 3 and 4 for an entry that asks for focus: its verdict, the worst cell any entry gives it (play, duck,
    /// pause, deny), and, unless it is denied, the cells that act on the entries already there carried out. When
    /// the verdict is to play, its rule is the first that acted on another entry or let the new one play beside it.
    mutating func contest(_ incoming: FocusEntry) -> EffectiveCell {
        var verdict = EffectiveCell(
            cell: .playBoth, rule: list.isEmpty ? HarmonyRules.firstStream : HarmonyRules.playBoth)
        var worst = 0
        /// A modifier that let the new stream play beside an entry (share mode, a session, a SoundPool).
        var exemption: Rule?
        for entry in list where participates(entry) {
            if sharesFocus(entry, incoming) {
                exemption = exemption ?? HarmonyRules.shareMode
                continue
            }
            let effective = effectiveCell(existing: entry, incoming: incoming)
            let level =
                switch effective.cell {
                case .duckIncoming: 1
                case .pauseIncoming: 2
                case .denyIncoming, .none: 3
                default: 0
                }
            if level > worst {
                worst = level
                verdict = effective
            }
            if effective.cell == .playBoth && effective.rule != HarmonyRules.playBoth {
                exemption = exemption ?? effective.rule
            }
            if worst == 3 { return verdict }
        }
        var acted: Rule?
        var k = 0
        while k < list.count {
            let entry = list[k]
            guard participates(entry), !sharesFocus(entry, incoming) else {
                k += 1
                continue
            }
            let effective = effectiveCell(existing: entry, incoming: incoming)
            if effective.cell.actsOnExisting { acted = acted ?? effective.rule }
            switch effective.cell {
            case .stopExisting:
                list.remove(at: k)
                stopByFocus(entry, effective.rule)
                continue
            case .pauseExisting where entry.state == .active || entry.state == .duck:
                list[k].state = .pause
                pauseByFocus(entry, effective.rule)
            case .duckExisting where entry.state == .active:
                list[k].state = .duck
                duckByFocus(entry, effective.rule, told: InterruptEvent(.begin, .force, .duck))
            default: break
            }
            k += 1
        }
        if worst == 0 { verdict.rule = acted ?? exemption ?? verdict.rule }
        return verdict
    }

    /// Whether an entry counts when a stream starts: placeholders do not; a paused entry does from API 14
    /// (`pausedStreamsParticipate`, §4.1 step 8).
    func participates(_ entry: FocusEntry) -> Bool {
        entry.contends && (entry.state != .pause || profile.pausedStreamsParticipate)
    }

    func entryIndex(_ a: Int, _ s: Int) -> Int? { list.firstIndex { $0.app == a && $0.stream == s } }

    /// The system stops an entry's stream (it has left the list): told BEGIN FORCE STOP; the last stream of an app
    /// with an active session ends the session (§9.2 LOWER_PRIORITY).
    mutating func stopByFocus(
        _ entry: FocusEntry, _ rule: Rule, told: InterruptEvent = InterruptEvent(.begin, .force, .stop)
    ) {
        guard let s = entry.stream else { return sceneInterrupted(entry, .stop, told: told, rule) }
        records[entry.app].streams[s].state = .stopped
        records[entry.app].streams[s].forcePaused = false
        decide(entry.owner, .stream(.stopped), rule)
        decide(entry.owner, .focus(nil), rule)
        if records[entry.app].streams[s].volume != 1 {
            records[entry.app].streams[s].volume = 1
            decide(entry.owner, .volume(1), rule)
        }
        tell(entry.owner, told, rule)
        records[entry.app].streams[s].inSession = false
        if records[entry.app].session != nil && !list.contains(where: { $0.app == entry.app }) {
            endSession(entry.app, reason: .lowerPriority, HarmonyRules.sessionLowerPriority)
        }
    }

    /// The system pauses an entry's stream: its duck is undone, it is told `told` (BEGIN FORCE PAUSE by default).
    mutating func pauseByFocus(
        _ entry: FocusEntry, _ rule: Rule, told: InterruptEvent = InterruptEvent(.begin, .force, .pause)
    ) {
        guard let s = entry.stream else { return sceneInterrupted(entry, .pause, told: told, rule) }
        records[entry.app].streams[s].state = .paused
        records[entry.app].streams[s].forcePaused = true
        decide(entry.owner, .stream(.paused), rule)
        decide(entry.owner, .focus(.pause), rule)
        if records[entry.app].streams[s].volume != 1 {
            records[entry.app].streams[s].volume = 1
            decide(entry.owner, .volume(1), rule)
        }
        tell(entry.owner, told, rule)
    }

    /// The system ducks an entry's stream to the duck factor and tells it `told`.
    mutating func duckByFocus(_ entry: FocusEntry, _ rule: Rule, told: InterruptEvent) {
        guard let s = entry.stream else { return sceneInterrupted(entry, .duck, told: told, rule) }
        decide(entry.owner, .focus(.duck), rule)
        records[entry.app].streams[s].volume = profile.duckFactor
        decide(entry.owner, .volume(profile.duckFactor), rule)
        tell(entry.owner, told, rule)
    }

    mutating func decide(_ owner: StreamOwner, _ change: HarmonyChange, _ rule: Rule) {
        decisions.append(HarmonyDecision(owner, change, rule))
    }

    /// Tells a stream's handler (the system's own streams run no code and are told nothing).
    mutating func tell(_ owner: StreamOwner, _ event: InterruptEvent, _ rule: Rule) {
        guard let a = index[owner.app], !records[a].isSystem else { return }
        notifications.append(.interrupt(owner, event, rule))
    }
}
