private import CArbiterPipeWire

#if canImport(Glibc)
    import Glibc
#endif

/// One connection to a PipeWire daemon: its thread loop, registry cache, streams and links.
///
/// Every call takes the thread loop's lock inside the C layer, so the connection can be used from any one
/// thread at a time.
public final class PipeWireConnection: @unchecked Sendable {
    private let handle: OpaquePointer

    /// Connects to the daemon `remote` (nil: the default one of `$XDG_RUNTIME_DIR`).
    public init(remote: String? = nil) throws(PipeWireError) {
        var error = [CChar](repeating: 0, count: 512)
        let connected: OpaquePointer? =
            if let remote {
                arbiter_pw_connect(remote, &error, Int32(error.count))
            } else {
                arbiter_pw_connect(nil, &error, Int32(error.count))
            }
        guard let connected else { throw PipeWireError(text(error)) }
        handle = connected
        isRealtime = arbiter_pw_make_loop_realtime(connected, Int32(PipeWireConnection.realtimePriority)) == 0
    }

    /// Whether the thread that receives the registry's events runs with real-time scheduling (SCHED_FIFO at
    /// `realtimePriority`): where the system allows it (root, or an RLIMIT_RTPRIO), an unplug is not kept
    /// waiting behind other work. Without, it runs as any thread.
    public let isRealtime: Bool

    /// Below PipeWire's own data threads (88), which move the audio.
    public static let realtimePriority = 20

    /// Gives the calling thread the same real-time scheduling, for a thread that waits for port events; false
    /// where the system does not allow it.
    @discardableResult
    public static func makeCallingThreadRealtime() -> Bool {
        arbiter_pw_make_thread_realtime(Int32(realtimePriority)) == 0
    }

    deinit { arbiter_pw_disconnect(handle) }

    /// A round trip: everything asked before it has been applied by the daemon.
    public func sync(timeoutMilliseconds: Int = 2000) throws(PipeWireError) {
        if arbiter_pw_sync(handle, Int32(timeoutMilliseconds)) != 0 {
            throw PipeWireError(
                isAlive
                    ? "PipeWire did not answer within \(timeoutMilliseconds) ms"
                    : "the PipeWire daemon went away (\(lastError))")
        }
    }

    /// Waits `milliseconds`, or throws as soon as the daemon goes away: a wait never outlives the daemon.
    public func wait(milliseconds: Int) throws(PipeWireError) {
        if arbiter_pw_wait(handle, Int32(clamping: max(0, milliseconds))) != 0 {
            throw PipeWireError("the PipeWire daemon went away (\(lastError))")
        }
    }

    public var isAlive: Bool { arbiter_pw_alive(handle) != 0 }
    public var lastError: String { String(cString: arbiter_pw_last_error(handle)) }
    public func clearError() { arbiter_pw_clear_error(handle) }

    /// Creates a null sink or source, with extra properties.
    public func createDeviceNode(
        name: String, isSource: Bool, positions: String,
        properties: [(String, String)]
    ) throws(PipeWireError) {
        let extra = properties.map { "\($0.0)=\"\($0.1)\"" }.joined(separator: " ")
        if arbiter_pw_create_device_node(handle, name, isSource ? 1 : 0, positions, extra) != 0 {
            throw PipeWireError("cannot create node \(name): \(lastError)")
        }
    }

    /// Destroys the node with this name; false when there is none.
    @discardableResult
    public func destroyNode(named name: String) -> Bool { arbiter_pw_destroy_node(handle, name) == 0 }

    public func nodeExists(_ name: String) -> Bool { arbiter_pw_node_exists(handle, name) != 0 }

    /// How many links in the registry go into the node `name`, whoever made them.
    public func linksInto(_ name: String) -> Int { Int(arbiter_pw_count_links_into(handle, name)) }

    /// Waits until at least `count` links go into the node `name`, woken by the registry's link events (no
    /// round trips); false when `milliseconds` pass first.
    public func waitForLinks(into name: String, atLeast count: Int, milliseconds: Int) throws(PipeWireError) -> Bool {
        switch arbiter_pw_wait_for_links_into(
            handle, name, Int32(clamping: count), Int32(clamping: max(0, milliseconds)))
        {
        case -1: throw PipeWireError("the PipeWire daemon went away (\(lastError))")
        case 0: return false
        default: return true
        }
    }

    /// Registry events about port nodes (`arbiter.port`), oldest first.
    public func takePortEvents() -> [PortNodeEvent] { takeTimedPortEvents().map(\.event) }

    /// Registry events about port nodes, oldest first, each with the moment it reached this connection
    /// (`PipeWireConnection.now`'s clock).
    public func takeTimedPortEvents() -> [(event: PortNodeEvent, moment: Double)] {
        var events: [(event: PortNodeEvent, moment: Double)] = []
        var next = arbiter_port_node_event()
        while arbiter_pw_next_port_event(handle, &next) != 0 {
            let name = withUnsafeBytes(of: next.name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            let moment = Double(next.at_ns) / 1e9
            switch next.change {
            case ARBITER_PORT_NODE_ADDED: events.append((.added(name), moment))
            case ARBITER_PORT_NODE_REMOVED: events.append((.removed(name), moment))
            default: break
            }
        }
        return events
    }

    /// Waits until a port node event is queued (true) or `milliseconds` pass (false); throws as soon as the
    /// daemon goes away.
    public func waitForPortEvent(milliseconds: Int) throws(PipeWireError) -> Bool {
        switch arbiter_pw_wait_for_port_event(handle, Int32(clamping: max(0, milliseconds))) {
        case -1: throw PipeWireError("the PipeWire daemon went away (\(lastError))")
        case 0: return false
        default: return true
        }
    }

    /// The monotonic clock the port events are timed with, in seconds (CLOCK_MONOTONIC).
    public static var now: Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// Creates a playback stream (a quiet tone) or a capture stream; returns its handle. An inactive stream starts
    /// at `setActive(_:true)`: made inactive rather than stopped after it is made, it cannot miss the stop while
    /// it is still connecting (a few of 512 streams stopped so never started again). `properties` are added to the
    /// stream node's own.
    public func createStream(
        nodeName: String, app: String, mediaName: String, role: String, capture: Bool,
        active: Bool = true, properties: [(String, String)] = []
    ) throws(PipeWireError) -> Int {
        let extra = properties.map { "\($0.0)=\"\($0.1)\"" }.joined(separator: " ")
        let stream = arbiter_pw_stream_create(
            handle, nodeName, app, mediaName, role, capture ? 1 : 0, active ? 1 : 0,
            extra)
        guard stream >= 0 else { throw PipeWireError("cannot create stream \(nodeName): \(lastError)") }
        return Int(stream)
    }

    public func setVolume(_ stream: Int, _ volume: Double) {
        arbiter_pw_stream_set_volume(handle, Int32(stream), Float(volume))
    }
    public func setMute(_ stream: Int, _ mute: Bool) { arbiter_pw_stream_set_mute(handle, Int32(stream), mute ? 1 : 0) }
    public func setActive(_ stream: Int, _ active: Bool) {
        arbiter_pw_stream_set_active(handle, Int32(stream), active ? 1 : 0)
    }
    /// Whether the registry has shown the stream's own ports, so it can be linked.
    public func portsKnown(_ stream: Int) -> Bool { arbiter_pw_stream_ports_known(handle, Int32(stream)) != 0 }
    public func unlink(_ stream: Int) { arbiter_pw_stream_unlink(handle, Int32(stream)) }
    public func cycles(_ stream: Int) -> UInt64 { arbiter_pw_stream_cycles(handle, Int32(stream)) }
    public func destroyStream(_ stream: Int) { arbiter_pw_stream_destroy(handle, Int32(stream)) }

    /// Links node `output` to node `input`, channel by channel, keeping the links in `group` (0...15).
    public func link(group: Int, from output: String, to input: String) throws(PipeWireError) {
        if arbiter_pw_group_link(handle, Int32(group), output, input) != 0 {
            throw PipeWireError("cannot link \(output) to \(input): \(lastError)")
        }
    }

    /// Destroys every link of `group`.
    public func unlink(group: Int) { arbiter_pw_group_unlink(handle, Int32(group)) }

    /// Links the stream to the node `target`, channel by channel.
    public func link(_ stream: Int, to target: String) throws(PipeWireError) {
        if arbiter_pw_stream_link(handle, Int32(stream), target) != 0 {
            throw PipeWireError("cannot link to \(target): \(lastError)")
        }
    }
}

/// A port node appearing in, or leaving, the registry.
public enum PortNodeEvent: Hashable, Sendable {
    case added(String)
    case removed(String)
}

/// The text of a NUL-terminated C buffer.
func text(_ buffer: [CChar]) -> String {
    let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    return String(decoding: bytes, as: UTF8.self)
}
