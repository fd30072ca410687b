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
public final class PipeWireStage: @unchecked Sendable {
    public let connection: PipeWireConnection
    /// Stream handles by node name (`arbiter.<App>.<player>`).
    private var streams: [String: Int] = [:]
    private var applied: [String: Applied] = [:]
    private var playerKinds: [String: PlayerKind] = [:]
    /// Accessories whose nodes exist, by the names of their nodes.
    private var accessoryOfNode: [String: AccessorySpec] = [:]
    private var connected: [AccessorySpec] = []
    /// Whether volume ramps are played out in real time.
    public var realtime = false
    /// The output ports the route bus is linked to.
    private var busTargets: [String] = []
    /// The node every playback stream plays into.
    public static let bus = "arbiter.route"
    static let busGroup = 0

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
        for (name, isSource, positions) in [(PipeWireStage.bus, false, "[ FL FR ]"),
                                            ("arbiter.port.builtInSpeaker", false, "[ FL FR ]"),
                                            ("arbiter.port.builtInReceiver", false, "[ MONO ]"),
                                            ("arbiter.port.builtInMic", true, "[ MONO ]")]
        where !connection.nodeExists(name) {
            try connection.createDeviceNode(name: name, isSource: isSource, positions: positions,
                                            properties: [("device.api", "arbiter"), ("device.form-factor", "internal")])
        }
        for accessory in setup.device.accessories { try createNodes(for: accessory) }
        var names: [String] = []
        for app in setup.apps { names += try createStreams(for: app) }
        try connection.sync()
        try connection.sync()
        _ = connection.takePortEvents()
        connected = setup.device.accessories
        try prepare(names)
    }

    /// Adds the streams of an app declared after the start (in the REPL); they start inactive, into the bus.
    public func add(_ app: AppConfig) throws(PipeWireError) {
        let names = try createStreams(for: app)
        try connection.sync()
        try prepare(names)
    }

    /// A stream for each of the app's players, and for the recorder the engine implies; returns their names.
    private func createStreams(for app: AppConfig) throws(PipeWireError) -> [String] {
        var players = app.players
        if !players.contains(where: { $0.kind.isRecorder }) {
            players.append(PlayerConfig(name: "recorder", kind: .recorder))   // implied, as the engine does
        }
        var names: [String] = []
        for player in players {
            let name = "arbiter.\(app.name).\(player.name)"
            guard streams[name] == nil else { continue }
            playerKinds[name] = player.kind
            streams[name] = try connection.createStream(
                nodeName: name, app: app.name.name, mediaName: player.name,
                role: PipeWireStage.role(category: app.category, mode: app.mode), capture: player.kind.isRecorder)
            names.append(name)
        }
        return names
    }

    /// New streams start inactive; playback streams play into the route bus. A stream's ports appear a few
    /// round trips after the stream, so linking waits for them (up to about two seconds).
    private func prepare(_ names: [String]) throws(PipeWireError) {
        for name in names.sorted() {
            connection.setActive(streams[name]!, false)
            guard playerKinds[name]?.isRecorder == false else { continue }
            var attempt = 0
            while true {
                do {
                    try connection.link(streams[name]!, to: PipeWireStage.bus)
                    break
                } catch {
                    attempt += 1
                    if attempt >= 100 { throw error }
                    try connection.sync()
                    usleep(20_000)
                }
            }
        }
        try connection.sync()
    }

    /// Plugs in or unplugs accessories until the graph has `accessories` (after the REPL's undo); the registry's
    /// reports of these changes are consumed, not returned.
    public func match(accessories: [AccessorySpec]) throws(PipeWireError) {
        for accessory in connected where !accessories.contains(accessory) { _ = try disconnect(accessory) }
        for accessory in accessories where !connected.contains(accessory) { _ = try connect(accessory) }
    }

    /// `media.role` from the category and mode, as a desktop would read it.
    public static func role(category: Category, mode: Mode) -> String {
        switch (category, mode) {
        case (_, .voiceChat), (_, .videoChat), (_, .gameChat): "Communication"
        case (_, .voicePrompt): "Notification"
        case (_, .moviePlayback), (_, .shortFormVideo): "Movie"
        case (.ambient, _), (.soloAmbient, _): "Game"
        case (.record, _): "Production"
        default: "Music"
        }
    }

    private func createNodes(for accessory: AccessorySpec) throws(PipeWireError) {
        for node in PortNodes.nodes(for: accessory) {
            try connection.createDeviceNode(name: node.name, isSource: node.isSource,
                                            positions: node.isSource || node.port == .bluetoothHFP ? "[ MONO ]" : "[ FL FR ]",
                                            properties: PortNodes.properties(for: accessory, node: node))
            accessoryOfNode[node.name] = accessory
        }
    }

    /// Plugs an accessory in for real and returns what the registry reported, as engine events.
    public func connect(_ accessory: AccessorySpec) throws(PipeWireError) -> [DeviceAction] {
        try createNodes(for: accessory)
        try connection.sync()
        return registryActions()
    }

    /// Unplugs an accessory for real (destroys its nodes) and returns what the registry reported.
    public func disconnect(_ accessory: AccessorySpec) throws(PipeWireError) -> [DeviceAction] {
        for node in PortNodes.nodes(for: accessory) { connection.destroyNode(named: node.name) }
        try connection.sync()
        return registryActions()
    }

    /// What happened in the registry since the last look (a node destroyed from outside is an unplug).
    public func externalActions() throws(PipeWireError) -> [DeviceAction] {
        try connection.sync()
        return registryActions()
    }

    private func registryActions() -> [DeviceAction] {
        var actions: [DeviceAction] = []
        for event in connection.takePortEvents() {
            switch event {
            case .added(let name):
                guard let accessory = accessoryOfNode[name], !connected.contains(accessory) else { continue }
                connected.append(accessory)
                actions.append(.connect(accessory))
            case .removed(let name):
                guard let accessory = accessoryOfNode[name], let index = connected.firstIndex(of: accessory) else { continue }
                connected.remove(at: index)
                for node in PortNodes.nodes(for: accessory) where node.name != name {
                    connection.destroyNode(named: node.name)
                }
                actions.append(.disconnect(accessory))
            }
        }
        return actions
    }

    /// Makes every stream match the engine at its current time: active, muted, volume, links.
    public func apply(_ engine: Engine) throws(PipeWireError) {
        let route = engine.currentRoute
        var changedLinks = false
        // The bus follows the route's outputs; with none (a record session owns the hardware) it stays where it
        // was: the model says the others play but are not heard, and mutes them.
        let outputs = route.outputs.map { PortNodes.node(for: $0, isInput: false) }
        let wantedBus = !outputs.isEmpty ? outputs : busTargets.isEmpty ? ["arbiter.port.builtInSpeaker"] : busTargets
        if wantedBus != busTargets {
            connection.unlink(group: PipeWireStage.busGroup)
            for target in wantedBus {
                do { try connection.link(group: PipeWireStage.busGroup, from: PipeWireStage.bus, to: target) } catch {
                    throw PipeWireError("cannot route to \(target): \(error.message)")
                }
            }
            busTargets = wantedBus
            changedLinks = true
        }
        for app in engine.apps {
            let audible = engine.audibility(of: app.id)?.isAudible ?? false
            for player in app.players {
                let name = "arbiter.\(app.id).\(player.name)"
                guard let stream = streams[name] else { continue }
                let running = player.isRunning && app.session.isActive
                var wanted = applied[name] ?? Applied()
                wanted.active = running
                if player.kind.isRecorder {
                    if running { wanted.targets = route.inputs.map { PortNodes.node(for: $0, isInput: true) } }
                } else {
                    wanted.mute = running && !audible
                    wanted.volume = realtime ? app.gain.to : (engine.gain(of: app.id, at: engine.now) ?? 1)
                }
                let before = applied[name] ?? Applied()
                if wanted.targets != before.targets {
                    connection.unlink(stream)
                    for target in wanted.targets {
                        do { try connection.link(stream, to: target) } catch {
                            throw PipeWireError("cannot route \(name) to \(target): \(error.message)")
                        }
                    }
                    changedLinks = true
                }
                if wanted.volume != before.volume { setVolume(stream, from: before.volume, to: wanted.volume, app: app, engine: engine) }
                if wanted.mute != before.mute { connection.setMute(stream, wanted.mute) }
                if wanted.active != before.active { connection.setActive(stream, wanted.active) }
                applied[name] = wanted
            }
        }
        try connection.sync()
        if changedLinks {
            let error = connection.lastError
            if !error.isEmpty {
                connection.clearError()
                throw PipeWireError("a link failed: \(error)")
            }
        }
    }

    /// Sets a volume. In real time a ducking ramp is played as a few steps over what is left of it; otherwise
    /// the volume is the model's gain at each step (and at each expectation).
    private func setVolume(_ stream: Int, from: Double, to: Double, app: App, engine: Engine) {
        let remaining = app.gain.start + app.gain.ramp - engine.now
        guard realtime, remaining.milliseconds > 0 else {
            connection.setVolume(stream, to)
            return
        }
        let start = engine.gain(of: app.id, at: engine.now) ?? from
        let steps = 4
        for step in 1...steps {
            connection.setVolume(stream, start + (to - start) * Double(step) / Double(steps))
            if step < steps { usleep(useconds_t(remaining.milliseconds * 1000 / Int64(steps))) }
        }
    }
}
