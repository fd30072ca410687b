import ArbiterEngine

/// The car's focus policy: CarAudioFocus over FocusInteraction's matrix.
struct CarFocus: FocusPolicy {
    let rejectNavigationDuringCall: Bool
    /// Who holds focus, most recent first.
    var holders_: [FocusEntry] = []
    /// Who lost focus for a while and waits to regain it.
    var losers: [FocusEntry] = []
    /// The one request waiting for delayed focus.
    var delayed: FocusEntry?

    var frameworkEnforces: Bool { false }
    var entries: [FocusEntry] { holders_ + losers + (delayed.map { [$0] } ?? []) }
    var holders: [FocusOwner] { holders_.map(\.owner) }

    mutating func request(_ entry: FocusEntry) -> FocusVerdict { FocusVerdict(result: .failed, rule: AndroidRules.holds) }
    mutating func abandon(_ owner: FocusOwner, died: Bool) -> FocusVerdict? { nil }
    mutating func answer(_ entry: FocusEntry) -> FocusVerdict { FocusVerdict(result: .failed, rule: AndroidRules.holds) }
    mutating func lossNotified(_ owner: FocusOwner) {}
}

extension AndroidEngine {
    mutating func applyCarDucking() {}
}
