/// The rules' answers between events, from what `Derived` keeps: each is the answer its rule (in `Rules/`) would
/// give by looking at every app, taken from the derived values when nothing they depend on changed since the last
/// settle. Debug builds check after every event that the derived values agree with the rules (`Derived(engine)`).
/// Several are `mutating` though they change nothing, so that a mutating rule asks them without copying the engine
/// (docs/engine.md, performance conventions: mutating reads).
extension Engine {
    // MARK: Now Playing (NowPlaying.swift)

    var nowPlayingIndex: Int? { Engine.nowPlayingIndex(apps, settled: derived.nowPlaying) }

    /// The Now Playing app's index, given the apps and the one derived at the last settle. Static, so that a mutating
    /// rule asks it without copying the whole engine (as it would for a method or property).
    static func nowPlayingIndex(_ apps: AppTable, settled: Int?) -> Int? {
        apps.hasUnsettledChanges ? latestCandidate(among: apps) : settled
    }

    /// The Now Playing app's index, asked from a mutating rule.
    @inline(__always)
    mutating func nowPlayingApp() -> Int? { Engine.nowPlayingIndex(apps, settled: derived.nowPlaying) }

    /// Whether app `i` is Now Playing. When no other app changed since the derived values were brought up to
    /// date, their candidacy stands and only `i` is looked at; otherwise every app is.
    @inline(__always)
    mutating func isNowPlaying(_ i: Int) -> Bool {
        guard apps.changedSinceSettle(onlyAmong: i) else { return nowPlayingApp() == i }
        guard apps[i].isNowPlayingCandidate, let serial = apps[i].nonMixablePlaySerial else { return false }
        guard let current = derived.nowPlaying, current != i else {
            // Nobody else was Now Playing, or i was: play serials only grow, so nobody else outranks it now.
            return true
        }
        return derived.facts[current].nowPlayingSerial! < serial
    }

    // MARK: The route (Routing.swift)

    var routeOwnerIndex: Int? {
        apps.hasUnsettledChanges ? Engine.routeOwner(among: apps) : derived.owner
    }

    /// The current route: the owning session's, or the default (soloAmbient) route when none is active.
    public var currentRoute: Route {
        // Settled with no app and no accessory changed since: the route derived then is the answer.
        if !apps.hasUnsettledChanges && accessoryChanges == derived.accessoryChanges { return derived.route }
        return routeByRule()
    }

    /// The route before this event's first route change: the one derived at the last settle.
    func routeBefore(_ effects: Effects) -> Route { effects.lastRoute ?? derived.route }

    // MARK: Ducking (Ducking.swift)

    /// The gain app `i` is heading for: the duck level while its active session is ducked by another active
    /// session, else full. Read from the derived count of ducking sessions, so valid between events and, during
    /// one, once the changed apps are settled.
    func gainTarget(_ i: Int) -> Double {
        derived.facts[i].active && derived.ducking > (derived.facts[i].ducks ? 1 : 0) ? profile.duckLevel : 1
    }

    // MARK: Audibility (Audibility.swift)

    /// Whether app `id` is heard right now, with the rule that decides it.
    public func audibility(of id: AppID) -> Audibility? {
        index(of: id).map { audibility($0, othersRecord: derived.othersRecord($0)) }
    }

    // MARK: The background (Lifecycle.swift) and players' clocks (PlayerClocks.swift)

    /// Whether app `i` ran in the background when this event began.
    func ranInBackgroundAtStart(_ i: Int, _ effects: Effects) -> Bool {
        effects.backgroundRunningAtStart.first { $0.app == i }?.running ?? derived.facts[i].runsInBackground
    }

    /// The apps with a player whose item can end as time passes, in index order.
    var appsWithTimedPlayback: [Int] { derived.timedPlayback }
}
