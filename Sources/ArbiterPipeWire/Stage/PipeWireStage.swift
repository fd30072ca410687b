import ArbiterEngine

#if canImport(Glibc)
    import Glibc
#endif

/// Makes a PipeWire graph match the engine: each player a stream, each port a node, each decision a control
/// or a link. Accessories come and go through the registry, so a node destroyed from outside is a real unplug.
///
/// Every playback stream is linked once to the route bus `arbiter.route`, and the bus is linked to the current
/// route's output ports: all apps share the hardware route, as on iOS, so a route change relinks the bus (two
/// links per output port) instead of every stream. Capture streams link straight to the input port.
///
/// A bus takes at most `StreamLimits.streamsPerBus` streams; beyond them the stage adds buses `arbiter.route.2`,
/// `arbiter.route.3`, ..., each linked to the route the same way, up to `StreamLimits.maxBuses`.
///
/// The stage is what is particular to playing Arbiter's own streams (a replay, the REPL, the soak); what any use
/// of a daemon shares (the connection and its registry, links, reading the graph back) is in `Graph/`.
public final class PipeWireStage: @unchecked Sendable {
    public let connection: PipeWireConnection
    /// Stream handles by node name (`arbiter.<App>.<player>`).
    var streams: [String: Int] = [:]
    /// What the stage last asked of each stream, by node name: what `reconcile(with:)` compares the engine with.
    var applied: [String: Applied] = [:]
    var playerKinds: [String: PlayerKind] = [:]
    /// Recorders whose capture stream is not made yet, by stream name.
    var recorders: [String: StreamSpec] = [:]
    /// Accessories whose nodes exist, by the names of their nodes.
    var accessoryOfNode: [String: AccessorySpec] = [:]
    var connected: [AccessorySpec] = []
    /// Whether the replay runs in real time: a volume ramp under way is then played between steps as it goes
    /// (`nextRampStep`, `playRamps`); at each step the volume is the model's gain at that time either way.
    public var realtime = false
    /// The output ports the route buses are linked to.
    var busTargets: [String] = []
    /// The route buses, in order; the first is `bus`. Bus `i` keeps its links in link group `i`.
    var buses = [PipeWireStage.bus]
    /// How many playback streams play into the buses.
    var playbackStreams = 0
    /// The first route bus (the daemon's configuration makes it; the stage makes it otherwise).
    public static let bus = "arbiter.route"

    struct Applied: Equatable {
        var active = false
        var mute = false
        var volume = 1.0
        var targets: [String] = []
    }

    /// Prepares the graph for `setup`: the built-in ports, the accessories connected at time 0, and a stream
    /// for every player of every app.
    public init(connection: PipeWireConnection, setup: Setup) throws(PipeWireError) {
        self.connection = connection
        for (name, isSource, positions) in [
            (PipeWireStage.bus, false, "[ FL FR ]"),
            ("arbiter.port.builtInSpeaker", false, "[ FL FR ]"),
            ("arbiter.port.builtInReceiver", false, "[ MONO ]"),
            ("arbiter.port.builtInMic", true, "[ MONO ]"),
        ]
        where !connection.nodeExists(name) {
            try connection.createDeviceNode(
                name: name, isSource: isSource, positions: positions,
                properties: [("device.api", "arbiter"), ("device.form-factor", "internal")])
        }
        for accessory in setup.device.accessories { try createNodes(for: accessory) }
        try PipeWireStage.checkLimits(setup.allApps)
        var names: [String] = []
        for app in setup.allApps { names += try createStreams(for: app) }
        try connection.sync(timeoutMilliseconds: PipeWireStage.roundTripTimeout(objects: names.count))
        try connection.sync(timeoutMilliseconds: PipeWireStage.roundTripTimeout(objects: names.count))
        _ = connection.takePortEvents()
        connected = setup.device.accessories
        try prepare(names)
    }

    /// Adds the streams of an app declared after the start (in the REPL); they start inactive, into the bus.
    public func add(_ app: AppConfig) throws(PipeWireError) {
        try PipeWireStage.checkLimits([app], besides: streams.count, playback: playbackStreams)
        let names = try createStreams(for: app)
        try connection.sync(timeoutMilliseconds: PipeWireStage.roundTripTimeout(objects: names.count))
        try prepare(names)
    }

    /// How long a round trip may take after asking for `objects` new streams or links: the daemon answers once
    /// it has set them all up (about 5 ms each on two cores), so the base 2 s grows with the batch.
    static func roundTripTimeout(objects: Int) -> Int { 2000 + 20 * objects }

    /// Reconciles the graph with the engine's state at its current time. The stage does not carry the engine's
    /// decisions out one by one: after every step it reads the state they left (the current route, each app's
    /// audibility and gain, each player's state) and changes in the graph what differs from what it last asked
    /// for. A headphone unplug reaches the graph so: the registry reports the node gone (`timedExternalActions`),
    /// the engine handles the disconnect, and here the route buses follow the new route (`routeBuses(to:)`) and
    /// the streams of the apps it paused stop (`reconcileStream`).
    ///
    /// A port node removed from outside (its removal not yet taken by `externalActions`) is left out of the
    /// links: the bus plays to the route's ports that remain, else to the built-in speaker (a recorder to the
    /// built-in mic), as the hardware would, until the engine hears of the unplug at the next step. A link the
    /// daemon refuses for another reason is an error; the links of that change are taken down with it.
    public func reconcile(with engine: Engine) throws(PipeWireError) {
        defer { noteRamps(engine) }
        let route = engine.currentRoute
        connection.clearError()
        let busChanged = try routeBuses(to: route)
        var relinked: [String] = []
        var changes = 0
        for app in engine.apps {
            let audible = engine.audibility(of: app.id)?.isAudible ?? false
            for player in app.players {
                guard
                    let change = try reconcileStream(
                        of: player, in: app, audible: audible, route: route,
                        now: engine.now)
                else { continue }
                changes += 1
                if change.relinked { relinked.append(change.name) }
            }
        }
        let timeout = PipeWireStage.roundTripTimeout(objects: changes)
        try connection.sync(timeoutMilliseconds: timeout)
        try checkLinks(busChanged: busChanged, relinked: relinked, timeout: timeout)
    }

    /// Makes the stream of `player` match it: running exactly while the player produces in an active session; a
    /// playback stream muted while it runs unheard, at the app's gain; a capture stream linked to the route's
    /// inputs while it records. A recorder's stream is made the first time it records. Returns the stream's name
    /// and whether its links changed, or nil when nothing changed.
    func reconcileStream(
        of player: Player, in app: App, audible: Bool, route: Route,
        now: Time
    ) throws(PipeWireError) -> (name: String, relinked: Bool)? {
        let name = PipeWireStage.streamName(app.id, player.name)
        // A player waiting for its stream is a stream that stops producing.
        let running = player.isProducing && app.session.isActive
        let stream: Int
        if let made = streams[name] {
            stream = made
        } else if recorders[name] != nil && running {
            stream = try recorderStream(name)
        } else {
            return nil
        }
        var wanted = applied[name] ?? Applied()
        wanted.active = running
        if player.kind.isRecorder {
            if running { wanted.targets = route.inputs.map { PortNodes.node(for: $0, isInput: true) } }
        } else {
            wanted.mute = running && !audible
            wanted.volume = app.gain.value(at: now)
        }
        let before = applied[name] ?? Applied()
        guard wanted != before else { return nil }
        if wanted.targets != before.targets { try link(name, to: wanted.targets) }
        if wanted.volume != before.volume { connection.setVolume(stream, wanted.volume) }
        if wanted.mute != before.mute { connection.setMute(stream, wanted.mute) }
        if wanted.active != before.active {
            connection.setActive(stream, wanted.active)
            try paceStart(wanted.active)
        }
        applied[name] = wanted
        return (name, wanted.targets != before.targets)
    }

    /// Streams started since the last round trip of a start batch.
    var startedSinceRoundTrip = 0

    /// The gain envelopes of the apps whose streams play a ramp still under way at the last reconciliation, by
    /// stream.
    var ramps: [String: (stream: Int, gain: GainEnvelope)] = [:]
}
