import ArbiterEngine

/// An AudioSession with a scene (API 20, §9.4): it holds focus itself with a synthetic entry, the app's streams
/// bypass focus and hear what interrupts that entry.
extension HarmonyEngine {
    /// `setAudioSessionScene`: the scene the next activation takes; refused while the session is active.
    mutating func setSessionScene(_ a: Int, _ scene: SessionScene) -> HarmonyCallResult {
        guard records[a].session == nil else { return .failed(code: 6_800_103, rule: HarmonyRules.sceneSet) }
        records[a].scene = scene
        decide(StreamOwner(records[a].name), .scene(scene), HarmonyRules.sceneSet)
        return .success
    }

    /// Activates app `a`'s session with `scene`: the synthetic entry asks for focus as a stream of the scene's type
    /// would. Activating again changes the strategy only (and stops a deactivation under way).
    mutating func activateScene(_ a: Int, _ mode: ConcurrencyMode, _ scene: SessionScene) -> HarmonyCallResult {
        let app = StreamOwner(records[a].name)
        records[a].session = mode
        decide(app, .session(mode), HarmonyRules.sceneTakesFocus)
        if records[a].sessionScene != nil {
            records[a].sceneRelease = nil
            return .success
        }
        records[a].sessionScene = scene
        var entry = FocusEntry(owner: app, type: scene.focusType, state: .active, app: a, stream: nil, scene: scene)
        let verdict = contest(entry)
        switch verdict.cell {
        case .denyIncoming, .none:
            closeSession(a, verdict.rule)
            return .failed(code: 6_800_301, rule: verdict.rule)
        case .pauseIncoming:
            entry.state = .pause
            notifications.append(.sessionStateChanged(app.app, .pause, verdict.rule))
        case .duckIncoming:
            entry.state = .duck
            notifications.append(.sessionStateChanged(app.app, .duck, verdict.rule))
        default: break
        }
        list.append(entry)
        decide(app, .focus(entry.state), verdict.rule)
        return .success
    }

    /// Stream `s` starts in app `a`'s scene session: it plays without asking for focus.
    mutating func startInScene(_ a: Int, _ s: Int) -> HarmonyCallResult {
        let owner = StreamOwner(records[a].name, records[a].streams[s].config.name)
        if records[a].streams[s].state != .running { decide(owner, .stream(.running), HarmonyRules.sceneBypass) }
        records[a].streams[s].state = .running
        records[a].streams[s].forcePaused = false
        records[a].streams[s].inSession = true
        return .success
    }

    /// A cell paused, ducked, unducked or stopped a scene session's synthetic entry: the session is told, and each
    /// stream in it gets the same as an interrupt event (`told`). A stop ends the session (lowerPriority).
    mutating func sceneInterrupted(_ entry: FocusEntry, _ hint: SessionStateHint, told: InterruptEvent, _ rule: Rule) {
        guard entry.scene != nil else { return }  // a placeholder has nothing to pass on
        let a = entry.app
        let app = StreamOwner(records[a].name)
        let state: FocusEntryState? =
            switch hint {
            case .pause: .pause
            case .duck: .duck
            case .unduck: .active
            default: nil
            }
        decide(app, .focus(state), rule)
        notifications.append(.sessionStateChanged(app.app, hint, rule))
        let fanned = hint == .stop ? HarmonyRules.sceneStopped : HarmonyRules.sceneInterrupted
        for s in records[a].streams.indices where records[a].streams[s].inSession {
            let owner = StreamOwner(app.app, records[a].streams[s].config.name)
            let running = records[a].streams[s].state == .running
            switch hint {
            case .pause where running:
                records[a].streams[s].state = .paused
                records[a].streams[s].forcePaused = true
                decide(owner, .stream(.paused), fanned)
                resetVolume(a, s, fanned)
            case .duck where running && records[a].streams[s].volume == 1:
                records[a].streams[s].volume = profile.duckFactor
                decide(owner, .volume(profile.duckFactor), fanned)
            case .unduck where records[a].streams[s].volume != 1:
                resetVolume(a, s, fanned)
            case .stop:
                records[a].streams[s].state = .stopped
                records[a].streams[s].forcePaused = false
                decide(owner, .stream(.stopped), fanned)
                resetVolume(a, s, fanned)
            default: continue
            }
            tell(owner, told, fanned)
        }
        if hint == .stop {
            let active = records[a].session != nil
            closeSession(a, HarmonyRules.sceneStopped)
            if active { notifications.append(.sessionDeactivated(app.app, .lowerPriority, HarmonyRules.sceneStopped)) }
        }
    }

    /// A scene session's paused synthetic entry is told RESUME: only the session hears it, and it is deactivated
    /// (the entry leaves the list with the RESUME).
    mutating func sceneResumed(_ entry: FocusEntry) {
        let app = StreamOwner(records[entry.app].name)
        decide(app, .focus(nil), HarmonyRules.sceneResumed)
        notifications.append(.sessionStateChanged(app.app, .resume, HarmonyRules.sceneResumed))
        closeSession(entry.app, HarmonyRules.sceneResumed)
    }

    /// The app deactivates its scene session: at once when no stream plays in it; otherwise its streams are stopped
    /// 1 s later and the entry released 50 ms after that (AIS `DelayToDeactivateStreamsInAudioSession`).
    mutating func deactivateScene(_ a: Int) {
        guard let mode = records[a].session, records[a].streams.contains(where: { $0.inSession }) else {
            return endSession(a, reason: nil, HarmonyRules.sceneDeactivated)
        }
        records[a].session = nil
        records[a].sessionIdleSince = nil
        decide(StreamOwner(records[a].name), .session(nil), HarmonyRules.sceneDeactivated)
        let stop = now + .seconds(1)
        records[a].sceneRelease = SceneRelease(mode: mode, stopStreamsAt: stop, releaseAt: stop + .ms(50))
    }

    /// The next step of app `a`'s scene session deactivation: the streams still in it stopped, then the entry
    /// released (others resume or unduck).
    mutating func sceneReleaseStep(_ a: Int) {
        guard var release = records[a].sceneRelease else { return }
        let rule = HarmonyRules.sceneDeactivated
        if release.stopStreamsAt != nil {
            for s in records[a].streams.indices where records[a].streams[s].inSession {
                let owner = StreamOwner(records[a].name, records[a].streams[s].config.name)
                records[a].streams[s].state = .stopped
                records[a].streams[s].forcePaused = false
                records[a].streams[s].inSession = false
                decide(owner, .stream(.stopped), rule)
                resetVolume(a, s, rule)
                tell(owner, InterruptEvent(.begin, .force, .stop), rule)
            }
            release.stopStreamsAt = nil
            records[a].sceneRelease = release
            return
        }
        records[a].sceneRelease = nil
        records[a].sessionScene = nil
        if let k = list.firstIndex(where: { $0.app == a && $0.scene != nil }) {
            list.remove(at: k)
            decide(StreamOwner(records[a].name), .focus(nil), rule)
            recomputeFocus(timedOut: false)
        }
    }

    /// The app comes to the foreground; the one there before goes to the background.
    mutating func moveToForeground(_ a: Int) {
        for b in records.indices where b != a && !records[b].isSystem && !records[b].background {
            records[b].background = true
            decide(StreamOwner(records[b].name), .background(true), HarmonyRules.appBackground)
        }
        records[a].background = false
        decide(StreamOwner(records[a].name), .background(false), HarmonyRules.appBackground)
    }

    mutating func moveToBackground(_ a: Int) {
        records[a].background = true
        decide(StreamOwner(records[a].name), .background(true), HarmonyRules.appBackground)
    }

    /// The stream's system volume back to 1, if it was not.
    private mutating func resetVolume(_ a: Int, _ s: Int, _ rule: Rule) {
        guard records[a].streams[s].volume != 1 else { return }
        records[a].streams[s].volume = 1
        decide(StreamOwner(records[a].name, records[a].streams[s].config.name), .volume(1), rule)
    }
}
