/// A stream of another program, or a device node (sink/source), as the daemon publishes it.
public struct ProgramNode: Sendable, Equatable {
    /// Its global id.
    public var id: UInt32
    /// `Stream/Output/Audio`, `Stream/Input/Audio`, `Audio/Sink`, `Audio/Source`, ...
    public var mediaClass: String
    /// Every property of its info, as strings (`application.name`, `media.role`, `media.category`, `media.name`,
    /// `node.name`, `node.description`, `device.api`, `client.id`, ...), and its client's `application.*`,
    /// `pipewire.sec.*` and `pipewire.access` where the node has none of that name (a stream's
    /// `application.process.id` and `application.process.binary` are its client's).
    public var properties: [String: String]
    public var state: ProgramNodeState
    /// Props `channelVolumes` as published: the volume the user or the program set. Empty when not published.
    public var channelVolumes: [Float]
    /// Props `softVolumes` as published. Empty when not published. A converter publishes 1.0 for each channel
    /// before anyone sets them, and keeps publishing the last ones set after a later `channelVolumes` or `mute` has
    /// put them out of use (docs/pipewire.md, "Other programs' nodes").
    public var softVolumes: [Float]
    /// Props `mute` (beside `channelVolumes`), nil when not published.
    public var mute: Bool?
    /// Props `softMute`, the mute that goes with `softVolumes`; nil when not published.
    public var softMute: Bool?
    /// How many times its Props (with volumes) were published since it was first seen. Every Props set on the
    /// node, by anyone, publishes them again, even one that leaves every value as it was, such as `channelVolumes`
    /// set to what they were, which still puts soft volumes out of use: a caller that counts its own sets can see
    /// such a change by the count alone.
    public var propsUpdates: UInt64

    public init(
        id: UInt32, mediaClass: String, properties: [String: String], state: ProgramNodeState,
        channelVolumes: [Float] = [], softVolumes: [Float] = [], mute: Bool? = nil, softMute: Bool? = nil,
        propsUpdates: UInt64 = 0
    ) {
        self.id = id
        self.mediaClass = mediaClass
        self.properties = properties
        self.state = state
        self.channelVolumes = channelVolumes
        self.softVolumes = softVolumes
        self.mute = mute
        self.softMute = softMute
        self.propsUpdates = propsUpdates
    }

    /// Whether it is a program's stream (`Stream/...`), not a device node.
    public var isStream: Bool { mediaClass.hasPrefix("Stream/") }

    /// Whether it is a node a session manager made for a role, that programs of that role play through on their
    /// way to the device: WirePlumber 0.4's role endpoints (`wireplumber.is-endpoint`, an `Audio/Sink` in the
    /// daemon whose monitor carries its channel volumes on to the device).
    public var isRoleNode: Bool {
        properties["wireplumber.is-endpoint"] == "true" && mediaClass == "Audio/Sink"
    }

    /// The process that made it (`application.process.id`, its client's), when the daemon says.
    public var processID: Int32? { properties["application.process.id"].flatMap { Int32($0) } }
}

/// A node's `pw_node_state`, as pw-dump names it; `unknown` before its info came.
public enum ProgramNodeState: String, Sendable {
    case creating, suspended, idle, running, error, unknown

    /// The state of a `pw_node_state` value (-1 error ... 3 running); anything else is `unknown`.
    init(pipeWireState: Int32) {
        switch pipeWireState {
        case -1: self = .error
        case 0: self = .creating
        case 1: self = .suspended
        case 2: self = .idle
        case 3: self = .running
        default: self = .unknown
        }
    }
}
