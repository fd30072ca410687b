private import CArbiterPipeWire

#if canImport(Glibc)
    import Glibc
#endif

/// A connection of its own that follows other programs' audio nodes on a running daemon (their streams, and the
/// device nodes they play to) and acts on them: it sets a stream's software volume and sends it Pause and Start.
///
/// Every audio node is bound, so its info properties, state and Props are known as any client sees them. What it
/// shows is what the daemon published; what it asks takes effect when the daemon has passed it on, which `sync`
/// confirms. All of it may be called from any thread; `close` may be called while another thread waits.
public final class ProgramGraph: @unchecked Sendable {
    private let handle: OpaquePointer

    /// Connects to the daemon `remote` (nil: the default one, from `PIPEWIRE_REMOTE` and `XDG_RUNTIME_DIR`), with
    /// a first round trip.
    public init(remote: String? = nil) throws(PipeWireError) {
        var error = [CChar](repeating: 0, count: 512)
        let connected: OpaquePointer? =
            if let remote {
                arbiter_programs_connect(remote, &error, Int32(error.count))
            } else {
                arbiter_programs_connect(nil, &error, Int32(error.count))
            }
        guard let connected else { throw PipeWireError(text(error)) }
        handle = connected
    }

    deinit {
        close()
        arbiter_programs_free(handle)
    }

    /// Disconnects from the daemon; idempotent. Waiters wake with `.gone`, and actions fail from then on.
    public func close() {
        arbiter_programs_close(handle)
    }

    /// Whether the connection is usable: not closed, and the daemon still there.
    public var isAlive: Bool { arbiter_programs_alive(handle) != 0 }

    /// A descriptor that becomes readable whenever the graph changes (what `wait(after:)` waits for), for a caller
    /// that waits on several things at once with poll(); `quieten()` makes it wait for the next change. -1 when
    /// there is none.
    public var changeDescriptor: Int32 { arbiter_programs_change_fd(handle) }

    /// Reads the change descriptor, so that it is readable again only at the next change.
    public func quieten() {
        var count: UInt64 = 0
        _ = read(changeDescriptor, &count, MemoryLayout<UInt64>.size)
    }

    /// A round trip: afterwards the snapshot holds all the daemon published before it. Throws when the daemon
    /// does not answer, has gone, or refused something asked of it since the last sync (a volume or a command on a
    /// node it does not let this client change).
    public func sync(timeoutMs: Int32 = 2000) throws(PipeWireError) {
        var refusal = [CChar](repeating: 0, count: 512)
        switch arbiter_programs_sync(handle, timeoutMs, &refusal, Int32(refusal.count)) {
        case 0: return
        case 1: throw PipeWireError("the PipeWire daemon refused a change to \(text(refusal))")
        default:
            throw PipeWireError(
                isAlive
                    ? "the PipeWire daemon did not answer within \(timeoutMs) ms"
                    : "the graph is closed or the PipeWire daemon went away")
        }
    }

    /// The audio nodes as last published, copied under the connection's lock.
    public func snapshot() -> ProgramGraphSnapshot {
        guard let copy = arbiter_programs_snapshot(handle) else {
            return ProgramGraphSnapshot(nodes: [], generation: 0, rolePolicy: [])
        }
        defer { arbiter_programs_snapshot_free(copy) }
        let snapshot = copy.pointee
        let nodes = UnsafeBufferPointer(start: snapshot.nodes, count: Int(snapshot.n_nodes)).map(ProgramGraph.node)
        let rolePolicy = UnsafeBufferPointer(start: snapshot.role_policy, count: Int(snapshot.n_role_policy))
            .map { String(cString: $0!) }
        let defaultSink = ProgramGraph.cString(of: snapshot.default_sink)
        let devices = UnsafeBufferPointer(start: snapshot.devices, count: Int(snapshot.n_devices))
            .map(ProgramGraph.device)
        let links = UnsafeBufferPointer(start: snapshot.links, count: Int(snapshot.n_links))
            .map { ProgramLink(output: $0.output_node, input: $0.input_node) }
        return ProgramGraphSnapshot(
            nodes: nodes, generation: snapshot.generation, rolePolicy: rolePolicy,
            defaultSink: defaultSink.isEmpty ? nil : defaultSink, devices: devices, links: links)
    }

    /// Waits until the generation moves past `generation` (a node added or removed, or its state, properties or
    /// Props changed), `timeoutMs` pass, or the daemon goes away.
    public func wait(after generation: UInt64, timeoutMs: Int32) -> ProgramGraphWait {
        switch arbiter_programs_wait(handle, generation, max(0, timeoutMs)) {
        case -1: .gone
        case 0: .timeout
        default: .changed
        }
    }

    /// Takes snapshots until `isSettled` holds for one, waiting for each change, or until `seconds` pass or the
    /// daemon goes away; returns the last snapshot either way.
    public func snapshot(
        settlingWithin seconds: Double,
        until isSettled: (ProgramGraphSnapshot) -> Bool
    ) -> ProgramGraphSnapshot {
        let deadline = PipeWireConnection.now + seconds
        var snapshot = self.snapshot()
        while !isSettled(snapshot) {
            let left = Int32(clamping: Int((deadline - PipeWireConnection.now) * 1000))
            guard left > 0, wait(after: snapshot.generation, timeoutMs: left) == .changed else { break }
            snapshot = self.snapshot()
        }
        return snapshot
    }

    /// Sets the node's Props `softVolumes` (and `softMute`, when `mute` is given), what its converter applies, never
    /// `channelVolumes`, `volume` or `mute` (which WirePlumber persists). The converter applies them *in place of*
    /// `channelVolumes` and `mute`, not on top of them, until someone sets `channelVolumes` or `mute` again: a duck
    /// that keeps the user's volume is `channelVolumes × duck` with `mute` as the node's own, set again after each
    /// change of those. One value per channel; a single value is used for every channel the node publishes.
    /// Returns once sent; `sync` reports a refusal.
    public func setSoftVolumes(node: UInt32, _ volumes: [Float], mute: Bool? = nil) throws(PipeWireError) {
        guard !volumes.isEmpty else { throw PipeWireError("no soft volumes given for node \(node)") }
        let softMute: Int32 = mute.map { $0 ? 1 : 0 } ?? -1
        try check(
            arbiter_programs_set_soft_volumes(handle, node, volumes, UInt32(volumes.count), softMute),
            "set the soft volumes of", node)
    }

    /// Sets the node's Props `channelVolumes`: its own volume. Arbiter sets it only on a session manager's role node
    /// (`ProgramNode.isRoleNode`), whose volume nobody persists, to lower every program that plays through it at
    /// once. One value per channel; a single value is used for every channel the node publishes.
    public func setChannelVolumes(node: UInt32, _ volumes: [Float]) throws(PipeWireError) {
        guard !volumes.isEmpty else { throw PipeWireError("no channel volumes given for node \(node)") }
        try check(
            arbiter_programs_set_channel_volumes(handle, node, volumes, UInt32(volumes.count)),
            "set the channel volumes of", node)
    }

    /// Sends the node the command Pause: its program's stream stops being processed (a cork the program is not
    /// told of, beyond its stream's own state). Returns once sent; `sync` reports a refusal.
    public func pause(node: UInt32) throws(PipeWireError) {
        try check(arbiter_programs_send_command(handle, node, 0), "pause", node)
    }

    /// Sends the node the command Start, which resumes a paused stream. Returns once sent; `sync` reports a refusal.
    public func start(node: UInt32) throws(PipeWireError) {
        try check(arbiter_programs_send_command(handle, node, 1), "start", node)
    }

    // MARK: Helpers

    private func check(_ result: Int32, _ action: String, _ node: UInt32) throws(PipeWireError) {
        switch result {
        case 0: return
        case -ENOENT: throw PipeWireError("cannot \(action) node \(node): the daemon publishes no audio node \(node)")
        case -EPIPE:
            throw PipeWireError("cannot \(action) node \(node): the graph is closed or the PipeWire daemon went away")
        default: throw PipeWireError("cannot \(action) node \(node) (error \(-result))")
        }
    }

    private static func node(_ node: arbiter_program_node) -> ProgramNode {
        var node = node
        var properties: [String: String] = [:]
        for prop in UnsafeBufferPointer(start: node.props, count: Int(node.n_props)) {
            properties[String(cString: prop.key)] = String(cString: prop.value)
        }
        let channel = withUnsafeBytes(of: &node.channel_volumes) {
            Array($0.bindMemory(to: Float.self).prefix(Int(node.n_channel_volumes)))
        }
        let soft = withUnsafeBytes(of: &node.soft_volumes) {
            Array($0.bindMemory(to: Float.self).prefix(Int(node.n_soft_volumes)))
        }
        return ProgramNode(
            id: node.id, mediaClass: properties["media.class"] ?? "", properties: properties,
            state: ProgramNodeState(pipeWireState: node.state), channelVolumes: channel,
            softVolumes: soft, mute: node.has_mute != 0 ? node.mute != 0 : nil,
            softMute: node.has_soft_mute != 0 ? node.soft_mute != 0 : nil,
            propsUpdates: node.props_updates)
    }

    /// A C string held in a fixed array of a struct (a tuple of CChar), up to its NUL.
    private static func cString<T>(of tuple: T) -> String {
        withUnsafeBytes(of: tuple) { bytes in String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self) }
    }

    private static func device(_ device: arbiter_program_device) -> ProgramDevice {
        let routes = withUnsafeBytes(of: device.routes) { bytes in
            Array(bytes.bindMemory(to: arbiter_program_route.self).prefix(Int(device.n_routes)))
        }
        return ProgramDevice(
            id: device.id, name: cString(of: device.name), description: cString(of: device.description),
            api: cString(of: device.api),
            routes: routes.map { route in
                DeviceRoute(
                    index: route.index, isOutput: route.output != 0,
                    availability: route.available == 2 ? .yes : route.available == 1 ? .no : .unknown,
                    isActive: route.active != 0, name: cString(of: route.name),
                    description: cString(of: route.description),
                    portType: cString(of: route.port_type))
            })
    }
}
