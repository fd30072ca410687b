/// Who may still wait for the end of whose interruption, kept so that the end of an interruption looks at the apps
/// it may have interrupted, not at every app: a deactivation or a termination at the sessions its app interrupted,
/// the end of a call, Siri, an alarm or a muted mic at the apps that interrupter interrupted since its last end.
/// Bounds and supersets, never exact counts: the invariants check that it never misses a waiting session.
struct InterruptionLedger: Hashable, Sendable {
    /// For each app (by index), at least how many sessions wait for the end of an interruption by it: a
    /// deactivation or termination looks for them only when this is above 0. Raised by each interruption an app
    /// starts, set to 0 once its deactivation or termination has ended or orphaned them; interruptions that end
    /// otherwise (the interrupted app reactivating, say) leave it above the true count, which costs a look.
    private var pendingBound: [Int32] = []
    /// For a call, Siri, an alarm and a muted mic (by `slot`), the apps each interrupted since its interruptions last
    /// ended, in the order interrupted: its end looks at these apps only. A superset of those still waiting (an app
    /// reactivating ends its own interruption; interrupted again, it is listed again).
    private var systemInterrupted: [[Int32]] = [[], [], [], []]

    /// Notes that app `j` was interrupted by `interrupter`, the app at `interrupterIndex` when it is one.
    mutating func note(_ j: Int, interruptedBy interrupter: Interrupter, interrupterIndex: Int?) {
        if let i = interrupterIndex { raiseBound(of: i) }
        if let slot = InterruptionLedger.slot(interrupter) { systemInterrupted[slot].append(Int32(j)) }
    }

    private mutating func raiseBound(of i: Int) {
        if pendingBound.count <= i {
            pendingBound.append(contentsOf: repeatElement(0, count: i + 1 - pendingBound.count))
        }
        // An upper bound may saturate: an app that interrupts forever without deactivating must not trap.
        if pendingBound[i] < Int32.max { pendingBound[i] += 1 }
    }

    /// For each app (by index), at least how many sessions it interrupted end late, when it leaves (§13.1).
    private var lateBound: [Int32] = []

    /// A session app `i` interrupted ends late, when `i` is suspended or terminated.
    mutating func noteLateEnd(byApp i: Int) {
        if lateBound.count <= i { lateBound.append(contentsOf: repeatElement(0, count: i + 1 - lateBound.count)) }
        if lateBound[i] < Int32.max { lateBound[i] += 1 }
    }

    /// Whether sessions may wait for an end from app `i`, now or late (it changes nothing).
    func mayWait(forApp i: Int) -> Bool {
        (i < pendingBound.count && pendingBound[i] > 0) || (i < lateBound.count && lateBound[i] > 0)
    }

    /// Whether sessions may end late now that app `i` leaves; forgets them (the caller ends every one).
    mutating func takeMayEndLate(forApp i: Int) -> Bool {
        guard i < lateBound.count && lateBound[i] > 0 else { return false }
        lateBound[i] = 0
        return true
    }

    /// At least how many sessions wait for the end of an interruption by app `i`.
    func bound(of i: Int) -> Int { i < pendingBound.count ? Int(pendingBound[i]) : 0 }

    /// Whether sessions may wait for the end of an interruption by app `i`; forgets them (the caller ends or
    /// orphans every one).
    mutating func takeMayWait(forApp i: Int) -> Bool {
        guard i < pendingBound.count && pendingBound[i] > 0 else { return false }
        pendingBound[i] = 0
        return true
    }

    /// Where `systemInterrupted` lists the apps a call, Siri, an alarm or a muted mic interrupted; nil for other
    /// interrupters (an app's are bounded by `pendingBound`; a route disconnect's never end).
    static func slot(_ interrupter: Interrupter) -> Int? {
        switch interrupter {
        case .phoneCall: 0
        case .siri: 1
        case .alarm: 2
        case .micMuted: 3
        case .app, .routeDisconnect: nil
        }
    }

    /// Whether app `j` is listed as interrupted by the system `interrupter` (always, for any other interrupter).
    func lists(_ j: Int, interruptedBy interrupter: Interrupter) -> Bool {
        guard let slot = InterruptionLedger.slot(interrupter) else { return true }
        return systemInterrupted[slot].contains(Int32(j))
    }

    /// The apps among those the system `interrupter` (a call, Siri, an alarm or a muted mic) interrupted since its
    /// last end whose session still waits for that end, in declaration order; forgets them all.
    mutating func take(interruptedBy interrupter: Interrupter, among apps: AppTable) -> [Int] {
        guard let slot = InterruptionLedger.slot(interrupter), !systemInterrupted[slot].isEmpty else { return [] }
        systemInterrupted[slot].sort()
        var found: [Int] = []
        for k in systemInterrupted[slot].indices {
            let j = Int(systemInterrupted[slot][k])
            // An app interrupted again after reactivating is listed again: once is enough.
            if found.last != j && apps[j].waitsForEnd(of: interrupter) { found.append(j) }
        }
        systemInterrupted[slot].removeAll(keepingCapacity: true)  // the next call or Siri reuses the room
        return found
    }
}
