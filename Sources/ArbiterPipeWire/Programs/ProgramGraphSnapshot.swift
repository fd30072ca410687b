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

    public init(
        nodes: [ProgramNode], generation: UInt64, rolePolicy: [String], defaultSink: String? = nil,
        devices: [ProgramDevice] = []
    ) {
        self.nodes = nodes
        self.generation = generation
        self.rolePolicy = rolePolicy
        self.defaultSink = defaultSink
        self.devices = devices
    }

    /// The node with global id `id`, if it is there.
    public func node(_ id: UInt32) -> ProgramNode? { nodes.first { $0.id == id } }

    /// The programs' streams (media class `Stream/...`).
    public var streams: [ProgramNode] { nodes.filter(\.isStream) }
}

/// How `ProgramGraph.wait(after:timeoutMs:)` ended.
public enum ProgramGraphWait: Sendable {
    /// Something changed after the generation waited from.
    case changed
    case timeout
    /// The daemon went away (or the graph was closed).
    case gone
}
