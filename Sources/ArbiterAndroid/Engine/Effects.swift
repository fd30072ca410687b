import ArbiterEngine

/// What handling one event did so far: the outcome being built.
struct Effects: Sendable {
    var decisions: [FocusDecision] = []
    var notifications: [FocusNotification] = []
    var result: FocusRequestResult?
    var rejection: String?
    /// The next notification whose reactions have not run.
    var reactionCursor = 0
    var reactionsRun = 0
}

extension AndroidEngine {
    /// Records a decision (at the due time of the work running, if any).
    mutating func decide(_ owner: FocusOwner?, _ change: FocusDecisionChange, _ rule: Rule) {
        effects.decisions.append(FocusDecision(owner: owner, change: change, rule: rule, time: dueTime))
    }

    mutating func decide(_ i: Int, _ change: FocusDecisionChange, _ rule: Rule) {
        decide(.app(records[i].id), change, rule)
    }

    /// Records why the event could not be applied, in scenario words.
    mutating func reject(_ why: String) {
        effects.rejection = effects.rejection.map { $0 + "; " + why } ?? why
    }
}
