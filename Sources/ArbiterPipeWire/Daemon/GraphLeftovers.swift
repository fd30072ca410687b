#if canImport(Glibc)
    import Glibc
#endif

/// What Arbiter left in a daemon once every one of its connections has closed, read from `pw-dump`'s objects:
/// nodes named `arbiter.*` other than the daemon's own (the route bus and the built-in ports of
/// tools/pipewire/arbiter.conf), links with an end on an `arbiter.*` node, and clients named `arbiter`.
public struct GraphLeftovers: Sendable, Equatable {
    /// Node names, sorted.
    public var nodes: [String]
    /// Links, as `id output → input`, sorted.
    public var links: [String]
    /// Clients (connections) whose application is `arbiter`, as `id pid N`.
    public var clients: [String]

    /// The nodes the project's daemon configuration makes itself; they stay.
    public static let daemonNodes: Set = [
        PipeWireStage.bus, "arbiter.port.builtInSpeaker",
        "arbiter.port.builtInReceiver", "arbiter.port.builtInMic",
    ]

    public var isEmpty: Bool { nodes.isEmpty && links.isEmpty && clients.isEmpty }

    /// The leftovers among `objects` (as `GraphSnapshot.dump` returns them), leaving out clients of process
    /// `exceptClientsOf` (the caller's own connection that is still open, if any).
    public init(objects: [[String: Any]], exceptClientsOf: pid_t? = nil) {
        var names: [Int: String] = [:]
        var nodes: [String] = []
        var links: [String] = []
        var clients: [String] = []
        for object in objects {
            guard let id = object["id"] as? Int, let type = object["type"] as? String,
                let info = object["info"] as? [String: Any]
            else { continue }
            let props = info["props"] as? [String: Any] ?? [:]
            if type.hasSuffix("Node"), let name = props["node.name"] as? String {
                names[id] = name
                if name.hasPrefix("arbiter."), !GraphLeftovers.daemonNodes.contains(name) { nodes.append(name) }
            }
            if type.hasSuffix("Client"), props["application.name"] as? String == "arbiter" {
                let pid = (props["application.process.id"] as? Int) ?? (props["pipewire.sec.pid"] as? Int)
                if pid == nil || pid != exceptClientsOf.map(Int.init) {
                    clients.append("\(id) pid \(pid.map(String.init) ?? "?")")
                }
            }
        }
        for object in objects where (object["type"] as? String)?.hasSuffix("Link") == true {
            guard let id = object["id"] as? Int, let info = object["info"] as? [String: Any],
                let output = info["output-node-id"] as? Int, let input = info["input-node-id"] as? Int
            else { continue }
            let from = names[output] ?? "node \(output)"
            let to = names[input] ?? "node \(input)"
            if from.hasPrefix("arbiter.") || to.hasPrefix("arbiter.") { links.append("\(id) \(from) → \(to)") }
        }
        self.nodes = nodes.sorted()
        self.links = links.sorted()
        self.clients = clients.sorted()
    }

    /// One line per kind of leftover (`2 links left in the daemon: ...`); none when nothing is left.
    public var lines: [String] {
        [(nodes, "node"), (links, "link"), (clients, "arbiter client")].compactMap { items, kind in
            guard !items.isEmpty else { return nil }
            return "\(items.count) \(kind)\(items.count == 1 ? "" : "s") left in the daemon: "
                + items.prefix(12).joined(separator: ", ") + (items.count > 12 ? ", ..." : "")
        }
    }
}
