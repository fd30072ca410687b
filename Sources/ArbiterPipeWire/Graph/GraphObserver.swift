private import CArbiterPipeWire

/// A second connection to the daemon that only listens: it follows the registry, each stream's state and its
/// published volume and mute, and every link, as any other client (pw-dump among them) sees them. Reading the
/// graph from it costs a round trip, not a process, and a change wakes whoever waits for one.
///
/// The observer knows nothing the stage asked for: what it shows is what the daemon published.
public final class GraphObserver: @unchecked Sendable {
    private let handle: OpaquePointer
    /// The count of changes seen when the last snapshot was taken.
    private var generation: UInt64 = 0

    /// Connects to the daemon `remote` (nil: the default one of `$XDG_RUNTIME_DIR`).
    public init(remote: String? = nil) throws(PipeWireError) {
        var error = [CChar](repeating: 0, count: 512)
        let connected: OpaquePointer? =
            if let remote {
                arbiter_observer_connect(remote, &error, Int32(error.count))
            } else {
                arbiter_observer_connect(nil, &error, Int32(error.count))
            }
        guard let connected else { throw PipeWireError(text(error)) }
        handle = connected
    }

    deinit { arbiter_observer_disconnect(handle) }

    public var isAlive: Bool { arbiter_observer_alive(handle) != 0 }

    /// The graph as the daemon has published it up to now (after a round trip).
    public func snapshot(timeoutMilliseconds: Int = 2000) throws(PipeWireError) -> GraphSnapshot {
        guard arbiter_observer_sync(handle, Int32(timeoutMilliseconds)) == 0 else {
            throw PipeWireError(
                isAlive
                    ? "the observer got no answer from the daemon within \(timeoutMilliseconds) ms"
                    : "the PipeWire daemon went away")
        }
        var nodes = [arbiter_observed_node](repeating: arbiter_observed_node(), count: 64)
        var links = [arbiter_observed_link](repeating: arbiter_observed_link(), count: 256)
        var nodeCount: Int32 = 0
        var linkCount: Int32 = 0
        while true {
            arbiter_observer_copy(
                handle, &nodes, Int32(nodes.count), &nodeCount, &links, Int32(links.count), &linkCount,
                &generation)
            if Int(nodeCount) <= nodes.count && Int(linkCount) <= links.count { break }
            nodes = [arbiter_observed_node](
                repeating: arbiter_observed_node(), count: 2 * max(nodes.count, Int(nodeCount)))
            links = [arbiter_observed_link](
                repeating: arbiter_observed_link(), count: 2 * max(links.count, Int(linkCount)))
        }
        let graphNodes = nodes.prefix(Int(nodeCount)).map { node in
            var node = node
            let name = withUnsafeBytes(of: &node.name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            return GraphSnapshot.Node(
                id: Int(node.id), name: name, state: GraphObserver.stateNames[Int(node.state)],
                volume: node.has_volume != 0 ? GraphObserver.printed(node.volume) : nil,
                mute: node.has_mute != 0 ? node.mute != 0 : nil)
        }
        let graphLinks = links.prefix(Int(linkCount)).map { (output: Int($0.output_node), input: Int($0.input_node)) }
        return GraphSnapshot(nodes: graphNodes, links: graphLinks)
    }

    /// Waits until the graph changes after the last snapshot (true), `milliseconds` pass (false), or the daemon
    /// goes away (an error).
    public func waitForChange(milliseconds: Int) throws(PipeWireError) -> Bool {
        switch arbiter_observer_wait(handle, generation, Int32(clamping: max(0, milliseconds))) {
        case -1: throw PipeWireError("the PipeWire daemon went away")
        case 0: return false
        default: return true
        }
    }

    /// A volume as pw-dump prints it, to six decimals: the daemon publishes 32-bit floats (0.2 is 0.200000003).
    static func printed(_ volume: Float) -> Double { (Double(volume) * 1e6).rounded() / 1e6 }

    /// The names of `pw_node_state`, as pw-dump prints them.
    private static let stateNames = [-1: "error", 0: "creating", 1: "suspended", 2: "idle", 3: "running"]

    /// Reads the graph until `isSettled` holds for it, waiting for each change, or until `seconds` pass; returns
    /// the last snapshot either way.
    public func snapshot(
        settlingWithin seconds: Double,
        until isSettled: (GraphSnapshot) -> Bool
    ) throws(PipeWireError) -> GraphSnapshot {
        let deadline = PipeWireConnection.now + seconds
        var snapshot = try self.snapshot()
        while !isSettled(snapshot) {
            let left = Int((deadline - PipeWireConnection.now) * 1000)
            guard left > 0, try waitForChange(milliseconds: left) else { break }
            snapshot = try self.snapshot()
        }
        return snapshot
    }
}
