import ArbiterEngine

/// The phone's focus policy: MediaFocusControl's stack of FocusRequesters.
struct PhoneFocusStack: FocusPolicy {
    /// MediaFocusControl's `MAX_STACK_SIZE`.
    static let maxEntries = 100
    /// The stack, top first.
    var stack: [FocusEntry] = []
    let delayedRequestPropagatesLoss: Bool

    var frameworkEnforces: Bool { true }
    var entries: [FocusEntry] { stack }
    var holders: [FocusOwner] { stack.first.map { [$0.owner] } ?? [] }

    mutating func request(_ new: FocusEntry) -> FocusVerdict {
        if stack.count > PhoneFocusStack.maxEntries {
            return FocusVerdict(result: .failed, rule: AndroidRules.stackFull)
        }
        let locked = !canReassignFocus
        if locked && !new.acceptsDelayedFocusGain {
            return FocusVerdict(result: .failed, rule: AndroidRules.lockedOwnerRefuses)
        }
        if let top = stack.first, top.owner == new.owner {
            if top.sameRequest(as: new) {
                return FocusVerdict(result: .granted, rule: AndroidRules.sameRequest, unchanged: true)
            }
        }
        var verdict = FocusVerdict(result: .granted, rule: AndroidRules.granted)
        if stack.contains(where: { $0.owner == new.owner }) {
            stack.removeAll { $0.owner == new.owner }
            verdict.replaced = [new.owner]
            verdict.rule = AndroidRules.replacesOwnEntry
        }
        if locked && stack.contains(where: PhoneFocusStack.isLocked) {
            insertBelowLockedOwners(new, &verdict)
        } else {
            propagateLoss(from: new, to: stack.indices.reversed(), &verdict)  // bottom first, as MediaFocusControl
            stack.insert(new, at: 0)
        }
        return verdict
    }

    mutating func abandon(_ owner: FocusOwner, died: Bool) -> FocusVerdict? {
        guard let i = stack.firstIndex(where: { $0.owner == owner }) else { return nil }
        stack.remove(at: i)
        var verdict = FocusVerdict(result: .granted, rule: died ? AndroidRules.deadOwner : AndroidRules.abandon)
        if i == 0, canReassignFocus, !stack.isEmpty {
            let notify = stack[0].lossNotified
            let rule = stack[0].delayed ? AndroidRules.delayedGranted : AndroidRules.stackTopRegains
            stack[0].loss = nil
            stack[0].delayed = false
            verdict.regains.append(FocusRegain(owner: stack[0].owner, notify: notify, rule: rule))
        }
        return verdict
    }

    mutating func answer(_ entry: FocusEntry) -> FocusVerdict {
        if let i = stack.firstIndex(where: { $0.owner == entry.owner }) { stack[i].attributes = entry.attributes }
        return FocusVerdict(result: .granted, rule: AndroidRules.callAnswered)
    }

    mutating func lossNotified(_ owner: FocusOwner) {
        if let i = stack.firstIndex(where: { $0.owner == owner }) { stack[i].lossNotified = true }
    }

    /// Gives each entry at `indices` (in that order) the loss `winner`'s gain causes; entries told LOSS leave.
    mutating func propagateLoss(from winner: FocusEntry, to indices: some Sequence<Int>, _ verdict: inout FocusVerdict)
    {
        var leaving: [FocusOwner] = []
        for i in indices {
            let loss = LossForGain.loss(for: winner.gain, given: stack[i].loss)
            guard loss != stack[i].loss else { continue }  // the same loss again changes nothing
            stack[i].loss = loss
            stack[i].lossNotified = false
            verdict.losses.append(
                FocusLoss(
                    owner: stack[i].owner, change: loss,
                    rule: loss == .loss
                        ? AndroidRules.permanentLossLeavesStack
                        : AndroidRules.lossForGain,
                    winner: winner))
            if loss == .loss { leaving.append(stack[i].owner) }
        }
        stack.removeAll { leaving.contains($0.owner) }
    }
}

extension AndroidRules {
    static let granted = Rule(
        id: "focus.granted",
        statement: "a request that may take focus is GRANTED and goes on top of the stack, after every entry has been "
            + "given its loss",
        source: AOSP.mediaFocusControl + " requestAudioFocus",
        evidence: .documented)
    static let sameRequest = Rule(
        id: "focus.same-request",
        statement: "the top of the stack repeating its request with the same gain and flags is GRANTED and changes "
            + "nothing",
        source: AOSP.mediaFocusControl + " requestAudioFocus",
        evidence: .documented)
    static let replacesOwnEntry = Rule(
        id: "focus.replaces-own-entry",
        statement: "a listener's new request replaces its earlier entry in the stack, which leaves without being "
            + "told, and is granted on top like any request",
        source: AOSP.mediaFocusControl + " requestAudioFocus, removeFocusStackEntry",
        evidence: .documented)
    static let stackFull = Rule(
        id: "focus.stack-full",
        statement: "a request when the stack holds more than 100 entries FAILS",
        source: AOSP.mediaFocusControl + " requestAudioFocus (MAX_STACK_SIZE)",
        evidence: .documented)
    static let abandon = Rule(
        id: "focus.abandon",
        statement: "abandoning focus removes the listener's entry from the stack",
        source: AOSP.mediaFocusControl + " abandonAudioFocus, removeFocusStackEntry",
        evidence: .documented)
    static let abandonNothing = Rule(
        id: "focus.abandon-without-focus",
        statement: "abandoning focus that the listener does not hold or wait for returns GRANTED and changes nothing",
        source: AOSP.mediaFocusControl + " abandonAudioFocus",
        evidence: .documented)
    static let stackTopRegains = Rule(
        id: "focus.stack-top-regains",
        statement: "when the top of the stack leaves, the new top regains focus: AUDIOFOCUS_GAIN is dispatched only if "
            + "its loss had been, and the framework unducks it",
        source: AOSP.mediaFocusControl + " notifyTopOfAudioFocusStack; " + AOSP.focusRequester + " handleFocusGain",
        evidence: .documented)
    static let deadOwner = Rule(
        id: "focus.dead-owner",
        statement: "a listener whose process dies is removed from the stack as if it abandoned; if it was on top the "
            + "next entry gets AUDIOFOCUS_GAIN",
        source: AOSP.mediaFocusControl + " AudioFocusDeathHandler.binderDied, removeFocusStackEntryOnDeath",
        evidence: .documented)
    static let holds = Rule(
        id: "focus.holds",
        statement: "the listener granted focus holds it: the top of the stack (in the car, a holder)",
        source: AOSP.mediaFocusControl + " requestAudioFocus; " + AOSP.carAudioFocus + " evaluateFocusRequestLocked",
        evidence: .documented)
}
