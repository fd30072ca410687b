/// The apps in declaration order, looked up by index or name.
///
/// It remembers which apps changed, so that after an event the engine re-derives only what those changes can
/// affect. Equality and hashing compare the apps alone.
public struct AppTable: RandomAccessCollection, MutableCollection, Hashable, Sendable {
    private(set) var storage: [App] = []
    private var positions = AppPositions()
    /// Apps changed since the engine last settled, each once.
    private(set) var changed = IndexSet()
    /// Apps changed during the current event, each once.
    private var changedInEvent = IndexSet()
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
            note(position)
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

    private mutating func note(_ i: Int) {
        if i == lastNoted { return }
        changed.insert(i)
        changedInEvent.insert(i)
        lastNoted = i
    }

    /// Whether any app changed since the last `takeChanged()`.
    var hasUnsettledChanges: Bool { !changed.isEmpty }

    /// Whether no app but `i` changed since the last `takeChanged()`.
    func changedSinceSettle(onlyAmong i: Int) -> Bool { changed.isSubset(of: i) }

    /// The apps changed since the last call, in index order, and forgets them.
    mutating func takeChanged() -> IndexList {
        lastNoted = -1
        return changed.removeAll()
    }

    /// Forgets the apps changed since the last `takeChanged()`.
    mutating func forgetChanged() {
        lastNoted = -1
        changed.clear()
    }

    /// Whether any app changed during the current event.
    var changedDuringEvent: Bool { !changedInEvent.isEmpty }

    /// The apps changed during the current event, in index order.
    func changedThisEvent() -> IndexList { changedInEvent.sortedMembers() }

    /// Ends the current event.
    mutating func commit() {
        if namesAreStale {
            names = AppNames(storage)
            namesAreStale = false
        }
        lastNoted = -1
        changedInEvent.clear()
        changed.clear()
    }
}

/// A set of small integers, one bit each, that lists its members in increasing order. Inserting is constant
/// time; listing and emptying cost the words between the lowest and the highest member.
struct IndexSet: Sendable {
    private var words: [UInt64] = []
    /// The words that may hold members (empty when `highWord < lowWord`).
    private var lowWord = Int.max, highWord = -1

    var isEmpty: Bool { highWord < lowWord }

    /// Makes room for members below `count`.
    mutating func grow(to count: Int) {
        let needed = (count + 63) >> 6
        if words.count < needed { words.append(contentsOf: repeatElement(0, count: needed - words.count)) }
    }

    /// Inserts `i`; true when it was not a member.
    @discardableResult
    mutating func insert(_ i: Int) -> Bool {
        let w = i >> 6, bit = UInt64(1) << UInt64(i & 63)
        if words[w] & bit != 0 { return false }
        words[w] |= bit
        lowWord = min(lowWord, w)
        highWord = max(highWord, w)
        return true
    }

    /// Whether every member is `i`.
    func isSubset(of i: Int) -> Bool {
        if isEmpty { return true }
        let w = i >> 6
        return lowWord == w && highWord == w && words[w] & ~(UInt64(1) << UInt64(i & 63)) == 0
    }

    /// The members in increasing order.
    func sortedMembers() -> IndexList {
        var members = IndexList()
        if isEmpty { return members }
        for w in lowWord...highWord {
            var bits = words[w]
            while bits != 0 {
                members.append(w << 6 + bits.trailingZeroBitCount)
                bits &= bits - 1
            }
        }
        return members
    }

    /// Empties the set and returns its members in increasing order.
    mutating func removeAll() -> IndexList {
        let members = sortedMembers()
        clear()
        return members
    }

    /// Empties the set.
    mutating func clear() {
        if isEmpty { return }
        for w in lowWord...highWord { words[w] = 0 }
        (lowWord, highWord) = (Int.max, -1)
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
        switch position {
        case 0: inline.0
        case 1: inline.1
        case 2: inline.2
        case 3: inline.3
        default: overflow[position - 4]
        }
    }

    /// Whether `i` is listed (without the iterator copy that `contains` makes).
    func has(_ i: Int) -> Bool {
        for k in 0..<count where self[k] == i { return true }
        return false
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
