/// Visiting the apps whose session may be active, without looking at every app.
extension Engine {
    /// Calls `body` with every app whose session may be active now, in index order: the apps active at the last
    /// settle (`derived.activeApps`) and those changed since (an app's session changes only through the app
    /// table, which notes it). A superset: `body` tests the session itself. `body` may change apps, not `derived`.
    @inline(__always)
    mutating func forEachPossiblyActive(_ body: (inout Engine, Int) -> Void) {
        let others = appsChangedSinceSettleInactiveThen()
        forEachActive(orAmong: others.count, { _, k in others[k] }, body)
    }

    /// Calls `body` with every app whose session may be active or interrupted now, in index order and once each:
    /// those active or interrupted at the last settle and those changed since. A superset, as above. Three sorted
    /// lists merged in one pass, so that many interrupted apps cost a look each, not a search each.
    mutating func forEachPossiblyActiveOrInterrupted(_ body: (inout Engine, Int) -> Void) {
        // With none interrupted at the last settle, those changed since are the only others.
        if derived.interruptedApps.isEmpty { return forEachPossiblyActive(body) }
        var changed = IndexList()
        for k in 0..<apps.unsettledCount { changed.insertInOrder(apps.unsettled(k)) }
        let active = derived.activeApps
        let interrupted = derived.interruptedApps
        var (a, b, c) = (0, 0, 0)
        while a < changed.count || b < active.count || c < interrupted.count {
            let x = a < changed.count ? changed[a] : Int.max
            let y = b < active.count ? active[b] : Int.max
            let z = c < interrupted.count ? interrupted[c] : Int.max
            let i = Swift.min(x, y, z)
            if x == i { a += 1 }
            if y == i { b += 1 }
            if z == i { c += 1 }
            body(&self, i)
        }
    }

    /// Calls `body` with every app active at the last settle or re-derived by the settle under way
    /// (`apps.settling`), in index order and once each.
    @inline(__always)
    mutating func forEachActiveOrSettling(_ body: (inout Engine, Int) -> Void) {
        forEachActive(orAmong: apps.settlingCount, { engine, k in engine.apps.settling(k) }, body)
    }

    /// Calls `body` with each app active at the last settle (`derived.activeApps`) or among `count` others
    /// (`other(k)`, in index order), in index order and once each. `body` may change apps, not `derived`.
    @inline(__always)
    mutating func forEachActive(
        orAmong count: Int, _ other: (inout Engine, Int) -> Int,
        _ body: (inout Engine, Int) -> Void
    ) {
        var a = 0
        var b = 0
        while a < count || b < derived.activeApps.count {
            let x = a < count ? other(&self, a) : Int.max
            let y = b < derived.activeApps.count ? derived.activeApps[b] : Int.max
            let i = min(x, y)
            if x == i { a += 1 }
            if y == i { b += 1 }
            body(&self, i)
        }
    }

    /// The apps changed since the last settle that were not active then (or are newer than it), in index order.
    /// `mutating` (it changes nothing) for the same reason as `isNowPlaying(_:)`: its callers are.
    private mutating func appsChangedSinceSettleInactiveThen() -> IndexList {
        var list = IndexList()
        for k in 0..<apps.unsettledCount {
            let i = apps.unsettled(k)
            if i >= derived.facts.count || !derived.facts[i].active { list.insertInOrder(i) }
        }
        return list
    }
}
