/// Visiting the apps whose session may be active, without looking at every app.
extension Engine {
    /// Calls `body` with every app whose session may be active now, in index order: the apps active at the last
    /// settle (`derived.activeApps`) and those changed since (an app's session changes only through the app
    /// table, which notes it). A superset: `body` tests the session itself. `body` may change apps, not `derived`.
    @inline(__always)
    mutating func forEachPossiblyActive(_ body: (inout Engine, Int) -> Void) {
        let others = appsChangedSinceSettleInactiveThen()
        let active = derived.activeApps.count
        var a = 0, b = 0
        while a < others.count || b < active {
            let x = a < others.count ? others[a] : Int.max
            let y = b < active ? derived.activeApps[b] : Int.max
            if x < y {
                a += 1
                body(&self, x)
            } else {
                b += 1
                body(&self, y)
            }
        }
    }

    /// The apps changed since the last settle that were not active then (or are newer than it), in index order.
    private func appsChangedSinceSettleInactiveThen() -> IndexList {
        var list = IndexList()
        for k in 0..<apps.unsettledCount {
            let i = apps.unsettled(k)
            if i >= derived.facts.count || !derived.facts[i].active { list.insertInOrder(i) }
        }
        return list
    }
}
