import ArbiterEngine

/// One of the car's losers that waits to regain focus, and the requests that keep it from focus.
public struct CarLoser: Hashable, Sendable {
    /// Who waits.
    public var owner: FocusOwner
    /// The requests that block it (CarAudioFocus's blockers); it regains focus when none is left.
    public var blockers: [FocusOwner]

    /// A loser and its blockers.
    public init(owner: FocusOwner, blockers: [FocusOwner]) {
        self.owner = owner
        self.blockers = blockers
    }
}

/// What the car's checks read: its waiting losers, its delayed slot and the contexts its ducking table ducks. Each is
/// empty (or nil) on a phone, whose stack says the same (`stack`).
extension AndroidEngine {
    /// The car's losers that wait to regain focus (CarAudioFocus's `mFocusLosers`), each with its blockers.
    public var carLosers: [CarLoser] {
        guard let car = policy as? CarFocus else { return [] }
        return car.losers.map { CarLoser(owner: $0.owner, blockers: $0.blockers) }
    }

    /// The car's delayed request (`mDelayedRequest`), if one waits.
    public var carDelayed: FocusOwner? { (policy as? CarFocus)?.delayed?.owner }

    /// The contexts of the holders that the car's ducking table ducks now.
    public var carDuckedContexts: Set<CarAudioContext> {
        guard isCar else { return [] }
        let ducked = carDuckedOwners
        return Set(policy.entries.filter { ducked.contains($0.owner) }.map { CarAudioContext($0.attributes.usage) })
    }
}
