import ArbiterAndroid
import ArbiterEngine

#if canImport(Glibc)
    import Glibc
#endif

/// Makes a PipeWire graph match an Android engine: each player of each app a playback stream (a quiet tone), running
/// exactly while the player is started, at the volume the engine gives it.
///
/// Android's framework ducks, fades and mutes a player by its volume (PlaybackActivityMonitor's VolumeShapers,
/// FadeOutManager, the in-call mute), so the graph shows all of them as one thing: the stream's channel volumes, the
/// player's own volume × duck × fade × mute (a muted player: 0). Nothing here is muted with `mute`.
///
/// Every stream plays into a route bus (`arbiter.route`, then `arbiter.route.2` past 64 streams), as the iOS
/// stage's do, and each bus is linked to the built-in speaker: a phone or a car here has one output, so nothing is
/// ever relinked.
public final class AndroidStage: @unchecked Sendable {
    public let connection: PipeWireConnection
    /// Stream handles by node name (`arbiter.<App>.<player>`).
    var streams: [String: Int] = [:]
    /// What the stage last asked of each stream, by node name.
    var applied: [String: Applied] = [:]
    /// The route buses the streams play into, 64 streams each (`StreamLimits.streamsPerBus`).
    var buses: [String] = []
    /// Whether the replay runs in real time: the volume ramps under way are then played between steps
    /// (`nextRampStep`, `playRamps`); at each step the volume is the engine's at that time either way.
    public var realtime = false
    /// The volumes the streams take between steps while ramps are under way, each from a moment (`noteRamps`).
    var rampSteps: [(time: Time, volumes: [String: Double])] = []

    struct Applied: Equatable {
        var active = false
        var volume = 1.0
    }

    /// Prepares the graph for `setup`: the route bus linked to the built-in speaker, and an inactive stream for
    /// every player of every app, linked to the bus.
    public init(connection: PipeWireConnection, setup: AndroidSetup) throws(PipeWireError) {
        self.connection = connection
        let players = setup.apps.reduce(0) { $0 + $1.players.count }
        if let problem = StreamLimits.problem(playback: players, total: players, made: players) {
            throw PipeWireError(problem)
        }
        if let problem = StreamLimits.descriptorProblem(streams: players) { throw PipeWireError(problem) }
        // A bus carries at most `StreamLimits.streamsPerBus` streams: the 65th player plays into a second bus.
        let busCount = max(1, (players + StreamLimits.streamsPerBus - 1) / StreamLimits.streamsPerBus)
        buses = (0..<busCount).map { $0 == 0 ? PipeWireStage.bus : "\(PipeWireStage.bus).\($0 + 1)" }
        for name in buses + [PipeWireStage.speaker] where !connection.nodeExists(name) {
            try connection.createDeviceNode(
                name: name, isSource: false, positions: "[ FL FR ]",
                properties: [("device.api", "arbiter"), ("device.form-factor", "internal")])
        }
        for _ in 0..<50 where !(buses + [PipeWireStage.speaker]).allSatisfy(connection.nodeExists) {
            try connection.sync()
        }
        for (group, bus) in buses.enumerated() {
            connection.unlink(group: group)
            try connection.link(group: group, from: bus, to: PipeWireStage.speaker)
        }
        for app in setup.apps {
            for player in app.players {
                let name = AndroidStage.streamName(app.name, player.name)
                guard streams[name] == nil else { continue }
                let attributes = player.attributes ?? app.attributes
                streams[name] = try connection.createStream(
                    nodeName: name, app: app.name.name, mediaName: player.name,
                    role: AndroidStage.role(usage: attributes.usage, contentType: attributes.contentType),
                    capture: false, active: false,
                    properties: [
                        ("android.usage", attributes.usage.rawValue),
                        ("android.content-type", attributes.contentType.rawValue),
                        ("android.uid", String(app.uid)), ("android.player", player.kind.rawValue),
                    ])
                applied[name] = Applied()
            }
        }
        try linkToBus(Array(streams.keys))
    }

    /// Links each stream to the route bus. A stream's ports appear a few round trips after the stream, so linking
    /// goes in rounds: every stream whose ports are there is linked, then one round trip for all, until none is
    /// left (a bounded number of rounds).
    func linkToBus(_ names: [String]) throws(PipeWireError) {
        let timeout = PipeWireStage.roundTripTimeout(objects: names.count)
        try connection.sync(timeoutMilliseconds: timeout)
        let sorted = names.sorted()
        let busOf = Dictionary(
            uniqueKeysWithValues: sorted.enumerated().map {
                ($0.element, buses[$0.offset / StreamLimits.streamsPerBus])
            })
        var waiting = sorted
        for _ in 0..<100 where !waiting.isEmpty {
            waiting = waiting.filter { (try? connection.link(streams[$0]!, to: busOf[$0]!)) == nil }
            guard !waiting.isEmpty else { break }
            try connection.sync(timeoutMilliseconds: timeout)
            usleep(20_000)
        }
        if let first = waiting.first {
            throw PipeWireError(
                "\(waiting.count) stream\(waiting.count == 1 ? "" : "s") (\(first)...) got no ports to "
                    + "link to \(busOf[first]!): \(connection.lastError)")
        }
        try connection.sync(timeoutMilliseconds: timeout)
    }

    /// Reconciles the graph with the engine's state at its current time: each stream active exactly while its player
    /// is started, at the player's volume now. Only what differs from what the stage last asked for is changed; then
    /// one round trip.
    public func reconcile(with engine: AndroidEngine) throws(PipeWireError) {
        defer { noteRamps(engine) }
        var changes = 0
        for (name, wanted) in AndroidStage.wanted(engine) {
            guard let stream = streams[name], let before = applied[name], wanted != before else { continue }
            if wanted.volume != before.volume { connection.setVolume(stream, wanted.volume) }
            if wanted.active != before.active { connection.setActive(stream, wanted.active) }
            applied[name] = wanted
            changes += 1
        }
        try connection.sync(timeoutMilliseconds: PipeWireStage.roundTripTimeout(objects: changes))
    }

    /// What the engine asks of each stream now, by node name: active while its player is started, at its volume.
    static func wanted(_ engine: AndroidEngine) -> [String: Applied] {
        var wanted: [String: Applied] = [:]
        for app in engine.setup.apps {
            let state = engine.state(of: app.name)
            for player in app.players {
                wanted[streamName(app.name, player.name)] = Applied(
                    active: state?.players[player.name] == .started, volume: state?.volumes[player.name] ?? 1)
            }
        }
        return wanted
    }

    /// The node name of the stream for an app's player: `arbiter.APP.PLAYER`.
    public static func streamName(_ app: AppID, _ player: String) -> String { "arbiter.\(app).\(player)" }

    /// The names of the stage's streams.
    public var streamNames: [String] { streams.keys.sorted() }
}
