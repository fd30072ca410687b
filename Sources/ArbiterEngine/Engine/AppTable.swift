/// The apps in declaration order, looked up by index or name.
///
/// It remembers which apps changed, so that after an event the engine re-derives only what those changes can
/// affect. Equality and hashing compare the apps alone.
public struct AppTable: RandomAccessCollection, MutableCollection, Hashable, Sendable {
    private(set) var storage: [App] = []
    private var positions = AppPositions()
    /// Apps changed since the engine last settled, in the order they changed.
    private var changed = IndexBuffer()
    /// The apps the settle under way re-derives (what `takeChanged()` took), in index order.
    private(set) var settling = IndexBuffer()
    /// Apps changed during the current event; in index order after `sortChangedInEvent()`.
    private(set) var changedInEvent = IndexBuffer()
    /// The app last noted as changed, while both sets hold it: rules change one app's fields one after another.
    private var lastNoted = -1
    /// The apps' and their players' names, for outcomes to spell their decisions out; made again by `commit()`
    /// after apps were added.
    private(set) var names = AppNames([])
    private var namesAreStale = false

    public var startIndex: Int { 0 }
    public var endIndex: Int { storage.count }

    public subscript(position: Int) -> App {
        get { storage[position] }
        _modify {
            if position != lastNoted { note(position) }
            yield &storage[position]
        }
    }

    /// The position of the app with this name, if any.
    public func index(of id: AppID) -> Int? { positions.position(of: id) }

    public static func == (lhs: AppTable, rhs: AppTable) -> Bool { lhs.storage == rhs.storage }
    public func hash(into hasher: inout Hasher) { hasher.combine(storage) }

    mutating func append(_ app: App) {
        positions.append(app.id)
        storage.append(app)
        changed.grow(to: storage.count)
        settling.grow(to: storage.count)
        changedInEvent.grow(to: storage.count)
        changed.insert(storage.count - 1)
        namesAreStale = true
    }

    /// Adds a player to app `i` (one the app did not declare).
    mutating func appendPlayer(_ player: Player, to i: Int) {
        self[i].players.append(player)
        namesAreStale = true
    }

    /// Puts `app` in app `i`'s place (a relaunch starts afresh, with the declared players only).
    mutating func replace(_ i: Int, with app: App) {
        self[i] = app
        namesAreStale = true
    }

    /// Lists app `i` as changed (callers skip the call when `i` is `lastNoted`).
    private mutating func note(_ i: Int) {
        changed.insert(i)
        changedInEvent.insert(i)
        lastNoted = i
    }

    /// Whether any app changed since the last `takeChanged()`.
    var hasUnsettledChanges: Bool { !changed.isEmpty }

    /// How many apps changed since the last `takeChanged()`; `unsettled(k)` lists them, in the order they changed.
    var unsettledCount: Int { changed.count }
    func unsettled(_ k: Int) -> Int { changed[k] }

    /// Whether no app but `i` changed since the last `takeChanged()`.
    func changedSinceSettle(onlyAmong i: Int) -> Bool {
        changed.isEmpty || (changed.count == 1 && changed[0] == i)
    }

    /// Moves the apps changed since the last call to `settling`, in index order, and forgets them.
    mutating func takeChanged() {
        lastNoted = -1
        swap(&changed, &settling)   // both have room for every app
        changed.removeAll()
        settling.sort()
    }

    /// Forgets the apps changed since the last `takeChanged()`.
    mutating func forgetChanged() {
        lastNoted = -1
        changed.removeAll()
    }

    /// Whether any app changed during the current event.
    var changedDuringEvent: Bool { !changedInEvent.isEmpty }

    /// Puts the apps changed during the current event in index order (apps noted later are appended after them).
    mutating func sortChangedInEvent() { changedInEvent.sort() }

    /// Ends the current event.
    @inline(__always)
    mutating func commit() {
        if namesAreStale {
            names = AppNames(storage)
            namesAreStale = false
        }
        lastNoted = -1
        changedInEvent.removeAll()
        changed.removeAll()
    }
}

/// A set of app positions listed in the order they were inserted, with room for every app, reused from event to
/// event. A position is a member when its stamp is the buffer's generation: inserting writes a stamp and a slot,
/// and emptying starts a new generation, so neither allocates, releases or walks any app.
struct IndexBuffer: Sendable {
    private var slots: [Int] = []
    private var stamps: [UInt32] = []
    /// The stamp of this generation's members (stamps start at 0, which is never a generation).
    private var generation: UInt32 = 1
    private(set) var count = 0

    init() {}

    /// An empty buffer whose generations start at `generation` (tests start near the last one).
    init(generation: UInt32) { self.generation = generation }

    var isEmpty: Bool { count == 0 }

    subscript(k: Int) -> Int { slots[k] }

    /// Whether `i` is listed.
    func contains(_ i: Int) -> Bool { i < stamps.count && stamps[i] == generation }

    /// Makes room for positions below `capacity`.
    mutating func grow(to capacity: Int) {
        if slots.count < capacity {
            slots.append(contentsOf: repeatElement(0, count: capacity - slots.count))
            stamps.append(contentsOf: repeatElement(0, count: capacity - stamps.count))
        }
    }

    /// Lists `i` unless it is listed.
    @inline(__always)
    mutating func insert(_ i: Int) {
        if stamps[i] == generation { return }
        stamps[i] = generation
        slots[count] = i
        count += 1
    }

    @inline(__always)
    mutating func removeAll() {
        count = 0
        generation &+= 1
        if generation == 0 { restartGenerations() }
    }

    /// After 2³² generations: every stamp back to 0, so no old stamp can match a new generation.
    private mutating func restartGenerations() {
        for k in stamps.indices { stamps[k] = 0 }
        generation = 1
    }

    /// Sorts the listed positions in increasing order (an insertion sort: an event lists a few apps). Inlined down
    /// to the test: most lists hold one app.
    @inline(__always)
    mutating func sort() {
        if count > 1 { sortSeveral() }
    }

    private mutating func sortSeveral() {
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
}

/// A short list of indices kept inline: the few apps an event changes cost no allocation.
struct IndexList: RandomAccessCollection, Sendable {
    private var inline: (Int, Int, Int, Int) = (0, 0, 0, 0)
    private var overflow: [Int] = []
    private(set) var count = 0

    init() {}

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(position: Int) -> Int {
        get {
            switch position {
            case 0: inline.0
            case 1: inline.1
            case 2: inline.2
            case 3: inline.3
            default: overflow[position - 4]
            }
        }
        set {
            switch position {
            case 0: inline.0 = newValue
            case 1: inline.1 = newValue
            case 2: inline.2 = newValue
            case 3: inline.3 = newValue
            default: overflow[position - 4] = newValue
            }
        }
    }

    /// Whether `i` is listed (without the iterator copy that `contains` makes).
    func has(_ i: Int) -> Bool {
        for k in 0..<count where self[k] == i { return true }
        return false
    }

    /// Inserts `i` after the elements below it (the list stays in increasing order if it was).
    mutating func insertInOrder(_ i: Int) {
        append(i)
        var k = count - 1
        while k > 0 && self[k - 1] > i {
            self[k] = self[k - 1]
            k -= 1
        }
        self[k] = i
    }

    mutating func append(_ i: Int) {
        switch count {
        case 0: inline.0 = i
        case 1: inline.1 = i
        case 2: inline.2 = i
        case 3: inline.3 = i
        default: overflow.append(i)
        }
        count += 1
    }
}
