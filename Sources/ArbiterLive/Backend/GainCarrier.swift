import ArbiterPipeWire

/// How the gains a policy wants for programs reach the graph: each program's softVolumes (its own volume times the
/// gain), or, with meeting points on (`rolePolicy: meet`), a session manager's role node (`ProgramNode.isRoleNode`)
/// that the programs' streams are linked into. When every stream running through a role node is to be lowered
/// alike, the node's own volume carries the gain, one set however many programs there are, and each program's
/// softVolumes carry only what differs from it.
struct GainCarrier {
    /// What a policy wants a program's stream to carry: a factor over its own volume, with its own mute.
    struct Wish {
        var factor: Float
        var base: [Float]
        var mute: Bool?
        /// Whether the node's softVolumes may no longer be what was sent (someone set its volume or mute).
        var again: Bool
    }

    /// What a node carries of Arbiter's now: a program's softVolumes (`factor` over its channelVolumes `over`), or a
    /// role node's channelVolumes (`factor` over its own, `over`). Arbiter's own Props sets still on their way are
    /// counted, so that one more publication is known to be someone else's.
    struct Carried {
        var factor: Float = 1
        var over: [Float] = []
        var mute: Bool?
        var setsInFlight: UInt64 = 0
        var propsSeen: UInt64 = 0
        /// A role node's: the volumes sent and not yet seen published, and the last seen.
        var inFlight: [[Float]] = []
        var seen: [Float]?
    }

    /// A Props set to make.
    struct Set {
        enum Kind { case program, meetingPoint }
        var kind: Kind
        var node: UInt32
        var factor: Float
        var volumes: [Float]
        var mute: Bool?
        /// Whether it lowers what the node carries: lowerings go first, so that a gain moving between a role node
        /// and its programs is never louder for a moment.
        var lowers: Bool
    }

    /// Whether role nodes carry the gains their programs share.
    var meet = false
    /// The programs' wishes not yet settled, with meeting points on.
    var wishes: [UInt32: Wish] = [:]
    /// Every program's latest wish (1 when it has none).
    var wanted: [UInt32: Float] = [:]
    var programs: [UInt32: Carried] = [:]
    var points: [UInt32: Carried] = [:]

    /// The sets that make the graph carry the programs' wishes, given the graph as it is: programs first asked
    /// (with meeting points off, each wish is sent as it is), the role nodes' shared gains, and each program's
    /// remainder over its role node.
    mutating func sets(for snapshot: ProgramGraphSnapshot?) -> [Set] {
        var sets: [Set] = []
        guard meet, let snapshot else {
            for (id, wish) in wishes.sorted(by: { $0.key < $1.key }) {
                sets += programSet(id, wish, over: 1, force: true)
            }
            wishes = [:]
            return sets
        }
        let shared = sharedGains(snapshot)
        // Every stream linked into a role node is looked at again, asked or not: what the node carries, or whether
        // the stream runs, may have changed its remainder.
        var touched = Swift.Set(wishes.keys)
        for link in snapshot.links where shared[link.input] != nil { touched.insert(link.output) }
        for id in touched.sorted() {
            guard let wish = wishes[id] ?? lastWish(id, snapshot) else { continue }
            // A stream that does not run is left carrying its whole wish (quieter, never louder, if it starts
            // running before the next turn shares it out).
            let running = snapshot.node(id)?.state == .running
            let point = running ? snapshot.nodes(linkedFrom: id).first { shared[$0] != nil } : nil
            sets += programSet(id, wish, over: point.flatMap { shared[$0] } ?? 1, force: wishes[id] != nil)
        }
        for point in shared.keys.sorted() {
            guard let node = snapshot.node(point) else { continue }
            sets += pointSet(node, factor: shared[point]!)
        }
        wishes = [:]
        return sets.filter(\.lowers) + sets.filter { !$0.lowers }
    }

    /// Each role node's shared gain: the one every stream running into it wants, or 1 when they differ or none runs.
    func sharedGains(_ snapshot: ProgramGraphSnapshot) -> [UInt32: Float] {
        var shared: [UInt32: Float] = [:]
        for node in snapshot.nodes where node.isRoleNode {
            let running = snapshot.links.filter { $0.input == node.id }.map(\.output)
                .filter { snapshot.node($0)?.state == .running }
            let factors = running.map { wanted[$0] ?? 1 }
            shared[node.id] = factors.first.map { first in factors.allSatisfy { $0 == first } ? first : 1 } ?? 1
        }
        return shared
    }

    /// A program's wish as last asked, for a program whose role node changed under it.
    private func lastWish(_ id: UInt32, _ snapshot: ProgramGraphSnapshot) -> Wish? {
        guard let node = snapshot.node(id), node.isStream, !node.channelVolumes.isEmpty else { return nil }
        return Wish(
            factor: wanted[id] ?? 1, base: node.channelVolumes, mute: programs[id]?.mute ?? node.mute, again: false)
    }

    /// The set that makes the program carry its wish over what its role node carries (`over`), if it needs one.
    private mutating func programSet(_ id: UInt32, _ wish: Wish, over shared: Float, force: Bool) -> [Set] {
        let remainder = shared == 0 ? 1 : wish.factor / shared
        var carried = programs[id] ?? Carried()
        let changed =
            remainder != carried.factor
            || (remainder != 1 && (wish.again || wish.base != carried.over || wish.mute != carried.mute))
        guard changed || (force && !meet) else { return [] }
        let set = Set(
            kind: .program, node: id, factor: remainder, volumes: wish.base.map { $0 * remainder }, mute: wish.mute,
            lowers: remainder < carried.factor)
        carried.factor = remainder
        carried.over = wish.base
        carried.mute = wish.mute
        programs[id] = carried
        return [set]
    }

    /// The set that makes a role node carry `factor` over its own volume, if it needs one. Its own volume is read
    /// when it is first lowered, and again whenever it shows a volume none of Arbiter's sets made (someone else
    /// set it: the duck goes on over the new one).
    private mutating func pointSet(_ node: ProgramNode, factor: Float) -> [Set] {
        var carried = points[node.id] ?? Carried()
        let someoneElse = GainCarrier.someoneElseSet(&carried, now: node.channelVolumes)
        if carried.factor == 1 || someoneElse { carried.over = node.channelVolumes }
        defer { points[node.id] = carried }
        guard !carried.over.isEmpty, factor != carried.factor || (someoneElse && factor != 1) else { return [] }
        let lowers = factor < carried.factor
        carried.factor = factor
        let volumes = carried.over.map { $0 * factor }
        carried.inFlight.append(volumes)
        return [Set(kind: .meetingPoint, node: node.id, factor: factor, volumes: volumes, mute: nil, lowers: lowers)]
    }

    /// Whether a role node's published volume is one none of Arbiter's sets made. A node may publish its Props more
    /// than once for one set, and a turn sees only the latest: a volume that is one of those sent is Arbiter's own.
    static func someoneElseSet(_ carried: inout Carried, now volumes: [Float]) -> Bool {
        func same(_ a: [Float], _ b: [Float]) -> Bool {
            a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < 0.0005 }
        }
        defer { carried.seen = volumes }
        guard let seen = carried.seen, !same(seen, volumes) else { return false }
        if let index = carried.inFlight.lastIndex(where: { same($0, volumes) }) {
            carried.inFlight.removeFirst(index + 1)
            return false
        }
        carried.inFlight = []
        return true
    }

    /// Counts a set sent to a node (its publication will come back).
    mutating func sent(_ set: Set) {
        switch set.kind {
        case .program: programs[set.node, default: Carried()].setsInFlight += 1
        case .meetingPoint: break  // known by the volumes in flight
        }
    }

    /// Whether the node published Props that none of Arbiter's sets account for: someone else (the user) set its
    /// volume or mute.
    static func someoneElseSetProps(_ carried: inout Carried, now node: ProgramNode) -> Bool {
        let published = node.propsUpdates >= carried.propsSeen ? node.propsUpdates - carried.propsSeen : 0
        let own = min(published, carried.setsInFlight)
        carried.setsInFlight -= own
        carried.propsSeen = node.propsUpdates
        return published > own
    }

    /// The role nodes that carry a gain now, with their own volumes to put back.
    var loweredPoints: [(node: UInt32, own: [Float])] {
        points.keys.sorted().compactMap { id in
            points[id].flatMap { $0.factor != 1 && !$0.over.isEmpty ? (id, $0.over) : nil }
        }
    }
}
