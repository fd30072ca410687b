import ArbiterEngine

/// What an app's code calls, and what the system does with its own streams.
extension HarmonyEngine {
    /// Why `action` cannot be applied to app `a` at all, if it cannot (a stream it does not have, silent mode on a
    /// stream without it).
    func problem(with action: HarmonyAppAction, of a: Int) -> String? {
        let stream: String? =
            switch action {
            case .start(let s), .pause(let s), .stop(let s), .release(let s), .setInterruptMode(let s, _),
                .setSilentMode(let s, _), .setVolume(let s, _):
                s
            case .activateSession, .deactivateSession, .terminate, .setSessionScene, .foreground, .background: nil
            }
        if let stream, !records[a].streams.contains(where: { $0.config.name == stream }) {
            let names = records[a].streams.map(\.config.name).joined(separator: ", ")
            return "\(records[a].name) has no stream \(stream); expected one of \(names)"
        }
        switch action {
        case .setSilentMode, .setVolume: return silentModeProblem(stream, of: a)
        case .setSessionScene where setup.api < SessionScene.since:
            return "setAudioSessionScene needs API \(SessionScene.since); the setup has API \(setup.api)"
        default: return nil
        }
    }

    /// The streams `name` picks: that one, or all of the app's.
    func streams(of a: Int, named name: String?) -> [Int] {
        records[a].streams.indices.filter { name == nil || records[a].streams[$0].config.name == name }
    }

    mutating func perform(_ action: HarmonyAppAction, by a: Int) -> HarmonyCallResult {
        var result = HarmonyCallResult.success
        func keep(_ one: HarmonyCallResult) { if case .success = result { result = one } }
        switch action {
        case .start(let name): for s in streams(of: a, named: name) { keep(start(a, s)) }
        case .pause(let name): for s in streams(of: a, named: name) { keep(stop(a, s, to: .paused)) }
        case .stop(let name): for s in streams(of: a, named: name) { keep(stop(a, s, to: .stopped)) }
        case .release(let name): for s in streams(of: a, named: name) { keep(stop(a, s, to: .released)) }
        case .setInterruptMode(let name, let mode):
            for s in streams(of: a, named: name) where records[a].streams[s].interruptMode != mode {
                records[a].streams[s].interruptMode = mode
            }
            decide(StreamOwner(records[a].name, name), .focus(focusState(a, name)), HarmonyRules.interruptModeSet)
        case .setSilentMode(let name, let silent):
            for s in streams(of: a, named: name) where records[a].streams[s].config.kind.hasSilentMode {
                setSilentMode(a, s, silent)
            }
        case .setVolume(let name, let volume):
            for s in streams(of: a, named: name) where records[a].streams[s].config.kind.hasSilentMode {
                setVolume(a, s, volume)
            }
        case .activateSession(let mode): result = activateSession(a, mode)
        case .deactivateSession: result = deactivateSession(a)
        case .setSessionScene(let scene): result = setSessionScene(a, scene)
        case .foreground: moveToForeground(a)
        case .background: moveToBackground(a)
        case .terminate:
            if records[a].session != nil || records[a].sessionScene != nil {
                endSession(a, reason: nil, HarmonyRules.terminated)
            }
            for s in records[a].streams.indices where records[a].streams[s].state != .released {
                _ = stop(a, s, to: .released)
            }
        }
        return result
    }

    private func focusState(_ a: Int, _ name: String?) -> FocusEntryState? {
        list.first { $0.app == a && (name == nil || $0.owner.stream == name) }?.state
    }

    /// Why a system event cannot happen now, if it cannot (answering a call that is not ringing).
    func problem(with action: HarmonySystemAction) -> String? {
        let ringing = systemStream("call", "ring")?.state == .running
        let inCall = systemStream("call", "voice")?.state == .running
        switch action {
        case .incomingCall where ringing || inCall: return "a call is already ringing or active; expected endCall first"
        case .answerCall where !ringing: return "no call is ringing; expected incomingCall first"
        case .endCall where !ringing && !inCall: return "no call is ringing or active; expected incomingCall first"
        case .alarmBegin where systemStream("alarm", "tone")?.state == .running: return "the alarm already sounds"
        case .alarmEnd where systemStream("alarm", "tone")?.state != .running: return "no alarm sounds"
        case .assistantBegin where systemStream("assistant", "voice")?.state == .running:
            return "the assistant already speaks"
        case .assistantEnd where systemStream("assistant", "voice")?.state != .running: return "the assistant is silent"
        default: return nil
        }
    }

    private func systemStream(_ app: AppID, _ stream: String) -> StreamRecord? {
        index[app].flatMap { a in records[a].streams.first { $0.config.name == stream } }
    }

    mutating func perform(_ action: HarmonySystemAction) {
        func at(_ app: AppID, _ stream: String) -> (Int, Int) {
            let a = index[app]!
            return (a, records[a].streams.firstIndex { $0.config.name == stream }!)
        }
        switch action {
        case .incomingCall:
            let (a, s) = at("call", "ring")
            _ = start(a, s, rule: HarmonyRules.callRings)
        case .answerCall:
            let (a, s) = at("call", "voice")
            _ = start(a, s, rule: HarmonyRules.callAnswered)
        case .endCall:
            for name in ["voice", "ring"] {
                let (a, s) = at("call", name)
                if records[a].streams[s].state == .running { _ = stop(a, s, to: .stopped) }
            }
        case .alarmBegin:
            let (a, s) = at("alarm", "tone")
            _ = start(a, s, rule: HarmonyRules.alarm)
        case .alarmEnd:
            let (a, s) = at("alarm", "tone")
            _ = stop(a, s, to: .stopped)
        case .assistantBegin:
            let (a, s) = at("assistant", "voice")
            _ = start(a, s, rule: HarmonyRules.assistant)
        case .assistantEnd:
            let (a, s) = at("assistant", "voice")
            _ = stop(a, s, to: .stopped)
        }
    }

    /// The apps' handlers run their reactions to what they were told during the event, in order (what a reaction
    /// causes is told, and reacted to, in turn; at most 100 reactions an event).
    mutating func runReactions() {
        var k = 0
        var ran = 0
        while k < notifications.count && ran < 100 {
            defer { k += 1 }
            guard case .interrupt(let owner, let event, _) = notifications[k], let a = index[owner.app],
                let reaction = records[a].config.reactions[event.hint]
            else { continue }
            ran += 1
            decide(owner, .reacted(event.hint, reaction), HarmonyRules.appReaction)
            let action: HarmonyAppAction =
                switch reaction {
                case .start: .start(owner.stream)
                case .pause: .pause(owner.stream)
                case .stop: .stop(owner.stream)
                case .release: .release(owner.stream)
                }
            _ = perform(action, by: a)
        }
    }
}
