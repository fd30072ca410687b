import ArbiterEngine

/// The car's delayed request (Android 11+): one at a time, weighed again whenever a holder or loser leaves.
extension CarFocus {
    /// One delayed request at a time: a newer one displaces the older, which is told LOSS.
    mutating func delayRequest(_ new: FocusEntry, _ verdict: inout FocusVerdict) {
        if let older = delayed, older.owner != new.owner {
            verdict.losses.append(
                FocusLoss(owner: older.owner, change: .loss, rule: AndroidRules.carDelayedDisplaced, winner: new))
        }
        var waiting = new
        waiting.delayed = true
        delayed = waiting
    }

    /// CarAudioFocus's `attemptToGainFocusForDelayedAudioFocusRequest`: the delayed request is evaluated again.
    /// Granted, it is told GAIN; delayed again, it waits (what it displaces loses at once, as on its first try);
    /// refused, it is told LOSS (Android 14) or keeps waiting untold (Android 11 to 13).
    mutating func grantDelayed(_ verdict: inout FocusVerdict) {
        guard let waiting = delayed else { return }
        delayed = nil
        var retry = waiting
        retry.delayed = false
        let again = request(retry)
        verdict.losses += again.losses
        switch again.result {
        case .granted:
            verdict.regains.append(
                FocusRegain(owner: waiting.owner, notify: true, rule: AndroidRules.carDelayedGranted))
        case .delayed:
            break  // it waits again (request put it back)
        case .failed:
            if delayedLosesWhenRefused {
                verdict.losses.append(
                    FocusLoss(
                        owner: waiting.owner, change: .loss, rule: AndroidRules.carDelayedRefused, winner: waiting))
            } else {
                delayed = waiting
            }
        }
        verdict.regains += again.regains
    }
}

extension AndroidRules {
    static let carDelayedDisplaced = Rule(
        id: "car.delayed-displaced",
        statement: "a newer delayed request displaces the one waiting, which is told LOSS",
        source: AOSP.carAudioFocus + " swapDelayedAudioFocusRequest",
        evidence: .documented)
    static let carDelayedDisplacesAtOnce = Rule(
        id: "car.delayed-displaces-at-once",
        statement: "a delayed request takes focus from whom it would take it from if granted, at once: the holders it "
            + "displaces and the waiting losers it blocks are told LOSS (it is a GAIN) although it does not hold focus",
        source: AOSP.carAudioFocus + " evaluateFocusRequestLocked; " + AOSP.carAudioFocusTest
            + " onAudioFocus_multipleRequestOnlyOneWithDelayedFocus_nonTransientRequestReceivesLoss, "
            + "_duckedRequestReceivesLoss (Android 11 to 14)",
        evidence: .documented)
    static let carDelayedGranted = Rule(
        id: "car.delayed-granted",
        statement: "when a holder abandons, the delayed request is evaluated again and, if granted, told GAIN",
        source: AOSP.carAudioFocus + " attemptToGainFocusForDelayedAudioFocusRequest",
        evidence: .documented)
    static let carDelayedRefused = Rule(
        id: "car.delayed-refused",
        statement: "a delayed request that is refused when it is evaluated again (a blocker left, another still "
            + "refuses it) is told LOSS and dropped; before Android 14 it kept waiting, untold",
        source: AOSP.carAudioFocus + " attemptToGainFocusForDelayedAudioFocusRequestLocked; " + AOSP.carAudioFocusTest
            + " requestAudioFocusWithDelayed_whileInCallAndNav_thenCallStop_delayedFocusLost (profile: "
            + "carDelayedLosesWhenRefused)",
        evidence: .tunable)
    static let carNoDelayedFocus = Rule(
        id: "car.no-delayed-focus",
        statement:
            "before Android 11 the car has no delayed focus: a request the matrix rejects FAILS, DELAY_OK or not",
        source: AOSP.carAudioFocus + " (Android 10: no mDelayedRequest; profile: carDelayedFocus)",
        evidence: .tunable)
}
