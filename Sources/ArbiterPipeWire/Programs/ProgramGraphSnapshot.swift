/// Other programs' audio nodes as the daemon last published them, copied at one moment.
public struct ProgramGraphSnapshot: Sendable {
    /// Audio streams and audio device nodes only (`media.class` containing `Audio`), sorted by id.
    public var nodes: [ProgramNode]
    /// The count of changes seen when the copy was made; `ProgramGraph.wait(after:timeoutMs:)` takes it.
    public var generation: UInt64
    /// Evidence that a session manager applies role-based policy on this graph, a line each, empty when none:
    /// WirePlumber 0.4's role endpoints (globals of type `PipeWire:Interface:Endpoint`) and 0.5's role loopbacks
    /// (nodes with `policy.role-based.*` or `device.intended-roles` properties).
    public var rolePolicy: [String]
    /// The default sink's `node.name`, as the session manager set it in the `default` metadata (`default.audio.sink`):
    /// where a program with no target of its own plays. Nil when none is set.
    public var defaultSink: String?
    /// The audio devices and their routes.
    public var devices: [ProgramDevice]
    /// The links, one per pair of nodes, sorted.
    public var links: [ProgramLink]

    public init(
        nodes: [ProgramNode], generation: UInt64, rolePolicy: [String], defaultSink: String? = nil,
        devices: [ProgramDevice] = [], links: [ProgramLink] = []
    ) {
        self.nodes = nodes
        self.generation = generation
        self.rolePolicy = rolePolicy
        self.defaultSink = defaultSink
        self.devices = devices
        self.links = links
    }

    /// The nodes `node` plays into (the input ends of its links), sorted.
    public func nodes(linkedFrom node: UInt32) -> [UInt32] {
        links.filter { $0.output == node }.map(\.input)
    }

    /// The node with global id `id`, if it is there.
    public func node(_ id: UInt32) -> ProgramNode? { nodes.first { $0.id == id } }

    /// The programs' streams (media class `Stream/...`).
    public var streams: [ProgramNode] { nodes.filter(\.isStream) }
}

/// A link between two nodes, however many ports it joins.
public struct ProgramLink: Sendable, Equatable, Comparable {
    /// The node it carries audio from.
    public var output: UInt32
    /// The node it carries audio into.
    public var input: UInt32

    public init(output: UInt32, input: UInt32) {
        self.output = output
        self.input = input
    }

    public static func < (a: ProgramLink, b: ProgramLink) -> Bool { (a.output, a.input) < (b.output, b.input) }
}

/// How `ProgramGraph.wait(after:timeoutMs:)` ended.
public enum ProgramGraphWait: Sendable {
    /// Something changed after the generation waited from.
    case changed
    case timeout
    /// The daemon went away (or the graph was closed).
    case gone
}
