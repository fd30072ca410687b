import ArbiterEngine

/// Requests and abandons through the policy, and the delivery of what it decides: statuses, losses (which the
/// phone's framework may duck or fade instead of telling), regained focus.
extension AndroidEngine {
    /// The request app `i` makes: its declaration, changed by the step.
    func entry(for i: Int, _ change: FocusRequestChange) -> FocusEntry {
        let app = records[i].declaration
        return FocusEntry(
            owner: .app(app.name), uid: app.uid, targetSdk: app.targetSdk, gain: change.gain ?? app.focusGain,
            attributes: AudioAttributes(
                usage: change.usage ?? app.attributes.usage,
                contentType: change.contentType ?? app.attributes.contentType),
            willPauseWhenDucked: change.willPauseWhenDucked ?? app.willPauseWhenDucked,
            acceptsDelayedFocusGain: change.acceptsDelayedFocusGain ?? app.acceptsDelayedFocusGain,
            locksFocus: change.locksFocus ?? app.locksFocus, receivesDuckEvents: app.receivesDuckEvents)
    }

    func index(of owner: FocusOwner) -> Int? {
        if case .app(let id) = owner { recordIndex[id] } else { nil }
    }

    /// Asks the policy for focus, then delivers what it decided; returns the request's result.
    @discardableResult
    mutating func requestFocus(_ entry: FocusEntry) -> FocusRequestResult {
        let verdict = policy.request(entry)
        decide(entry.owner, .request(entry.gain, verdict.result), verdict.rule)
        recordRequest(entry.owner, verdict)
        if !verdict.unchanged {
            switch verdict.result {
            case .granted:
                setStatus(entry.owner, .gain, AndroidRules.holds)
                if let i = index(of: entry.owner) { restoreShapes(uid: records[i].uid) }
            case .delayed:
                setStatus(entry.owner, .delayed, verdict.rule)
            case .failed:
                break
            }
        }
        deliver(verdict)
        return verdict.result
    }

    /// Keeps a request's result for `request` checks.
    mutating func recordRequest(_ owner: FocusOwner, _ verdict: FocusVerdict) {
        if let i = index(of: owner) {
            records[i].lastRequest = verdict.result
            records[i].rules["request"] = verdict.rule
        } else {
            systemClients[owner, default: SystemClientRecord()].lastRequest = verdict.result
            systemClients[owner, default: SystemClientRecord()].rules["request"] = verdict.rule
        }
    }

    /// Abandons `owner`'s focus (or removes a dead owner's); a listener with nothing to abandon changes nothing.
    mutating func abandonFocus(_ owner: FocusOwner, died: Bool = false) {
        guard let verdict = policy.abandon(owner, died: died) else {
            if !died { decide(owner, .abandoned, AndroidRules.abandonNothing) }
            return
        }
        decide(owner, .abandoned, verdict.rule)
        setStatus(owner, .none, verdict.rule)
        if let i = index(of: owner) {
            records[i].startWhenGranted = []
            unduck(uid: records[i].uid)
        }
        deliver(verdict)
    }

    /// Delivers a verdict's losses and regained focus, in order, then lets the car's ducking table catch up.
    mutating func deliver(_ verdict: FocusVerdict) {
        for loss in verdict.losses { deliverLoss(loss) }
        for regain in verdict.regains { deliverRegain(regain) }
        if isCar { applyCarDucking() }
    }

    /// Records an owner's new place with focus (a decision only when it changed, for an app).
    mutating func setStatus(_ owner: FocusOwner, _ status: FocusStatus, _ rule: Rule) {
        guard let i = index(of: owner) else {
            systemClients[owner, default: SystemClientRecord()].status = status
            systemClients[owner, default: SystemClientRecord()].rules["focus"] = rule
            decide(owner, .focus(status), rule)
            return
        }
        records[i].rules["focus"] = rule
        guard records[i].status != status else { return }
        records[i].status = status
        decide(i, .focus(status), rule)
    }

    /// A loss: the listener is told, unless the phone's framework ducks the loser or fades it out first.
    mutating func deliverLoss(_ loss: FocusLoss) {
        setStatus(loss.owner, FocusStatus(loss.change), loss.rule)
        guard let i = index(of: loss.owner) else { return }
        if loss.change == .loss { records[i].startWhenGranted = [] }
        if policy.frameworkEnforces {
            if loss.change == .lossTransientCanDuck {
                switch automaticDuck(of: i, by: loss.winner) {
                case .duck(let level, let rule):
                    duck(uid: records[i].uid, to: level, rule, owner: i)
                    return
                case .callback(let rule):
                    notify(i, loss.change, rule)
                    return
                }
            }
            if loss.change == .loss, fadeOut(i, winner: loss.winner) { return }
        }
        notify(i, loss.change, loss.rule)
    }

    /// Focus regained (or a delayed request granted): unducked and unfaded, told `gain` if its loss was told.
    mutating func deliverRegain(_ regain: FocusRegain) {
        setStatus(regain.owner, .gain, regain.rule)
        guard let i = index(of: regain.owner) else { return }
        restoreShapes(uid: records[i].uid)
        if regain.notify { notify(i, .gain, regain.rule) }
        let waiting = records[i].startWhenGranted
        records[i].startWhenGranted = []
        for name in waiting { startPlayer(i, name, AndroidRules.playWhenGranted) }
    }

    /// A focus change delivered to app `i`'s listener (its reactions run after the event's own work).
    mutating func notify(_ i: Int, _ change: FocusChange, _ rule: Rule) {
        effects.notifications.append(FocusNotification(app: records[i].id, change: change, rule: rule, time: dueTime))
        if change != .gain { policy.lossNotified(.app(records[i].id)) }
    }

    /// The framework's shapes on a uid end when it gains focus: unducked, faded back in.
    mutating func restoreShapes(uid: Int) {
        unduck(uid: uid)
        fadeIn(uid: uid, AndroidRules.fadeInOnRequest)
    }
}

extension FocusStatus {
    /// The status a loss leaves.
    init(_ loss: FocusChange) {
        switch loss {
        case .gain: self = .gain
        case .loss: self = .loss
        case .lossTransient: self = .lossTransient
        case .lossTransientCanDuck: self = .lossTransientCanDuck
        }
    }
}
