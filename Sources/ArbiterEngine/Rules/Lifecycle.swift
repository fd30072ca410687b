/// Foreground, background, suspension, termination and launch.
extension App {
    /// Whether the app keeps running in the background: the audio background mode, a category that plays in
    /// the background, and an active session, or, for an app already running in the background, one
    /// interrupted while it ran (so it can hear the end). (Performance conventions: read-only accessors.)
    var keepsRunningInBackground: Bool {
        @_effects(readonly) get {
            // The cheap tests first: most apps have no audio background mode.
            guard hasAudioBackgroundMode && session.category.traits.playsInBackground else { return false }
            return session.isActive || (lifecycle == .background && isInterrupted)
        }
    }
}

extension Engine {
    /// Whether app `i` keeps running in the background (see `App.keepsRunningInBackground`).
    func keepsRunningInBackground(_ i: Int) -> Bool { apps[i].keepsRunningInBackground }

    /// Makes app `i` (or none) the device's foreground app.
    mutating func setForeground(_ i: Int?) {
        foregroundIndex = i
        device.foreground = i.map { apps[$0].id }
    }

    mutating func bringToForeground(_ i: Int, _ effects: inout Effects) -> StepResult {
        if apps[i].lifecycle == .terminated { return launch(i, &effects) }
        if apps[i].lifecycle == .foreground { return .succeeded }
        if let previous = foregroundIndex { sendBack(previous, &effects) }
        setLifecycle(i, .foreground, .oneForegroundApp, &effects)
        setForeground(i)
        deliverSuspensionNotice(i, &effects)
        return .succeeded
    }

    mutating func sendToBackground(_ i: Int, _ effects: inout Effects) -> StepResult {
        if apps[i].lifecycle == .foreground { sendBack(i, &effects) }
        return .succeeded
    }

    /// App `i` leaves the foreground: it keeps its audio or is suspended.
    private mutating func sendBack(_ i: Int, _ effects: inout Effects) {
        setForeground(nil)
        for p in apps[i].players.indices {
            let player = apps[i].players[p]
            if player.kind == .applicationMusicPlayer && player.state != .stopped {
                setPlayer(i, p, .stopped, rule: .applicationMusicPlayerStops, &effects)
            } else if player.showsVideo && player.isRunning {
                setPlayer(i, p, .paused, rule: .videoPausesInBackground, &effects)
            }
        }
        if keepsRunningInBackground(i) {
            setLifecycle(i, .background, .backgroundKeepsAudio, &effects)
        } else {
            suspend(i, &effects)
        }
    }

    /// Suspends app `i`: its players stop and the system deactivates its session, telling nobody now (before iOS 16,
    /// the app is told when it runs again: `owesSuspensionNotice`; on iOS 9 the session stays active,
    /// `suspensionDeactivatesSession`). Returns whether that ended interruptions it had
    /// started (other apps changed).
    @discardableResult
    mutating func suspend(_ i: Int, rule: Rule = .backgroundSuspends, _ effects: inout Effects) -> Bool {
        pauseRunningPlayers(i, rule: rule, &effects)
        if apps[i].session.isActive && profile.suspensionDeactivatesSession {
            apps[i].session.isActive = false
            effects.deactivated(i, rule)
            if (10..<16).contains(ios) { apps[i].owesSuspensionNotice = true }
        }
        setLifecycle(i, .suspended, rule, &effects)
        // Most apps started no interruption (performance conventions: the cheap test first, inline).
        guard profile.lateEndWhenInterrupterLeaves && interruptions.mayWait(forApp: i) else { return false }
        return endInterruptionsLate(byApp: i, &effects)
    }

    /// App `i` left (was suspended or terminated): the interruptions it started and never ended with
    /// notifyOthers end now, without shouldResume, each told when its app next runs (§13.1).
    @discardableResult
    private mutating func endInterruptionsLate(byApp i: Int, _ effects: inout Effects) -> Bool {
        var late = takeInterrupted(byApp: i)
        if interruptions.takeMayEndLate(forApp: i) {
            let id = apps[i].id
            late += apps.indices.filter { j in
                guard let interruption = apps[j].session.interruption else { return false }
                return interruption.endsWhenInterrupterLeaves && interruption.by == .app(id)
            }
            late.sort()
        }
        for j in late {
            endInterruption(
                j, shouldResume: false, rule: .interruptionEndsWhenInterrupterLeaves, toldWhenItRuns: true, &effects)
        }
        return !late.isEmpty
    }

    /// iOS 10.3 to 15: an app whose active session was deactivated when it was suspended is told so once it runs again,
    /// with a late interruptionBegan, reason appWasSuspended; and an interruption that ended while it was suspended
    /// (its interrupter left) is told now, without shouldResume (§13.1).
    private mutating func deliverSuspensionNotice(_ i: Int, _ effects: inout Effects) {
        if apps[i].owesSuspensionNotice {
            apps[i].owesSuspensionNotice = false
            effects.notify(apps[i].id, .interruptionBegan(reason: .appWasSuspended), .appWasSuspendedNotice)
        }
        if apps[i].owesInterruptionEnd {
            apps[i].owesInterruptionEnd = false
            effects.notify(
                apps[i].id, .interruptionEnded(shouldResume: false), .interruptionEndsWhenInterrupterLeaves)
        }
    }

    /// Runs a step on a suspended app: it is woken into the background first.
    @inline(__always)  // asked before nearly every app step; most apps are not suspended
    mutating func wakeIfSuspended(_ i: Int, _ effects: inout Effects) {
        if apps[i].lifecycle == .suspended { wake(i, &effects) }
    }

    private mutating func wake(_ i: Int, _ effects: inout Effects) {
        setLifecycle(i, .background, .wokenForStep, &effects)
        effects.woken.append(i)
        deliverSuspensionNotice(i, &effects)
    }

    /// Suspends the background apps that ran audio (or were woken) during this event and no longer qualify.
    /// Returns whether the derived values need settling again: whether a suspended app had a running player or an
    /// active session. Suspending an app with neither changes its lifecycle alone, which moves nothing derived
    /// (it did not run in the background before, as it does not keep running there, and does not after).
    mutating func suspendIdleBackgroundApps(_ effects: inout Effects) -> Bool {
        var needsSettle = false
        func ranAtStart(_ i: Int) -> Bool { ranInBackgroundAtStart(i, effects) }
        // Only an app changed during the event can have stopped qualifying or have been woken.
        apps.sortChangedInEvent()
        for k in 0..<apps.changedInEventCount {  // suspending app i changes app i alone
            let i = apps.changedInEvent(k)
            guard
                apps[i].lifecycle == .background && !keepsRunningInBackground(i)
                    && (ranAtStart(i) || effects.woken.has(i))
            else { continue }
            if apps[i].hasRunningIO || apps[i].session.isActive { needsSettle = true }
            if suspend(i, &effects) { needsSettle = true }
        }
        return needsSettle
    }

    mutating func terminate(_ i: Int, _ effects: inout Effects) -> StepResult {
        if apps[i].lifecycle == .terminated { return .succeeded }
        for p in apps[i].players.indices where apps[i].players[p].state != .stopped {
            setPlayer(i, p, .stopped, rule: .terminationEndsEverything, &effects)
        }
        if apps[i].session.isActive {
            apps[i].session.isActive = false
            effects.deactivated(i, .terminationEndsEverything)
        }
        if profile.lateEndWhenInterrupterLeaves {
            endInterruptionsLate(byApp: i, &effects)
        } else {
            for j in takeInterrupted(byApp: i) {
                apps[j].session.interruption?.endPending = false
                effects.record(j, .interruptionOrphaned, .terminationEndsEverything)
            }
        }
        if foregroundIndex == i { setForeground(nil) }
        apps[i].nonMixablePlaySerial = nil
        apps[i].published = nil
        setLifecycle(i, .terminated, .terminationEndsEverything, &effects)
        return .succeeded
    }

    /// Launches app `i` into the foreground. A terminated app starts afresh from its declaration.
    mutating func launch(_ i: Int, _ effects: inout Effects) -> StepResult {
        if apps[i].lifecycle == .terminated {
            startAfresh(i, lifecycle: .suspended)
            let session = apps[i].session
            effects.record(
                i,
                .categorySet(
                    session.category, mode: session.effectiveMode,
                    options: session.effectiveOptions), .launchStartsAfresh)
        }
        return bringToForeground(i, &effects)
    }

    /// Starts terminated app `i` again from its declaration, in `lifecycle`; only its gain envelope carries over.
    mutating func startAfresh(_ i: Int, lifecycle: AppLifecycle) {
        let gain = apps[i].gain
        apps.replace(i, with: App(config: apps[i].config, lifecycle: lifecycle))
        apps[i].gain = gain
    }

    private mutating func setLifecycle(_ i: Int, _ lifecycle: AppLifecycle, _ rule: Rule, _ effects: inout Effects) {
        guard apps[i].lifecycle != lifecycle else { return }
        apps[i].lifecycle = lifecycle
        effects.lifecycle(i, lifecycle, rule)
    }
}

extension Rule {
    static let interruptionEndsWhenInterrupterLeaves = Rule(
        id: "interruption.ends-when-interrupter-leaves",
        statement: "an interruption whose app interrupter never deactivated with notifyOthersOnDeactivation ends, "
            + "without shouldResume, once that app is suspended or terminated; an interrupted app that is suspended "
            + "then is told when it next runs; profile lateEndWhenInterrupterLeaves, default true",
        source: "§13.1: twilio/voice-quickstart-ios managing-audio-interruptions.md (maintainer-documented); "
            + "TortugaPower/BookPlayer#155; Apple Developer Forums 776118 (observed iOS 10 and later, never iOS 9)",
        evidence: .observed)
}

extension Rule {
    static let oneForegroundApp = Rule(
        id: "lifecycle.one-foreground-app",
        statement: "one app is in the foreground at a time: bringing one forward sends the previous one back",
        source: "scenario format (Apps and the foreground)",
        evidence: .model)
    static let backgroundKeepsAudio = Rule(
        id: "background.keeps-audio",
        statement: "an app keeps running in the background only with the audio background mode, a category that plays "
            + "in the background and an active session (an app interrupted while it played in the background stays "
            + "running, to hear the end)",
        source: "DOC:…/category-swift.struct/playback; QA1668; ASPG14 p.19, p.48",
        evidence: .documented)
    static let backgroundSuspends = Rule(
        id: "background.suspends",
        statement: "an app that goes to the background without the audio mode, a background category and an active "
            + "session is suspended: its players stop and, from iOS 10, the system deactivates its session (no notice "
            + "from iOS 16; profile suspensionDeactivatesSession, false on iOS 9: the session stays active)",
        source: "QA1668; H18 (iOS 10+ deactivates suspended sessions); H17 (no appWasSuspended from iOS 16)",
        evidence: .documented)
    static let appWasSuspendedNotice = Rule(
        id: "background.app-was-suspended-notice",
        statement: "from iOS 10.3 to 15, an app whose active session the system deactivated when it suspended the app "
            + "is told once it runs again: a late interruptionBegan with reason appWasSuspended (iOS 10.3-14.4: the "
            + "wasSuspended key); from iOS 16 no such notice is posted",
        source: "H18 (InterruptionWasSuspendedKey comment); DOC:avfaudio/avaudiosession/interruptionreason/"
            + "appwassuspended; H17 (not sent from iOS 16)",
        evidence: .documented)
    static let wokenForStep = Rule(
        id: "lifecycle.woken-for-step",
        statement: "a step on a suspended app runs as if the app had been woken to run it, under the background rules",
        source: "scenario format (Apps and the foreground)",
        evidence: .model)
    static let terminationEndsEverything = Rule(
        id: "lifecycle.terminated",
        statement: "a terminated app's players stop, its session goes away without notifying anyone, and it stops "
            + "being Now Playing",
        source: "scenario format (Now Playing until terminated)",
        evidence: .model)
    static let launchStartsAfresh = Rule(
        id: "lifecycle.launch",
        statement: "a launched app starts afresh with its declared category, mode and options",
        source: "the app's own launch code",
        evidence: .model)
    static let appDeclared = Rule(
        id: "lifecycle.declared",
        statement: "a newly declared app is running in the background (the first app of an empty device is in the "
            + "foreground, as a scenario's first app is)",
        source: "scenario format (Apps and the foreground)",
        evidence: .model)
}
