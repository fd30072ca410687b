import ArbiterEngine

/// The car's focus policy: CarAudioFocus, which grants, refuses or delays a request by FocusInteraction's matrix
/// against every holder and every loser that waits, and lets several holders share focus.
struct CarFocus: FocusPolicy {
    let rejectNavigationDuringCall: Bool
    /// The release's delayed focus (profile: carDelayedFocus, carDelayedLosesWhenRefused).
    let delayedFocus: Bool
    let delayedLosesWhenRefused: Bool
    /// Who holds focus, most recent first.
    var current: [FocusEntry] = []
    /// Who lost focus for a while and waits, blocked by the requests that took it.
    var losers: [FocusEntry] = []
    /// The one request waiting for delayed focus.
    var delayed: FocusEntry?
    /// Grants so far, to list the holders most recent first.
    var grants = 0

    var frameworkEnforces: Bool { false }
    var entries: [FocusEntry] { current + losers + (delayed.map { [$0] } ?? []) }
    var holders: [FocusOwner] { current.map(\.owner) }

    /// The car's policy with the profile's choices.
    init(profile: AndroidProfile) {
        rejectNavigationDuringCall = profile.rejectNavigationDuringCall
        delayedFocus = profile.carDelayedFocus
        delayedLosesWhenRefused = profile.carDelayedLosesWhenRefused
    }

    static func context(_ entry: FocusEntry) -> CarAudioContext { CarAudioContext(entry.attributes.usage) }

    /// What one holder or waiting loser does to the request.
    enum Evaluation {
        case refuse(Rule)
        case delay
        case loses(Rule)
        case keeps
    }

    /// FocusInteraction's `evaluateRequest` for `entry` against the request `new` (with CarAudioFocus's own checks
    /// first: notifications during an exclusive request, a listener's second request).
    func evaluate(_ entry: FocusEntry, against new: FocusEntry) -> Evaluation? {
        let context = CarFocus.context(new)
        if context == .notification && entry.gain == .gainTransientExclusive {
            return .refuse(AndroidRules.carNotificationDuringExclusive)
        }
        let holder = CarFocus.context(entry)
        if entry.owner == new.owner {
            let swapsRingAndCall =
                new.owner == .call && [.callRing, .call].contains(holder)
                && [.callRing, .call].contains(context)
            return holder == context || swapsRingAndCall ? nil : .refuse(AndroidRules.carSameListenerOtherUsage)
        }
        switch FocusInteraction.of(
            holder: holder, request: context,
            rejectNavigationDuringCall: rejectNavigationDuringCall)
        {
        case .reject:
            if new.gain == .gain && new.acceptsDelayedFocusGain {
                return delayedFocus ? .delay : .refuse(AndroidRules.carNoDelayedFocus)
            }
            let navigationRefused = rejectNavigationDuringCall && holder == .call && context == .navigation
            return .refuse(
                navigationRefused
                    ? AndroidRules.carNavigationRejectedDuringCall
                    : AndroidRules.carInteractionReject)
        case .exclusive:
            return .loses(AndroidRules.carInteractionExclusive)
        case .concurrent:
            let allowDucking = new.gain == .gainTransientMayDuck
            return !allowDucking || entry.willPauseWhenDucked || entry.receivesDuckEvents
                ? .loses(AndroidRules.carConcurrentLoses) : .keeps
        }
    }

    mutating func request(_ new: FocusEntry) -> FocusVerdict {
        if let waiting = delayed, waiting.owner == new.owner, CarFocus.context(waiting) != CarFocus.context(new) {
            return FocusVerdict(result: .failed, rule: AndroidRules.carSameListenerOtherUsage)
        }
        var losing: [(FocusOwner, Rule)] = []
        var blocked: [FocusOwner] = []
        var delay = false
        var replaced = false
        var allConcurrent = true
        for (entry, isHolder) in current.map({ ($0, true) }) + losers.map({ ($0, false) }) {
            guard let evaluation = evaluate(entry, against: new) else {
                replaced = true
                continue
            }
            switch evaluation {
            case .refuse(let rule): return FocusVerdict(result: .failed, rule: rule)
            case .delay: delay = true
            case .loses(let rule):
                allConcurrent = false
                if isHolder { losing.append((entry.owner, rule)) } else { blocked.append(entry.owner) }
            case .keeps: break
            }
        }
        // A delayed request is weighed like a granted one: whom it displaces loses at once (a GAIN: for good);
        // it only does not join the holders (evaluateFocusRequestLocked).
        var verdict = FocusVerdict(
            result: delay ? .delayed : .granted,
            rule: delay
                ? AndroidRules.carInteractionDelayed
                : current.isEmpty || !allConcurrent ? AndroidRules.carGranted : AndroidRules.carInteractionConcurrent)
        if replaced || delayed?.owner == new.owner {
            current.removeAll { $0.owner == new.owner }
            losers.removeAll { $0.owner == new.owner }
            if delayed?.owner == new.owner && !delay { delayed = nil }
            verdict.replaced = [new.owner]
            if replaced && !delay { verdict.rule = AndroidRules.carSameUsageReplaces }
            // The replaced request no longer blocks anyone; the new one blocks whom it blocks (below).
            for i in losers.indices { losers[i].blockers.removeAll { $0 == new.owner } }
        }
        let permanent = new.gain == .gain
        var lostForGood: [FocusOwner] = []
        for owner in blocked {
            guard let i = losers.firstIndex(where: { $0.owner == owner }) else { continue }
            if permanent {
                verdict.losses.append(
                    FocusLoss(
                        owner: owner, change: .loss,
                        rule: delay ? AndroidRules.carDelayedDisplacesAtOnce : AndroidRules.carWaitingLoser,
                        winner: new))
                losers.remove(at: i)
                lostForGood.append(owner)
            } else {
                if new.gain != .gainTransientMayDuck && losers[i].loss == .lossTransientCanDuck {
                    losers[i].loss = .lossTransient
                    verdict.losses.append(
                        FocusLoss(
                            owner: owner, change: .lossTransient,
                            rule: AndroidRules.carWaitingLoser, winner: new))
                }
                losers[i].blockers.append(new.owner)
            }
        }
        for (owner, rule) in losing {
            guard let i = current.firstIndex(where: { $0.owner == owner }) else { continue }
            var entry = current.remove(at: i)
            let change: FocusChange =
                permanent
                ? .loss
                : new.gain == .gainTransientMayDuck && entry.receivesDuckEvents
                    ? .lossTransientCanDuck
                    : .lossTransient
            verdict.losses.append(
                FocusLoss(
                    owner: owner, change: change, rule: delay ? AndroidRules.carDelayedDisplacesAtOnce : rule,
                    winner: new))
            if permanent {
                lostForGood.append(owner)
            } else {
                entry.loss = change
                entry.blockers = [new.owner]
                losers.append(entry)
            }
        }
        for owner in lostForGood { restoreUnblocked(by: owner, &verdict) }
        if replaced { restoreUnblocked(by: nil, &verdict) }
        if delay {
            delayRequest(new, &verdict)
            return verdict
        }
        var holder = new
        holder.loss = nil
        holder.delayed = false
        holder.blockers = []
        grants += 1
        holder.granted = grants
        current.insert(holder, at: 0)
        return verdict
    }

    mutating func abandon(_ owner: FocusOwner, died: Bool) -> FocusVerdict? {
        var verdict = FocusVerdict(result: .granted, rule: died ? AndroidRules.deadOwner : AndroidRules.carAbandon)
        if delayed?.owner == owner {
            delayed = nil
            return verdict
        }
        let before = current.count + losers.count
        current.removeAll { $0.owner == owner }
        losers.removeAll { $0.owner == owner }
        guard current.count + losers.count < before else { return nil }
        grantDelayed(&verdict)
        restoreUnblocked(by: owner, &verdict)
        return verdict
    }

    /// `removeBlockerAndRestoreUnblockedFocusLosersLocked`: losers no longer blocked by anyone (once `gone` no
    /// longer blocks them) regain focus.
    mutating func restoreUnblocked(by gone: FocusOwner?, _ verdict: inout FocusVerdict) {
        var stillWaiting: [FocusEntry] = []
        for var entry in losers {
            if let gone { entry.blockers.removeAll { $0 == gone } }
            if entry.blockers.isEmpty {
                entry.loss = nil
                current.append(entry)
                verdict.regains.append(
                    FocusRegain(
                        owner: entry.owner, notify: true,
                        rule: AndroidRules.carRegainUnblocked))
            } else {
                stillWaiting.append(entry)
            }
        }
        losers = stillWaiting
        current.sort { $0.granted > $1.granted }
    }

    /// The call is answered: telephony's listener requests again as CALL, which replaces its CALL_RING request
    /// (`canSwapCallOrRingerClientRequest`).
    mutating func answer(_ entry: FocusEntry) -> FocusVerdict {
        var verdict = request(entry)
        if verdict.result == .granted { verdict.rule = AndroidRules.carCallAnswered }
        return verdict
    }

    mutating func lossNotified(_ owner: FocusOwner) {}
}

extension AndroidRules {
    static let carGranted = Rule(
        id: "car.granted",
        statement: "a request that no holder and no waiting loser refuses is GRANTED and joins the holders",
        source: AOSP.carAudioFocus + " evaluateFocusRequestLocked",
        evidence: .documented)
    static let carNotificationDuringExclusive = Rule(
        id: "car.notification-during-exclusive",
        statement: "a NOTIFICATION request FAILS while a holder or waiting loser asked for GAIN_TRANSIENT_EXCLUSIVE",
        source: AOSP.carAudioFocus + " evaluateFocusRequestLocked",
        evidence: .documented)
    static let carSameListenerOtherUsage = Rule(
        id: "car.same-listener-other-usage",
        statement: "a second request from a listener that holds or waits for focus, for another context, FAILS "
            + "(telephony may swap its ring and its call)",
        source: AOSP.carAudioFocus + " evaluateFocusRequestLocked, canSwapCallOrRingerClientRequest",
        evidence: .documented)
    static let carSameUsageReplaces = Rule(
        id: "car.same-usage-replaces",
        statement: "a second request from a listener for the same context replaces its earlier one, which is not told",
        source: AOSP.carAudioFocus + " evaluateFocusRequestLocked (replacedCurrentEntry)",
        evidence: .documented)
    static let carWaitingLoser = Rule(
        id: "car.waiting-loser",
        statement: "a request that would take focus from a waiting loser blocks it too: a GAIN makes it LOSS for good, "
            + "a request that does not allow ducking turns its LOSS_TRANSIENT_CAN_DUCK into LOSS_TRANSIENT",
        source: AOSP.carAudioFocus + " evaluateFocusRequestLocked (blocked)",
        evidence: .documented)
    static let carRegainUnblocked = Rule(
        id: "car.regain-unblocked",
        statement: "a waiting loser regains focus, and is told GAIN, when every request that blocked it has abandoned "
            + "or lost focus for good",
        source: AOSP.carAudioFocus + " removeBlockerAndRestoreUnblockedFocusLosersLocked",
        evidence: .documented)
    static let carAbandon = Rule(
        id: "car.abandon",
        statement: "abandoning focus removes the listener's entry from the holders or the losers",
        source: AOSP.carAudioFocus + " abandonAudioFocusLocked",
        evidence: .documented)
    static let carCallAnswered = Rule(
        id: "car.call-answered",
        statement: "an answered call's focus changes from CALL_RING to CALL: telephony requests again as "
            + "VOICE_COMMUNICATION, which replaces its ring's request and is evaluated by the matrix",
        source: AOSP.carAudioFocus + " evaluateFocusRequestLocked, canSwapCallOrRingerClientRequest",
        evidence: .documented)
}
