import ArbiterEngine
import ArbiterPipeWire
import ArbiterScenario

#if canImport(Glibc)
    import Glibc
#endif

/// Carries a replay out on a real PipeWire graph and reads every check back from it.
///
/// Once the daemon has gone away, the error says so once, and the backend leaves the graph alone: a replay
/// stops at that error; a REPL session goes on with the model only (`graph` keeps saying the daemon is gone).
public final class PipeWireReplayBackend: ReplayBackend {
    public var stage: PipeWireStage { graph.stage }
    public let runtimeDirectory: String
    public let remote: String?
    public var realtime: Bool { graph.realtime }
    /// The stage, the replay's clock (for what happens outside) and the observer.
    private let graph: GraphLink<PipeWireStage>
    /// How long the graph may take to show what the model says before a check calls it a disagreement.
    public static let settling = 5.0

    /// Connects to the daemon and sets the graph up for `setup`. A daemon that cannot be reached any more (it
    /// answered when the command started) throws `RealSystemGone`.
    public init(
        setup: Setup, runtimeDirectory: String, remote: String?, realtime: Bool,
        observer: ObserverConnection? = nil
    ) throws {
        graph = try GraphLink(
            runtimeDirectory: runtimeDirectory, remote: remote, realtime: realtime, observer: observer
        ) {
            try PipeWireStage(connection: $0, setup: setup)
        }
        self.runtimeDirectory = runtimeDirectory
        self.remote = remote
    }

    public func perform(_ action: DeviceAction, at time: Time) throws -> [Event] {
        try graph.onGraph(otherwise: [.device(action)]) {
            try graph.wait(until: time)
            switch action {
            case .connect(let accessory): return try stage.connect(accessory).map(Event.device)
            case .disconnect(let accessory): return try stage.disconnect(accessory).map(Event.device)
            default: return [.device(action)]
            }
        }
    }

    /// What happened outside, each at the replay's time when the registry told us (`ReplayClock`). With
    /// `--realtime`, waits until `time` unless something happens first, and then returns at once.
    public func externalEvents(at time: Time) throws -> [OutsideEvent] {
        try graph.onGraph(otherwise: []) {
            while true {
                let early = try graph.waitPlayingRamps(until: time) { milliseconds throws(PipeWireError) in
                    try stage.connection.waitForPortEvent(milliseconds: milliseconds)
                }
                if !early { graph.reached(time) }
                // Woken by the registry: act on what it said at once; else a round trip first, for the last word.
                let actions = early ? stage.deliveredExternalActions() : try stage.timedExternalActions()
                // A port event of our own (an accessory this replay plugged in) wakes the wait too: wait on.
                if actions.isEmpty && early { continue }
                return actions.map { OutsideEvent(.device($0.action), at: min(time, graph.time(at: $0.moment))) }
            }
        }
    }

    public func reconcile(with engine: Engine) throws {
        graph.reached(engine.now)
        try graph.onGraph(otherwise: ()) { try stage.reconcile(with: engine) }
    }

    public func declare(_ app: AppConfig) throws { try graph.onGraph(otherwise: ()) { try stage.add(app) } }

    /// The streams as the observer sees them, once the graph shows what the stage asked for (it settles
    /// asynchronously), or as it is after `settling` seconds.
    public func describe() throws -> [String] {
        try graph.describe(until: stage.isSettled, names: { $0.streams.keys.sorted() }, withMute: true)
    }

    public func restore(_ engine: Engine) throws {
        graph.reached(engine.now)
        try graph.onGraph(otherwise: ()) {
            try stage.match(accessories: engine.device.accessories.map { AccessorySpec($0.kind, name: $0.name) })
            try stage.reconcile(with: engine)
        }
    }

    public func verify(_ results: inout [CheckResult], engine: Engine) throws {
        var checked = results
        try graph.onGraph(otherwise: ()) { try readBack(&checked, engine: engine) }
        results = checked
    }

    private func readBack(_ results: inout [CheckResult], engine: Engine) throws {
        // The graph settles asynchronously after a round trip: read it again at each change, for a while,
        // before calling a disagreement.
        let snapshot = try graph.snapshot { snapshot in
            results.allSatisfy { disagreement($0, engine: engine, snapshot: snapshot) == nil }
        }
        for index in results.indices {
            guard let problem = disagreement(results[index], engine: engine, snapshot: snapshot) else { continue }
            results[index].passed = false
            results[index].actual += "; the graph disagrees with the model: \(problem)"
        }
    }

    /// What the graph shows that contradicts the model's value for this check, if anything.
    func disagreement(_ result: CheckResult, engine: Engine, snapshot: GraphSnapshot) -> String? {
        switch result.check.subject {
        case .app(let id, let property):
            guard let app = engine.app(id) else { return nil }
            let players = app.players.filter { !$0.kind.isRecorder }
            let streams = players.compactMap { player in
                snapshot.streams[PipeWireStage.streamName(id, player.name)].map { (player, $0) }
            }
            switch property {
            case .playing where app.session.category.traits.hasOutput:
                // The graph shows sound being produced: a player waiting for its stream has none.
                let graph = streams.contains { $0.1.state == "running" }
                return graph == app.isProducing
                    ? nil
                    : "model playing \(app.isProducing), graph streams \(streams.map { "\($0.0.name) \($0.1.state)" })"
            case .audible:
                let model = engine.audibility(of: id)?.isAudible ?? false
                let graph = streams.contains { $0.1.state == "running" && $0.1.mute == false }
                return graph == model
                    ? nil
                    : "model audible \(model), graph \(streams.map { "\($0.0.name) \($0.1.state) mute \($0.1.mute.map(String.init) ?? "?")" })"
            case .gain:
                let model = engine.gain(of: id, at: engine.now) ?? 1
                guard let volume = streams.first?.1.volume else { return nil }
                return abs(volume - model) <= 0.01 ? nil : "model gain \(model), graph volume \(volume)"
            case .player(let name, _):
                // A systemMusicPlayer is a handle on the Music app's player: its stream is the Music app's.
                let streamName =
                    app.player(named: name)?.drivesMusicApp == true
                    ? PipeWireStage.streamName(engine.musicApp ?? "", "main") : PipeWireStage.streamName(id, name)
                guard let stream = snapshot.streams[streamName], let player = engine.player(name, of: id),
                    player.kind.isRecorder || app.session.category.traits.hasOutput
                else { return nil }
                return (stream.state == "running") == player.isProducing
                    ? nil
                    : "model \(name) \(player.state), graph stream \(stream.state)"
            case .recording:
                guard let recorder = app.players.first(where: { $0.kind.isRecorder }),
                    let stream = snapshot.streams[PipeWireStage.streamName(id, recorder.name)]
                else { return nil }
                return (stream.state == "running") == app.isRecording
                    ? nil
                    : "model recording \(app.isRecording), graph stream \(stream.state)"
            default:
                return nil
            }
        case .route:
            guard let owner = engine.routeOwner.flatMap(engine.app) else { return nil }
            let expected = Set(engine.currentRoute.outputs.map { PortNodes.node(for: $0, isInput: false) })
            let running = owner.players.filter { !$0.kind.isRecorder && $0.isRunning }
                .compactMap { snapshot.streams[PipeWireStage.streamName(owner.id, $0.name)] }
            guard !running.isEmpty, !expected.isEmpty else { return nil }
            let linked = running.reduce(into: Set<String>()) { $0.formUnion($1.targets) }
            return linked == expected ? nil : "model outputs \(expected.sorted()), graph links \(linked.sorted())"
        default:
            return nil
        }
    }
}

/// The observer connection of a run, made at its first read and kept for every file after.
public final class ObserverConnection {
    private let remote: String
    private var made: GraphObserver?

    public init(runtimeDirectory: String, remote: String?) {
        self.remote = remote ?? (runtimeDirectory + "/pipewire-0")
    }

    public func observer() throws -> GraphObserver {
        if let made, made.isAlive { return made }
        let observer = try GraphObserver(remote: remote)
        made = observer
        return observer
    }
}
