import ArbiterEngine

/// The seam between the shared Android machinery (apps, players, volumes, timers, reactions, calls) and the policy
/// that decides who gets focus and who loses what: the phone's stack (`PhoneFocusStack`, MediaFocusControl) or the
/// car's interaction matrix (`CarFocus`, CarAudioFocus). A policy only orders requests; the engine delivers what it
/// decides.
protocol FocusPolicy: Sendable {
    /// Whether the framework itself acts on a loss (the phone's automatic duck and Android 12 fade); the car's
    /// audio HAL ducks by context instead, and every loss reaches the listener.
    var frameworkEnforces: Bool { get }
    /// Every entry: the phone's stack top first; the car's holders (most recent first), then its losers and the
    /// delayed request.
    var entries: [FocusEntry] { get }
    /// Who holds focus: the top of the stack, or the car's holders.
    var holders: [FocusOwner] { get }

    /// A request for focus (`entry.owner` may already have an entry: the policy replaces it).
    mutating func request(_ entry: FocusEntry) -> FocusVerdict
    /// An abandon (or a death); nil when the owner had no entry.
    mutating func abandon(_ owner: FocusOwner, died: Bool) -> FocusVerdict?
    /// The call is answered: the call's entry now has `entry`'s attributes.
    mutating func answer(_ entry: FocusEntry) -> FocusVerdict
    /// The loss given to `owner` reached its listener.
    mutating func lossNotified(_ owner: FocusOwner)
}

extension FocusPolicy {
    /// The owner's entry, if it has one.
    func entry(of owner: FocusOwner) -> FocusEntry? { entries.first { $0.owner == owner } }
}
