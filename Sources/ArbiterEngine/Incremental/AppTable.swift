/// The apps in declaration order, looked up by index or name.
///
/// It remembers which apps changed, so that after an event the engine re-derives only what those changes can
/// affect. Equality and hashing compare the apps alone.
public struct AppTable: RandomAccessCollection, MutableCollection, Hashable, Sendable {
    private(set) var storage: [App] = []
    private var positions = AppPositions()
    /// The apps changed since the engine last settled, those the settle under way re-derives, and those changed
    /// during the current event.
    private var changes = ChangeLists()
    /// The app last noted as changed, while both sets hold it: rules change one app's fields one after another.
    private var lastNoted = -1
    /// The apps' and their players' names, for outcomes to spell their decisions out; made again by `commit()`
    /// after apps were added.
    private(set) var names = AppNames([])
    private var namesAreStale = false
    /// How many apps declare a reaction to a notification: with none, no notification can cause a reaction.
    private(set) var reactingApps = 0

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
        if !app.config.reactions.isEmpty { reactingApps += 1 }
        storage.append(app)
        changes.grow(to: storage.count)
        changes.note(storage.count - 1)
        namesAreStale = true
    }

    /// Adds a player to app `i` (one the app did not declare).
    mutating func appendPlayer(_ player: Player, to i: Int) {
        self[i].players.append(player)
        namesAreStale = true
    }

    /// Puts `app` in app `i`'s place (a relaunch starts afresh, with the declared players only).
    mutating func replace(_ i: Int, with app: App) {
        reactingApps += (app.config.reactions.isEmpty ? 0 : 1) - (storage[i].config.reactions.isEmpty ? 0 : 1)
        self[i] = app
        namesAreStale = true
    }

    /// Lists app `i` as changed (callers skip the call when `i` is `lastNoted`).
    private mutating func note(_ i: Int) {
        changes.note(i)
        lastNoted = i
    }

    /// Whether any app changed since the last `takeChanged()`.
    var hasUnsettledChanges: Bool { changes.changedCount > 0 }

    /// How many apps changed since the last `takeChanged()`; `unsettled(k)` lists them, in the order they changed.
    var unsettledCount: Int { changes.changedCount }
    @inline(__always)
    func unsettled(_ k: Int) -> Int { changes.changed(k) }

    /// Whether no app but `i` changed since the last `takeChanged()`.
    func changedSinceSettle(onlyAmong i: Int) -> Bool {
        changes.changedCount == 0 || (changes.changedCount == 1 && changes.changed(0) == i)
    }

    /// Moves the apps changed since the last call to the settling list, in index order, and forgets them.
    @inline(__always)
    mutating func takeChanged() {
        lastNoted = -1
        changes.takeChanged()
    }

    /// How many apps the settle under way re-derives (what `takeChanged()` took); `settling(k)` lists them, in index
    /// order.
    var settlingCount: Int { changes.settlingCount }
    @inline(__always)
    func settling(_ k: Int) -> Int { changes.settling(k) }

    /// Forgets the apps changed since the last `takeChanged()`.
    @inline(__always)
    mutating func forgetChanged() {
        lastNoted = -1
        changes.forgetChanged()
    }

    /// Whether any app changed during the current event.
    var changedDuringEvent: Bool { changes.eventCount > 0 }

    /// How many apps changed during the current event; `changedInEvent(k)` lists them, in index order after
    /// `sortChangedInEvent()`.
    var changedInEventCount: Int { changes.eventCount }
    @inline(__always)
    func changedInEvent(_ k: Int) -> Int { changes.changedInEvent(k) }

    /// Puts the apps changed during the current event in index order (apps noted later are appended after them).
    mutating func sortChangedInEvent() { changes.sortEvent() }

    /// Ends the current event.
    @inline(__always)
    mutating func commit() {
        if namesAreStale {
            names = AppNames(storage)
            namesAreStale = false
        }
        lastNoted = -1
        changes.endEvent()
    }
}

/// A short list of indices kept inline: the few apps an event changes cost no allocation.
struct IndexList: RandomAccessCollection, Sendable {
    private var inline: (Int, Int, Int, Int) = (0, 0, 0, 0)
    /// Elements past the fourth; nil until there are any, so that dropping a short list releases nothing.
    private var overflow: [Int]?
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
            default: overflow![position - 4]
            }
        }
        set {
            switch position {
            case 0: inline.0 = newValue
            case 1: inline.1 = newValue
            case 2: inline.2 = newValue
            case 3: inline.3 = newValue
            default: overflow![position - 4] = newValue
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
        default:
            if overflow == nil { overflow = [] }
            overflow!.append(i)
        }
        count += 1
    }
}
