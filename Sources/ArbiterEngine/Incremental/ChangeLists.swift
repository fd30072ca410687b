/// Which apps changed, as three lists of app positions: the apps changed since the engine last settled (in the
/// order they changed), the apps the settle under way re-derives (in index order), and the apps changed during the
/// current event.
///
/// The lists share one copy-on-write storage with room for every app, reused from event to event: noting a change
/// checks one reference and writes a few words. A position is in the changed (or the event's) list when its stamp
/// is that list's generation, so emptying a list starts a new generation instead of walking its members.
struct ChangeLists: Sendable {
    private var storage = Storage(capacity: 0)
    /// Which of the storage's two slot areas holds the changed list (the other holds the settling list).
    private var changedArea = 0
    /// The stamps of this generation's members (stamps start at 0, which is never a generation).
    private var changedGeneration: UInt32 = 1
    private var eventGeneration: UInt32 = 1
    /// How many apps each list holds.
    private(set) var changedCount = 0
    private(set) var settlingCount = 0
    private(set) var eventCount = 0

    init() {}

    /// Empty lists whose generations start at `generation` (tests start near the last one).
    init(generation: UInt32) {
        changedGeneration = generation
        eventGeneration = generation
    }

    /// Makes room for positions below `capacity`.
    mutating func grow(to capacity: Int) {
        if capacity > storage.capacity { storage = storage.copy(capacity: max(capacity, storage.capacity * 2)) }
    }

    /// Lists app `i` as changed since the last settle and during the event, unless it is listed. (The offsets are
    /// below three times the capacity, an `Int` of app positions: they cannot overflow.)
    @inline(__always)
    mutating func note(_ i: Int) {
        precondition(i >= 0 && i < storage.capacity, "app position \(i) has no room in the change lists")
        makeUnique()
        let capacity = storage.capacity
        let stamps = storage.stamps
        let slots = storage.slots
        if stamps[i] != changedGeneration {
            stamps[i] = changedGeneration
            slots[changedArea &* capacity &+ changedCount] = Int32(truncatingIfNeeded: i)
            changedCount &+= 1
        }
        if stamps[capacity &+ i] != eventGeneration {
            stamps[capacity &+ i] = eventGeneration
            slots[2 &* capacity &+ eventCount] = Int32(truncatingIfNeeded: i)
            eventCount &+= 1
        }
    }

    /// The `k`th app changed since the last settle, in the order they changed.
    func changed(_ k: Int) -> Int { self[area: changedArea, k, below: changedCount] }
    /// The `k`th app the settle under way re-derives, in index order.
    func settling(_ k: Int) -> Int { self[area: 1 - changedArea, k, below: settlingCount] }
    /// The `k`th app changed during the current event (in index order after `sortEvent()`).
    func changedInEvent(_ k: Int) -> Int { self[area: 2, k, below: eventCount] }

    private subscript(area area: Int, k: Int, below count: Int) -> Int {
        precondition(k >= 0 && k < count, "change list position \(k) is outside 0..<\(count)")
        return Int(storage.slots[area &* storage.capacity &+ k])
    }

    /// Whether app `i` is listed as changed since the last settle.
    func isChanged(_ i: Int) -> Bool { i >= 0 && i < storage.capacity && storage.stamps[i] == changedGeneration }
    /// Whether app `i` is listed as changed during the current event.
    func isChangedInEvent(_ i: Int) -> Bool {
        i >= 0 && i < storage.capacity && storage.stamps[storage.capacity + i] == eventGeneration
    }

    /// Moves the apps changed since the last settle to the settling list, in index order, and forgets them.
    @inline(__always)
    mutating func takeChanged() {
        changedArea = 1 - changedArea
        settlingCount = changedCount
        forgetChanged()
        sort(area: 1 - changedArea, count: settlingCount)
    }

    /// Forgets the apps changed since the last settle.
    @inline(__always)
    mutating func forgetChanged() {
        changedCount = 0
        changedGeneration &+= 1
        if changedGeneration == 0 {
            clearStamps(from: 0)
            changedGeneration = 1
        }
    }

    /// Puts the apps changed during the current event in index order (apps noted later are appended after them).
    @inline(__always)
    mutating func sortEvent() { sort(area: 2, count: eventCount) }

    /// Ends the current event: forgets the apps changed during it and since the last settle.
    @inline(__always)
    mutating func endEvent() {
        forgetChanged()
        eventCount = 0
        eventGeneration &+= 1
        if eventGeneration == 0 {
            clearStamps(from: storage.capacity)
            eventGeneration = 1
        }
    }

    /// After 2³² generations: the list's stamps (from `start`) back to 0, so no old stamp can match the generation
    /// that starts again at 1.
    private mutating func clearStamps(from start: Int) {
        makeUnique()
        for i in 0..<storage.capacity { storage.stamps[start + i] = 0 }
    }

    /// Gives this value its own storage before a write, when a copy of it shares the storage.
    @inline(__always)
    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy(capacity: storage.capacity) }
    }

    /// Sorts a list in increasing order (an insertion sort: an event lists a few apps). Inlined down to the test:
    /// most lists hold one app.
    @inline(__always)
    private mutating func sort(area: Int, count: Int) {
        if count > 1 { sortSeveral(area: area, count: count) }
    }

    private mutating func sortSeveral(area: Int, count: Int) {
        makeUnique()
        let slots = storage.slots + area * storage.capacity
        for k in 1..<count {
            let value = slots[k]
            var j = k
            while j > 0 && slots[j - 1] > value {
                slots[j] = slots[j - 1]
                j -= 1
            }
            slots[j] = value
        }
    }

    /// The stamps (two lists of `capacity`: changed, then the event's) and the slots (three areas of `capacity`: two
    /// that the changed and settling lists swap, then the event's).
    private final class Storage: @unchecked Sendable {
        let capacity: Int
        let stamps: UnsafeMutablePointer<UInt32>
        let slots: UnsafeMutablePointer<Int32>

        init(capacity: Int) {
            self.capacity = capacity
            stamps = .allocate(capacity: 2 * capacity)
            stamps.initialize(repeating: 0, count: 2 * capacity)
            slots = .allocate(capacity: 3 * capacity)
            slots.initialize(repeating: 0, count: 3 * capacity)
        }

        /// A copy with room for `capacity` positions (at least this one's).
        func copy(capacity newCapacity: Int) -> Storage {
            let copy = Storage(capacity: newCapacity)
            for list in 0..<2 {
                (copy.stamps + list * newCapacity).update(from: stamps + list * capacity, count: capacity)
            }
            for area in 0..<3 {
                (copy.slots + area * newCapacity).update(from: slots + area * capacity, count: capacity)
            }
            return copy
        }

        deinit {
            stamps.deallocate()
            slots.deallocate()
        }
    }
}
