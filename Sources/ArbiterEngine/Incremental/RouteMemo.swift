/// The routes settle derived, by the accessories and the session configuration each was derived for. A route is a
/// function of the two (and of the profile, fixed for an engine); the owning session moves among a few
/// configurations and accessories come and go among a few sets, so most re-derivations find their route here
/// instead of building its port lists again.
struct RouteMemo: Sendable {
    /// The most entries kept; past it the memo starts afresh.
    static let capacity = 32
    /// What of the accessories a route depends on: their kinds and names, in connection order (not their serials).
    private typealias AccessorySet = [ConnectedAccessory]
    private struct ConnectedAccessory: Equatable, Sendable {
        let kind: AccessoryKind
        let name: String?
    }
    /// The accessory sets seen, and `Engine.accessoryChanges` when `current` (an index in it) was identified.
    private var accessorySets: [AccessorySet] = []
    private var current = 0
    private var identifiedAt = -1
    private var entries: [(accessories: Int, key: RouteKey, route: Route)] = []

    /// Whether the accessories changed since the memo last identified them: `identify` must come first.
    func needsIdentifying(_ accessoryChanges: Int) -> Bool { accessoryChanges != identifiedAt }

    /// Identifies the accessories connected at `accessoryChanges`.
    mutating func identify(_ accessories: [Accessory], at accessoryChanges: Int) {
        let set = accessories.map { ConnectedAccessory(kind: $0.kind, name: $0.name) }
        identifiedAt = accessoryChanges
        if let known = accessorySets.firstIndex(of: set) {
            current = known
        } else {
            if accessorySets.count == RouteMemo.capacity { forgetAll() }
            accessorySets.append(set)
            current = accessorySets.count - 1
        }
    }

    /// The route remembered for `key` with the identified accessories, if any.
    func route(for key: RouteKey) -> Route? {
        for k in entries.indices where entries[k].accessories == current && entries[k].key == key {
            return entries[k].route
        }
        return nil
    }

    /// Remembers `route` for `key` with the identified accessories.
    mutating func remember(_ route: Route, for key: RouteKey) {
        if entries.count == RouteMemo.capacity {
            let set = accessorySets[current]
            forgetAll()
            accessorySets = [set]
        }
        entries.append((current, key, route))
    }

    private mutating func forgetAll() {
        accessorySets = []
        current = 0
        entries = []
    }
}
