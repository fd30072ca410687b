import ArbiterEngine

/// One focus request as the policy keeps it: who asked, for what, with which attributes and flags, and where it
/// stands (the loss it was last given, whether that loss reached its listener, whether it waits for a delayed grant).
struct FocusEntry: Sendable {
    var owner: FocusOwner
    var uid: Int
    var targetSdk: Int
    var gain: FocusGain
    var attributes: AudioAttributes
    var willPauseWhenDucked: Bool
    var acceptsDelayedFocusGain: Bool
    var locksFocus: Bool
    var receivesDuckEvents: Bool
    /// The loss it was last given; nil while it holds focus or waits for a delayed grant.
    var loss: FocusChange? = nil
    /// Whether its last loss was dispatched to its listener (FocusRequester's `mFocusLossWasNotified`); a new
    /// request starts as notified, so a delayed one is told `gain` when it reaches the top.
    var lossNotified = true
    /// Its request was delayed and it has not been granted focus yet.
    var delayed = false
    /// The car: the requests that keep this loser from focus (CarAudioFocus's blockers).
    var blockers: [FocusOwner] = []
    /// The car: when it was granted, in the order of grants (holders are listed most recent first).
    var granted = 0

    /// Whether a repeat of the request changes nothing: the same gain and the same flags.
    func sameRequest(as other: FocusEntry) -> Bool {
        gain == other.gain && willPauseWhenDucked == other.willPauseWhenDucked
            && acceptsDelayedFocusGain == other.acceptsDelayedFocusGain && locksFocus == other.locksFocus
    }

    /// The app, if an app owns the entry.
    var app: AppID? {
        if case .app(let id) = owner { id } else { nil }
    }
}

/// A loss a policy gives an entry: the change, whether the entry leaves the stack, and the request that caused it.
struct FocusLoss: Sendable {
    var owner: FocusOwner
    var change: FocusChange
    var rule: Rule
    /// The request that won (the framework's duck and fade look at its uid, usage and content).
    var winner: FocusEntry
}

/// An entry that gets focus back, or is granted a delayed request.
struct FocusRegain: Sendable {
    var owner: FocusOwner
    /// Whether `gain` reaches its listener (on the phone, only if its loss did).
    var notify: Bool
    var rule: Rule
}

/// What a policy decided for one request or abandon.
struct FocusVerdict: Sendable {
    var result: FocusRequestResult
    var rule: Rule
    /// In the order they are dispatched.
    var losses: [FocusLoss] = []
    var regains: [FocusRegain] = []
    /// Entries that left without being told (a listener's own earlier request, replaced).
    var replaced: [FocusOwner] = []
    /// The request repeats what the owner already holds: nothing changes.
    var unchanged = false
}
