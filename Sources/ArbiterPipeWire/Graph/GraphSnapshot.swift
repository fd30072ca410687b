import Foundation

/// The graph read back from outside (by `pw-dump`, or a `GraphObserver`): each Arbiter stream's state, volume,
/// mute and links.
public struct GraphSnapshot: Sendable {
    public struct Stream: Sendable, Equatable {
        /// `running`, `idle`, `suspended`, ...
        public var state: String
        public var volume: Double?
        public var mute: Bool?
        /// The nodes it is linked to (sinks for playback, sources for capture).
        public var targets: Set<String>
    }

    /// By node name (`arbiter.<App>.<player>`). A playback stream's targets are the ports the route bus
    /// (`arbiter.route`, or `arbiter.route.N` past the first 64 streams) it plays into is linked to.
    public var streams: [String: Stream]

    /// Runs `pw-dump` against the daemon at `runtimeDirectory` (and `remote`), and parses its first array. A
    /// daemon that does not answer within `timeout` seconds (stopped, or stuck) is an error, not a hang.
    public static func read(runtimeDirectory: String, remote: String?, timeout: Double = 10) throws -> GraphSnapshot {
        try snapshot(of: dump(runtimeDirectory: runtimeDirectory, remote: remote, timeout: timeout))
    }

    /// Every object `pw-dump` prints for the daemon at `runtimeDirectory` (and `remote`): its first array. A
    /// daemon that does not answer within `timeout` seconds (stopped, or stuck) is an error, not a hang.
    public static func dump(runtimeDirectory: String, remote: String?, timeout: Double = 10) throws -> [[String: Any]] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pw-dump")
        var environment = ["XDG_RUNTIME_DIR": runtimeDirectory, "PIPEWIRE_RUNTIME_DIR": runtimeDirectory]
        if let remote { environment["PIPEWIRE_REMOTE"] = remote }
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch {
            throw PipeWireError("cannot run pw-dump (\(error)); install it with: apt-get install pipewire-bin")
        }
        // pw-dump ends quietly on SIGTERM, so the watchdog says itself that it stopped it.
        final class Flag: @unchecked Sendable {
            let lock = NSLock()
            var isSet = false
        }
        let stopped = Flag()
        let watchdog = DispatchWorkItem {
            stopped.lock.withLock {
                guard process.isRunning else { return }
                stopped.isSet = true
                process.terminate()
            }
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        let data = out.fileHandleForReading.readDataToEndOfFile()
        // The watchdog keeps the process, and so the pipe, until its deadline: without this, every read held a
        // descriptor for `timeout` seconds (the soak counted 31 open after 40 reads in 18 s).
        try? out.fileHandleForReading.close()
        process.waitUntilExit()
        watchdog.cancel()
        if stopped.lock.withLock({ stopped.isSet }) {
            let seconds = timeout == timeout.rounded() ? "\(Int(timeout))" : "\(timeout)"
            throw PipeWireError(
                "pw-dump got no answer from the daemon within \(seconds) s; "
                    + "is the daemon stopped or stuck?")
        }
        guard process.terminationStatus == 0 else { throw PipeWireError("pw-dump failed: the daemon is not reachable") }
        return try objects(fromPWDump: data)
    }

    /// The objects of pw-dump's output: its first JSON array (it may print another if the graph changes
    /// meanwhile).
    public static func objects(fromPWDump data: Data) throws -> [[String: Any]] {
        var depth = 0
        var end = data.count
        var inString = false
        var escaped = false
        for (index, byte) in data.enumerated() {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            if byte == UInt8(ascii: "\"") { inString = true }
            if byte == UInt8(ascii: "[") { depth += 1 }
            if byte == UInt8(ascii: "]") {
                depth -= 1
                if depth == 0 {
                    end = index + 1
                    break
                }
            }
        }
        guard let objects = try JSONSerialization.jsonObject(with: data.prefix(end)) as? [[String: Any]] else {
            throw PipeWireError("pw-dump printed something that is not a list of objects")
        }
        return objects
    }

    /// Whether `name` is a route bus (`arbiter.route`, `arbiter.route.2`, ...).
    static func isBus(_ name: String) -> Bool { name == PipeWireStage.bus || name.hasPrefix(PipeWireStage.bus + ".") }

    /// Parses pw-dump output (see `objects(fromPWDump:)`).
    public static func parse(_ data: Data) throws -> GraphSnapshot {
        try snapshot(of: objects(fromPWDump: data))
    }

    /// A node of the graph as a client sees it: its state, volume and mute are known for streams only.
    struct Node {
        var id: Int
        var name: String
        var state: String?
        var volume: Double?
        var mute: Bool?
    }

    /// The Arbiter streams among pw-dump's objects.
    static func snapshot(of objects: [[String: Any]]) -> GraphSnapshot {
        var nodes: [Node] = []
        var links: [(output: Int, input: Int)] = []
        for object in objects {
            guard let type = object["type"] as? String, let info = object["info"] as? [String: Any] else { continue }
            if type.hasSuffix("Node") {
                guard let id = object["id"] as? Int, let props = info["props"] as? [String: Any],
                    let name = props["node.name"] as? String
                else { continue }
                let params = (info["params"] as? [String: Any])?["Props"] as? [[String: Any]]
                let values = params?.first { $0["channelVolumes"] != nil }
                nodes.append(
                    Node(
                        id: id, name: name, state: info["state"] as? String,
                        volume: (values?["channelVolumes"] as? [Double])?.first,
                        mute: (values?["mute"] as? NSNumber)?.boolValue))
            } else if type.hasSuffix("Link"), let output = info["output-node-id"] as? Int,
                let input = info["input-node-id"] as? Int
            {
                links.append((output, input))
            }
        }
        return GraphSnapshot(nodes: nodes, links: links)
    }

    /// The Arbiter streams among `nodes`, each with the nodes it reaches through `links` (through its route bus).
    init(nodes: [Node], links: [(output: Int, input: Int)]) {
        var names: [Int: String] = [:]
        var streams: [String: Stream] = [:]
        for node in nodes {
            names[node.id] = node.name
            guard node.name.hasPrefix("arbiter."), !node.name.hasPrefix("arbiter.port."),
                !GraphSnapshot.isBus(node.name)
            else { continue }
            streams[node.name] = Stream(
                state: node.state ?? "unknown", volume: node.volume, mute: node.mute, targets: [])
        }
        // Playback streams play into a route bus: what they reach is what their bus is linked to.
        var buses: [String: Set<String>] = [:]
        for link in links {
            guard let output = names[link.output], let input = names[link.input] else { continue }
            if streams[output] != nil { streams[output]!.targets.insert(input) }
            if streams[input] != nil { streams[input]!.targets.insert(output) }
            if GraphSnapshot.isBus(output) { buses[output, default: []].insert(input) }
        }
        for name in streams.keys {
            for bus in streams[name]!.targets where GraphSnapshot.isBus(bus) {
                streams[name]!.targets.remove(bus)
                streams[name]!.targets.formUnion(buses[bus] ?? [])
            }
        }
        self.streams = streams
    }
}
