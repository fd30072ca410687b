import ArbiterEngine

/// Which loss a request gives an entry already in the stack, given the loss it already has (§10.2).
enum LossForGain {
    /// FocusRequester's `focusLossForGainRequest`: a permanent loss stays permanent; a transient loss is not softened
    /// back into a duckable one.
    static func loss(for gain: FocusGain, given current: FocusChange?) -> FocusChange {
        switch (gain, current) {
        case (_, .loss?): .loss
        case (.gain, _): .loss
        case (.gainTransient, _), (.gainTransientExclusive, _): .lossTransient
        case (.gainTransientMayDuck, .lossTransient?): .lossTransient
        case (.gainTransientMayDuck, _): .lossTransientCanDuck
        }
    }
}

extension AndroidRules {
    static let lossForGain = Rule(
        id: "focus.loss-for-gain",
        statement: "a request gives every entry in the stack a loss by its gain and the loss the entry already has: "
            + "GAIN gives LOSS; GAIN_TRANSIENT and _EXCLUSIVE give LOSS_TRANSIENT; MAY_DUCK gives "
            + "LOSS_TRANSIENT_CAN_DUCK unless the entry already lost more; a LOSS stays a LOSS",
        source: AOSP.focusRequester + " focusLossForGainRequest, handleFocusLossFromGain",
        evidence: .documented)
    static let permanentLossLeavesStack = Rule(
        id: "focus.loss-leaves-stack",
        statement: "an entry told AUDIOFOCUS_LOSS leaves the stack, so it gets nothing when the winner abandons",
        source: AOSP.mediaFocusControl + " propagateFocusLossFromGain_syncAf; " + AOSP.cts
            + " (two-player gain/loss: no callback after the winner abandons)",
        evidence: .documented)
}
