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
public final class PipeWireStage: @unchecked Sendable {
    public let connection: PipeWireConnection
    /// Stream handles by node name (`arbiter.<App>.<player>`).
    private var streams: [String: Int] = [:]
    private var applied: [String: Applied] = [:]
    private var playerKinds: [String: PlayerKind] = [:]
    /// Recorders whose capture stream is not made yet, by stream name.
    private var recorders: [String: StreamSpec] = [:]
    /// Accessories whose nodes exist, by the names of their nodes.
    private var accessoryOfNode: [String: AccessorySpec] = [:]
    private var connected: [AccessorySpec] = []
    /// Whether the replay runs in real time: a volume ramp under way is then played between steps as it goes
    /// (`nextRampStep`, `playRamps`); at each step the volume is the model's gain at that time either way.
    public var realtime = false
    /// The output ports the route buses are linked to.
    private var busTargets: [String] = []
    /// The route buses, in order; the first is `bus`. Bus `i` keeps its links in link group `i`.
    private var buses = [PipeWireStage.bus]
    /// How many playback streams play into the buses.
    private var playbackStreams = 0
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
        for (name, isSource, positions) in [(PipeWireStage.bus, false, "[ FL FR ]"),
                                            ("arbiter.port.builtInSpeaker", false, "[ FL FR ]"),
                                            ("arbiter.port.builtInReceiver", false, "[ MONO ]"),
                                            ("arbiter.port.builtInMic", true, "[ MONO ]")]
        where !connection.nodeExists(name) {
            try connection.createDeviceNode(name: name, isSource: isSource, positions: positions,
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

    /// The app's players, and the recorder the engine implies.
    private static func players(of app: AppConfig) -> [PlayerConfig] {
        var players = app.players
        if !players.contains(where: { $0.kind.isRecorder }) {
            players.append(PlayerConfig(name: "recorder", kind: .recorder))   // implied, as the engine does
        }
        return players
    }

    /// Fails, before anything is made, if `apps` with the `besides` streams (`playback` of them playing into the
    /// buses) that exist are more than one stage carries.
    private static func checkLimits(_ apps: [AppConfig], besides: Int = 0, playback: Int = 0) throws(PipeWireError) {
        let players = apps.flatMap(PipeWireStage.players(of:))
        let newPlayback = players.filter { !$0.kind.isRecorder }.count
        if let problem = StreamLimits.problem(playback: playback + newPlayback, total: besides + players.count,
                                              made: besides + newPlayback) {
            throw PipeWireError(problem)
        }
    }

    /// A playback stream for each of the app's players; returns their names. The recorder (declared, or the one
    /// the engine implies) gets its capture stream when it first records (`recorderStream`): most apps never do,
    /// and a stream that is never used would take a share of what one daemon carries.
    private func createStreams(for app: AppConfig) throws(PipeWireError) -> [String] {
        var names: [String] = []
        for player in PipeWireStage.players(of: app) {
            let name = PipeWireStage.streamName(app.name, player.name)
            guard streams[name] == nil, playerKinds[name] == nil else { continue }
            playerKinds[name] = player.kind
            let spec = StreamSpec(app: app.name.name, player: player.name,
                                  role: PipeWireStage.role(category: app.category, mode: app.mode))
            if player.kind.isRecorder {
                recorders[name] = spec
                continue
            }
            streams[name] = try connection.createStream(nodeName: name, app: spec.app, mediaName: spec.player,
                                                        role: spec.role, capture: false, active: false)
            names.append(name)
        }
        return names
    }

    /// What a stream is made with.
    private struct StreamSpec {
        var app: String, player: String, role: String
    }

    /// The capture stream of a recorder, made the first time it records: round trips until its ports have
    /// appeared, so it can be linked at once.
    private func recorderStream(_ name: String) throws(PipeWireError) -> Int {
        if let stream = streams[name] { return stream }
        let spec = recorders[name]!
        if let problem = StreamLimits.descriptorProblem(streams: streams.count + 1) { throw PipeWireError(problem) }
        let stream = try connection.createStream(nodeName: name, app: spec.app, mediaName: spec.player, role: spec.role,
                                                 capture: true, active: false)
        streams[name] = stream
        for _ in 0..<200 where !connection.portsKnown(stream) { try connection.sync() }
        guard connection.portsKnown(stream) else { throw PipeWireError("the recorder stream \(name) got no ports") }
        return stream
    }

    /// New streams start inactive; playback streams play into the route bus. A stream's ports appear a few
    /// round trips after the stream, so linking goes in rounds: every stream whose ports are there is linked,
    /// then one round trip for all of them, until none is left (a bounded number of rounds).
    private func prepare(_ names: [String]) throws(PipeWireError) {
        var waiting: [(name: String, bus: String)] = []
        for name in names.sorted() {
            if playerKinds[name]?.isRecorder == false {
                waiting.append((name, try busForNextStream()))
                playbackStreams += 1
            }
        }
        let timeout = PipeWireStage.roundTripTimeout(objects: names.count)
        for _ in 0..<100 where !waiting.isEmpty {
            waiting = waiting.filter { (try? connection.link(streams[$0.name]!, to: $0.bus)) == nil }
            guard !waiting.isEmpty else { break }
            try connection.sync(timeoutMilliseconds: timeout)
            usleep(20_000)
        }
        if let first = waiting.first {
            throw PipeWireError("\(waiting.count) stream\(waiting.count == 1 ? "" : "s") (\(first.name)...) got no ports to "
                + "link to \(first.bus): \(connection.lastError)")
        }
        try connection.sync(timeoutMilliseconds: timeout)
    }

    /// The bus the next playback stream plays into; a new bus (linked to the route) when the last one is full.
    private func busForNextStream() throws(PipeWireError) -> String {
        let index = playbackStreams / StreamLimits.streamsPerBus
        if index < buses.count { return buses[index] }
        guard index < StreamLimits.maxBuses else {
            throw PipeWireError(StreamLimits.tooManyPlaybackStreams(playbackStreams + 1))
        }
        let name = "\(PipeWireStage.bus).\(index + 1)"
        if !connection.nodeExists(name) {
            try connection.createDeviceNode(name: name, isSource: false, positions: "[ FL FR ]",
                                            properties: [("device.api", "arbiter"), ("device.form-factor", "internal")])
        }
        buses.append(name)
        for _ in 0..<50 where !connection.nodeExists(name) { try connection.sync() }
        try connection.sync()
        if !busTargets.isEmpty { try linkBus(index, to: busTargets) }
        return name
    }

    /// How long a round trip may take after asking for `objects` new streams or links: the daemon answers once
    /// it has set them all up (about 5 ms each on two cores), so the base 2 s grows with the batch.
    static func roundTripTimeout(objects: Int) -> Int { 2000 + 20 * objects }

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
        try timedExternalActions().map(\.action)
    }

    /// What happened in the registry since the last look, each with the moment the registry told this connection
    /// (`PipeWireConnection.now`'s clock).
    public func timedExternalActions() throws(PipeWireError) -> [(action: DeviceAction, moment: Double)] {
        try connection.sync()
        return timedRegistryActions()
    }

    /// What the registry has already told this connection, without a round trip: for a caller that was woken by
    /// a port event (`PipeWireConnection.waitForPortEvent`), so the first unplug is acted on at once.
    public func deliveredExternalActions() -> [(action: DeviceAction, moment: Double)] { timedRegistryActions() }

    private func registryActions() -> [DeviceAction] { timedRegistryActions().map(\.action) }

    private func timedRegistryActions() -> [(action: DeviceAction, moment: Double)] {
        var actions: [(action: DeviceAction, moment: Double)] = []
        for (event, moment) in connection.takeTimedPortEvents() {
            switch event {
            case .added(let name):
                guard let accessory = accessoryOfNode[name], !connected.contains(accessory) else { continue }
                connected.append(accessory)
                actions.append((.connect(accessory), moment))
            case .removed(let name):
                forgetLinks(to: name)
                guard let accessory = accessoryOfNode[name], let index = connected.firstIndex(of: accessory) else { continue }
                connected.remove(at: index)
                for node in PortNodes.nodes(for: accessory) where node.name != name {
                    connection.destroyNode(named: node.name)
                }
                actions.append((.disconnect(accessory), moment))
            }
        }
        return actions
    }

    /// A port node gone takes its links with it: nothing counts as linked to it any more, so a node made again
    /// under its name (the accessory plugged back) is linked anew. Without this, a recorder stopped while its
    /// input was unplugged stayed unlinked when it recorded again from the plugged-back input (arbiter soak).
    private func forgetLinks(to node: String) {
        for (name, wanted) in applied where wanted.targets.contains(node) {
            applied[name]!.targets.removeAll { $0 == node }
        }
        busTargets.removeAll { $0 == node }
    }

    /// Makes every stream match the engine at its current time: active, muted, volume, links.
    ///
    /// A port node removed from outside (its removal not yet taken by `externalActions`) is left out of the
    /// links: the bus plays to the route's ports that remain, else to the built-in speaker (a recorder to the
    /// built-in mic), as the hardware would, until the engine hears of the unplug at the next step. A link the
    /// daemon refuses for another reason is an error; the links of that change are taken down with it.
    public func apply(_ engine: Engine) throws(PipeWireError) {
        defer { noteRamps(engine) }
        let route = engine.currentRoute
        connection.clearError()
        var relinked: [String] = []
        var changes = 0
        // The bus follows the route's outputs; with none (a record session owns the hardware) it stays where it
        // was: the model says the others play but are not heard, and mutes them.
        let outputs = route.outputs.map { PortNodes.node(for: $0, isInput: false) }
        let wantedBus = !outputs.isEmpty ? outputs : busTargets.isEmpty ? [PipeWireStage.speaker] : busTargets
        let busChanged = wantedBus != busTargets
        if busChanged { try linkBuses(to: wantedBus) }
        for app in engine.apps {
            let audible = engine.audibility(of: app.id)?.isAudible ?? false
            for player in app.players {
                let name = PipeWireStage.streamName(app.id, player.name)
                // A player waiting for its stream is a stream that stops producing.
                let running = player.isProducing && app.session.isActive
                let stream: Int
                if let made = streams[name] {
                    stream = made
                } else if recorders[name] != nil && running {
                    stream = try recorderStream(name)
                } else {
                    continue
                }
                var wanted = applied[name] ?? Applied()
                wanted.active = running
                if player.kind.isRecorder {
                    if running { wanted.targets = route.inputs.map { PortNodes.node(for: $0, isInput: true) } }
                } else {
                    wanted.mute = running && !audible
                    wanted.volume = app.gain.value(at: engine.now)
                }
                let before = applied[name] ?? Applied()
                guard wanted != before else { continue }
                changes += 1
                if wanted.targets != before.targets {
                    try link(name, to: wanted.targets)
                    relinked.append(name)
                }
                if wanted.volume != before.volume { connection.setVolume(stream, wanted.volume) }
                if wanted.mute != before.mute { connection.setMute(stream, wanted.mute) }
                if wanted.active != before.active {
                    connection.setActive(stream, wanted.active)
                    try paceStart(wanted.active)
                }
                applied[name] = wanted
            }
        }
        let timeout = PipeWireStage.roundTripTimeout(objects: changes)
        try connection.sync(timeoutMilliseconds: timeout)
        let error = connection.lastError
        guard (busChanged || !relinked.isEmpty) && !error.isEmpty else { return }
        connection.clearError()
        let vanished = (busTargets + relinked.flatMap { applied[$0]!.targets }).filter { !connection.nodeExists($0) }
        if !vanished.isEmpty {
            // The daemon refused links to a node that went away meanwhile: link again to what is left.
            if busChanged { try linkBuses(to: busTargets) }
            for name in relinked { try link(name, to: applied[name]!.targets) }
            try connection.sync(timeoutMilliseconds: timeout)
            if connection.lastError.isEmpty { return }
        }
        let refused = connection.lastError.isEmpty ? error : connection.lastError
        connection.clearError()
        if busChanged {
            for index in buses.indices { connection.unlink(group: index) }
            busTargets = []
        }
        for name in relinked {
            connection.unlink(streams[name]!)
            applied[name]!.targets = []
        }
        throw PipeWireError("the daemon refused a link (\(refused)); "
            + (busChanged ? "the route bus is unlinked" : "\(relinked.joined(separator: ", ")) unlinked")
            + " until the next change")
    }

    /// Whether `snapshot` shows what the stage last asked of the graph: each stream running exactly when it was
    /// made active, and playing into the route's ports (a capture stream, from its input ports). The daemon
    /// starts and stops streams a cycle or more after the round trip that asked for it.
    public func isSettled(_ snapshot: GraphSnapshot) -> Bool {
        let reached = Set(busTargets.filter(connection.nodeExists))
        return applied.allSatisfy { name, wanted in
            guard let stream = snapshot.streams[name] else { return false }
            guard (stream.state == "running") == wanted.active else { return false }
            if playerKinds[name]?.isRecorder == true {
                return !wanted.active || stream.targets == Set(wanted.targets.filter(connection.nodeExists))
            }
            return reached.isEmpty || stream.targets == reached
        }
    }

    /// Streams started since the last round trip of a start batch.
    private var startedSinceRoundTrip = 0
    /// At most this many streams start between two round trips: started all at once, hundreds of streams left a
    /// few never running.
    static let startBatch = 32

    /// Counts a stream started, and makes a round trip after every `startBatch` of them.
    private func paceStart(_ started: Bool) throws(PipeWireError) {
        guard started else { return }
        startedSinceRoundTrip += 1
        guard startedSinceRoundTrip >= PipeWireStage.startBatch else { return }
        startedSinceRoundTrip = 0
        try connection.sync(timeoutMilliseconds: PipeWireStage.roundTripTimeout(objects: PipeWireStage.startBatch))
    }

    static let speaker = "arbiter.port.builtInSpeaker"
    static let mic = "arbiter.port.builtInMic"

    /// Links every bus to `targets` (replacing their links), leaving out port nodes that are gone; with none
    /// left, to the built-in speaker.
    private func linkBuses(to targets: [String]) throws(PipeWireError) {
        for index in buses.indices { try linkBus(index, to: targets) }
        busTargets = targets
    }

    private func linkBus(_ index: Int, to targets: [String]) throws(PipeWireError) {
        connection.unlink(group: index)
        try linkToPresent(targets, fallback: PipeWireStage.speaker, unlink: { connection.unlink(group: index) }) {
            (target: String) throws(PipeWireError) in
            do { try connection.link(group: index, from: buses[index], to: target) } catch {
                throw PipeWireError("cannot route to \(target): \(error)")
            }
        }
    }

    /// Links a capture stream to `targets` (replacing its links), leaving out port nodes that are gone; with
    /// none left, to the built-in mic.
    private func link(_ name: String, to targets: [String]) throws(PipeWireError) {
        let stream = streams[name]!
        connection.unlink(stream)
        guard !targets.isEmpty else { return }
        try linkToPresent(targets, fallback: PipeWireStage.mic, unlink: { connection.unlink(stream) }) {
            (target: String) throws(PipeWireError) in
            do { try connection.link(stream, to: target) } catch {
                throw PipeWireError("cannot route \(name) to \(target): \(error)")
            }
        }
    }

    /// Links to those of `targets` that exist, or to `fallback` when none does. A target that went away after it
    /// was looked up (an unplug racing the decision) fails its link: then, once a round trip has brought this
    /// connection's registry up to date, the links are made again to the targets left. Any other failure is thrown.
    private func linkToPresent(_ targets: [String], fallback: String, unlink: () -> Void,
                               link: (String) throws(PipeWireError) -> Void) throws(PipeWireError) {
        var present = targets.filter(connection.nodeExists)
        while true {
            do {
                for target in present.isEmpty ? [fallback] : present { try link(target) }
                return
            } catch {
                unlink()
                try connection.sync()
                let left = targets.filter(connection.nodeExists)
                guard left.count < present.count else { throw error }
                present = left
            }
        }
    }

    /// The gain envelopes of the apps whose streams play a ramp still under way at the last `apply`, by stream.
    private var ramps: [String: (stream: Int, gain: GainEnvelope)] = [:]

    /// Notes the ramps under way after an `apply` at `now`, for `playRamps` between steps.
    private func noteRamps(_ engine: Engine) {
        ramps = [:]
        guard realtime else { return }
        for app in engine.apps where app.gain.start + app.gain.ramp > engine.now {
            for player in app.players where !player.kind.isRecorder {
                let name = PipeWireStage.streamName(app.id, player.name)
                if let stream = streams[name] { ramps[name] = (stream, app.gain) }
            }
        }
    }

    /// In real time, between steps: the next moment after `time` at which a ramp under way takes its next
    /// step (a ramp is played as `rampSteps` volume steps), or nil when none is under way.
    public func nextRampStep(after time: Time) -> Time? {
        ramps.values.compactMap { ramp -> Time? in
            let gain = ramp.gain, steps = Int64(PipeWireStage.rampSteps)
            return (1...steps).lazy.map { gain.start + .ms(gain.ramp.milliseconds * $0 / steps) }.first { $0 > time }
        }.min()
    }

    /// A ramp plays as this many volume steps between two steps of a real-time replay.
    public static let rampSteps = 4

    /// In real time, between steps: sets every stream whose ramp is under way to the model's gain at `time`.
    public func playRamps(at time: Time) {
        for (name, ramp) in ramps {
            let volume = ramp.gain.value(at: time)
            guard applied[name]?.volume != volume else { continue }
            connection.setVolume(ramp.stream, volume)
            applied[name]?.volume = volume
        }
    }

    /// The node name of the stream for an app's player: `arbiter.APP.PLAYER`.
    public static func streamName(_ app: AppID, _ player: String) -> String { "arbiter.\(app).\(player)" }
}
