import ArbiterEngine

/// Delayed focus: while the call or a locked owner is on top, focus cannot be reassigned.
extension PhoneFocusStack {
    /// MediaFocusControl's `canReassignAudioFocus`: not while the top is the call's or holds AUDIOFOCUS_FLAG_LOCK.
    var canReassignFocus: Bool {
        guard let top = stack.first else { return true }
        return !PhoneFocusStack.isLocked(top)
    }

    static func isLocked(_ entry: FocusEntry) -> Bool { entry.owner == .call || entry.locksFocus }

    /// `pushBelowLockedFocusOwnersAndPropagate`: the delayed request goes just below the lowest locked owner; with
    /// the profile's `delayedRequestPropagatesLoss`, the entries below it are given the loss its gain causes.
    mutating func insertBelowLockedOwners(_ new: FocusEntry, _ verdict: inout FocusVerdict) {
        var new = new
        new.delayed = true
        let place = (stack.lastIndex(where: PhoneFocusStack.isLocked) ?? -1) + 1
        stack.insert(new, at: place)
        verdict.result = .delayed
        verdict.rule = AndroidRules.lockedOwnerDelays
        if delayedRequestPropagatesLoss {
            propagateLoss(from: new, to: Array(stack.indices.dropFirst(place + 1)), &verdict)
            for i in verdict.losses.indices { verdict.losses[i].rule = AndroidRules.delayedPropagatesLoss }
        }
    }
}

extension AndroidRules {
    static let lockedOwnerDelays = Rule(
        id: "delay.locked-owner",
        statement: "while a ring or call, or an owner with AUDIOFOCUS_FLAG_LOCK, is on top, a request that accepts "
            + "delayed focus returns DELAYED and waits just below the locked owners",
        source: AOSP.mediaFocusControl + " canReassignAudioFocus, pushBelowLockedFocusOwnersAndPropagate; " + AOSP.cts
            + " testAudioFocusDelayedByCall",
        evidence: .documented)
    static let lockedOwnerRefuses = Rule(
        id: "delay.locked-owner-refuses",
        statement: "while a ring or call, or an owner with AUDIOFOCUS_FLAG_LOCK, is on top, a request that does not "
            + "accept delayed focus FAILS",
        source: AOSP.mediaFocusControl + " requestAudioFocus, canReassignAudioFocus",
        evidence: .documented)
    static let delayedPropagatesLoss = Rule(
        id: "delay.propagates-loss",
        statement: "a delayed request gives the entries below it the loss its gain causes (a media holder gets LOSS "
            + "from a delayed GAIN); older releases only inserted it",
        source: AOSP.mediaFocusControl + " pushBelowLockedFocusOwnersAndPropagate; " + AOSP.cts
            + " testAudioMediaFocusDelayedByCall (profile: delayedRequestPropagatesLoss)",
        evidence: .tunable)
    static let delayedGranted = Rule(
        id: "delay.granted",
        statement: "when the locked owner above it leaves, a delayed request is on top and gets AUDIOFOCUS_GAIN",
        source: AOSP.mediaFocusControl + " notifyTopOfAudioFocusStack; " + AOSP.cts + " testAudioFocusDelayedByCall",
        evidence: .documented)
    static let playWhenGranted = Rule(
        id: "delay.play-when-granted",
        statement: "a focus-aware player whose request was delayed starts when AUDIOFOCUS_GAIN arrives",
        source: "docs/android.md (play: what ExoPlayer, audio_session and expo-av do with a DELAYED result)",
        evidence: .model)
}
