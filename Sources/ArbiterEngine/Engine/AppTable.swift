/// The apps in declaration order, looked up by index or name.
///
/// It remembers which apps changed, so that after an event the engine re-derives only what those changes can
/// affect, and keeps each changed app's value from before the event, so that a rejected event can be taken
/// back without copying every app. Equality and hashing compare the apps alone.
public struct AppTable: RandomAccessCollection, MutableCollection, Hashable, Sendable {
    private(set) var storage: [App] = []
    private var positions: [AppID: Int] = [:]
    /// Apps changed since the engine last settled, each once.
    private(set) var changed = IndexSet()
    /// Apps changed during the current event, each once, with their value before the first change.
    private var journal: [(index: Int, app: App)] = []
    private var journaled = IndexSet()

    public var startIndex: Int { 0 }
    public var endIndex: Int { storage.count }

    public subscript(position: Int) -> App {
        _read { yield storage[position] }
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
        journaled.grow(to: storage.count)
        changed.insert(storage.count - 1)
    }

    private mutating func note(_ i: Int) {
        changed.insert(i)
        if journaled.insert(i) { journal.append((i, storage[i])) }
    }

    /// Whether no app but `i` changed since the last `takeChanged()`.
    func changedSinceSettle(onlyAmong i: Int) -> Bool { changed.isSubset(of: i) }

    /// The apps changed since the last call, in index order, and forgets them. Give the array back with
    /// `recycle` once done, so the next call reuses it.
    mutating func takeChanged() -> [Int] { changed.removeAll() }

    /// Takes back an array `takeChanged` returned, to reuse its memory.
    mutating func recycle(_ taken: consuming [Int]) { changed.recycle(taken) }

    /// The apps changed during the current event, in index order.
    mutating func changedThisEvent() -> [Int] { journaled.sortedMembers() }

    /// Ends the current event: its changes stay.
    mutating func commit() {
        journal.removeAll(keepingCapacity: true)
        _ = journaled.removeAll()
        _ = changed.removeAll()
    }

    /// Takes back every change of the current event, including apps appended during it.
    mutating func rollBack(count: Int) {
        for (index, app) in journal where index < count { storage[index] = app }
        while storage.count > count { positions[storage.removeLast().id] = nil }
        changed.shrink(to: count)
        journaled.shrink(to: count)
        commit()
    }
}

/// A set of small integers with constant-time insertion that lists its members in order when emptied.
struct IndexSet: Sendable {
    private var flags: [Bool] = []
    private var members: [Int] = []
    /// An emptied array given back by the last taker, so that emptying the set allocates nothing.
    private var spare: [Int] = []

    var isEmpty: Bool { members.isEmpty }

    /// Whether every member is `i`.
    func isSubset(of i: Int) -> Bool { members.allSatisfy { $0 == i } }

    mutating func grow(to count: Int) { while flags.count < count { flags.append(false) } }

    mutating func shrink(to count: Int) {
        members.removeAll { $0 >= count }
        flags.removeLast(max(0, flags.count - count))
    }

    /// Inserts `i`; true when it was not a member.
    @discardableResult
    mutating func insert(_ i: Int) -> Bool {
        if flags[i] { return false }
        flags[i] = true
        members.append(i)
        return true
    }

    /// Empties the set and returns its members in increasing order.
    mutating func removeAll() -> [Int] {
        if members.isEmpty { return [] }
        var taken: [Int] = []
        swap(&taken, &spare)
        swap(&taken, &members)
        for i in taken { flags[i] = false }
        if taken.count > 1 { taken.sort() }
        return taken
    }

    /// Takes back an array `removeAll` returned, to reuse its memory.
    mutating func recycle(_ taken: consuming [Int]) {
        var taken = taken
        taken.removeAll(keepingCapacity: true)
        if taken.capacity > spare.capacity { spare = taken }
    }

    /// The members in increasing order (sorted in place).
    mutating func sortedMembers() -> [Int] {
        if members.count > 1 { members.sort() }
        return members
    }
}
