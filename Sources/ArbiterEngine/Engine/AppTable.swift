/// The apps in declaration order, looked up by index or name.
///
/// It remembers which apps changed, so that after an event the engine re-derives only what those changes can
/// affect. Equality and hashing compare the apps alone.
public struct AppTable: RandomAccessCollection, MutableCollection, Hashable, Sendable {
    private(set) var storage: [App] = []
    private var positions: [AppID: Int] = [:]
    /// Apps changed since the engine last settled, each once.
    private(set) var changed = IndexSet()
    /// Apps changed during the current event, each once.
    private var changedInEvent = IndexSet()

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
    public func index(of id: AppID) -> Int? { positions[id] }

    public static func == (lhs: AppTable, rhs: AppTable) -> Bool { lhs.storage == rhs.storage }
    public func hash(into hasher: inout Hasher) { hasher.combine(storage) }

    mutating func append(_ app: App) {
        positions[app.id] = storage.count
        storage.append(app)
        changed.grow(to: storage.count)
        changedInEvent.grow(to: storage.count)
        changed.insert(storage.count - 1)
    }

    private mutating func note(_ i: Int) {
        changed.insert(i)
        changedInEvent.insert(i)
    }

    /// Whether no app but `i` changed since the last `takeChanged()`.
    func changedSinceSettle(onlyAmong i: Int) -> Bool { changed.isSubset(of: i) }

    /// The apps changed since the last call, in index order, and forgets them.
    mutating func takeChanged() -> IndexList { changed.removeAll() }

    /// The apps changed during the current event, in index order.
    mutating func changedThisEvent() -> IndexList { changedInEvent.sortedMembers() }

    /// Ends the current event.
    mutating func commit() {
        _ = changedInEvent.removeAll()
        _ = changed.removeAll()
    }
}

/// A set of small integers with constant-time insertion that lists its members in order when emptied.
struct IndexSet: Sendable {
    private var flags: [Bool] = []
    private var members = IndexList()

    var isEmpty: Bool { members.isEmpty }

    /// Whether every member is `i`.
    func isSubset(of i: Int) -> Bool { members.allSatisfy { $0 == i } }

    mutating func grow(to count: Int) { while flags.count < count { flags.append(false) } }

    /// Inserts `i`; true when it was not a member.
    @discardableResult
    mutating func insert(_ i: Int) -> Bool {
        if flags[i] { return false }
        flags[i] = true
        members.append(i)
        return true
    }

    /// Empties the set and returns its members in increasing order.
    mutating func removeAll() -> IndexList {
        if members.isEmpty { return members }
        var taken = IndexList()
        swap(&taken, &members)
        for i in taken { flags[i] = false }
        taken.sort()
        return taken
    }

    /// The members in increasing order (sorted in place).
    mutating func sortedMembers() -> IndexList {
        members.sort()
        return members
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

    mutating func append(_ i: Int) {
        if count < 4 { self[count] = i } else { overflow.append(i) }
        count += 1
    }

    /// Sorts in place (insertion sort: the lists are short).
    mutating func sort() {
        guard count > 1 else { return }
        for k in 1..<count {
            let value = self[k]
            var j = k
            while j > 0 && self[j - 1] > value {
                self[j] = self[j - 1]
                j -= 1
            }
            self[j] = value
        }
    }
}
