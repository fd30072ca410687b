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
    public let stage: PipeWireStage
    public let runtimeDirectory: String
    public let remote: String?
    public let realtime: Bool
    /// The replay's time at each real moment, for what happens outside.
    private var clock: ReplayClock
    /// Set once the daemon has gone away.
    private var gone = false
    /// The connection the graph is read back from; one for every file of a run.
    private let graphObserver: ObserverConnection
    /// How long the graph may take to show what the model says before a check calls it a disagreement.
    public static let settling = 5.0

    /// Connects to the daemon and sets the graph up for `setup`. A daemon that cannot be reached any more (it
    /// answered when the command started) throws `RealSystemGone`.
    public init(setup: Setup, runtimeDirectory: String, remote: String?, realtime: Bool,
         observer: ObserverConnection? = nil) throws {
        let connection: PipeWireConnection
        do {
            connection = try PipeWireConnection(remote: remote ?? (runtimeDirectory + "/pipewire-0"))
        } catch {
            throw RealSystemGone("the PipeWire daemon cannot be reached any more (\(error))")
        }
        stage = try PipeWireStage(connection: connection, setup: setup)
        stage.realtime = realtime
        self.runtimeDirectory = runtimeDirectory
        self.remote = remote
        self.realtime = realtime
        clock = ReplayClock(realtime: realtime)
        graphObserver = observer ?? ObserverConnection(runtimeDirectory: runtimeDirectory, remote: remote)
    }

    /// The replay has reached `time` now.
    private func reached(_ time: Time) { clock.reached(time, at: PipeWireConnection.now) }

    /// The milliseconds until the replay's clock reaches `time` with `--realtime` (0 without, or when it is
    /// late).
    private func delay(until time: Time) -> Int {
        guard realtime else { return 0 }
        let start = clock.start ?? (PipeWireConnection.now - time.seconds)
        return max(0, Int(((start + time.seconds - PipeWireConnection.now) * 1000).rounded(.up)))
    }

    /// With `--realtime`, waits until the scenario's time (ending at once if the daemon goes away).
    private func wait(until time: Time) throws {
        _ = try waitPlayingRamps(until: time) { milliseconds throws(PipeWireError) in
            try stage.connection.wait(milliseconds: milliseconds)
            return false
        }
        reached(time)
    }

    /// With `--realtime`, waits with `wait` (true: woken early, which ends it) until `time`, playing the volume
    /// ramps under way between steps (`PipeWireStage.playRamps`) as their steps come. Returns whether it was
    /// woken early.
    private func waitPlayingRamps(until time: Time, _ wait: (Int) throws(PipeWireError) -> Bool) throws -> Bool {
        while true {
            let now = clock.time(at: PipeWireConnection.now)
            let step = stage.nextRampStep(after: now).flatMap { $0 < time ? $0 : nil }
            let delay = delay(until: step ?? time)
            if delay > 0, try wait(delay) { return true }
            guard let step else { return false }
            stage.playRamps(at: step)
        }
    }

    /// Runs `body` on the graph while the daemon is there; `otherwise` once it has gone away. The error that
    /// finds it gone says what happens next.
    private func onGraph<T>(otherwise: T, _ body: () throws -> T) throws -> T {
        guard !gone else { return otherwise }
        do {
            return try body()
        } catch {
            guard !stage.connection.isAlive else { throw error }
            gone = true
            throw RealSystemGone("the PipeWire daemon went away (\(stage.connection.lastError)); "
                + "nothing more is carried out on the graph")
        }
    }

    public func perform(_ action: DeviceAction, at time: Time) throws -> [Event] {
        try onGraph(otherwise: [.device(action)]) {
            try wait(until: time)
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
        try onGraph(otherwise: []) {
            while true {
                let early = try waitPlayingRamps(until: time) { milliseconds throws(PipeWireError) in
                    try stage.connection.waitForPortEvent(milliseconds: milliseconds)
                }
                if !early { reached(time) }
                // Woken by the registry: act on what it said at once; else a round trip first, for the last word.
                let actions = early ? stage.deliveredExternalActions() : try stage.timedExternalActions()
                // A port event of our own (an accessory this replay plugged in) wakes the wait too: wait on.
                if actions.isEmpty && early { continue }
                return actions.map { OutsideEvent(.device($0.action), at: min(time, clock.time(at: $0.moment))) }
            }
        }
    }

    public func reconcile(with engine: Engine) throws {
        reached(engine.now)
        try onGraph(otherwise: ()) { try stage.reconcile(with: engine) }
    }

    public func declare(_ app: AppConfig) throws { try onGraph(otherwise: ()) { try stage.add(app) } }

    /// The streams as the observer sees them, once the graph shows what the stage asked for (it settles
    /// asynchronously), or as it is after `settling` seconds.
    public func describe() throws -> [String] {
        if gone { throw PipeWireError("the PipeWire daemon went away; there is no graph to show") }
        let snapshot = try observer().snapshot(settlingWithin: PipeWireReplayBackend.settling, until: stage.isSettled)
        return snapshot.streams.keys.sorted().map { name in
            let stream = snapshot.streams[name]!
            let volume = stream.volume.map { "volume \(Profile.text($0))" } ?? "volume ?"
            let mute = stream.mute.map { $0 ? "muted" : "unmuted" } ?? "mute ?"
            let targets = stream.targets.isEmpty ? "unlinked" : "→ " + stream.targets.sorted().joined(separator: ", ")
            return "\(name)  \(stream.state)  \(volume)  \(mute)  \(targets)"
        }
    }

    private func observer() throws -> GraphObserver { try graphObserver.observer() }

    public func restore(_ engine: Engine) throws {
        reached(engine.now)
        try onGraph(otherwise: ()) {
            try stage.match(accessories: engine.device.accessories.map { AccessorySpec($0.kind, name: $0.name) })
            try stage.reconcile(with: engine)
        }
    }

    public func verify(_ results: inout [CheckResult], engine: Engine) throws {
        var checked = results
        try onGraph(otherwise: ()) { try readBack(&checked, engine: engine) }
        results = checked
    }

    private func readBack(_ results: inout [CheckResult], engine: Engine) throws {
        // The graph settles asynchronously after a round trip: read it again at each change, for a while,
        // before calling a disagreement.
        let snapshot = try observer().snapshot(settlingWithin: PipeWireReplayBackend.settling) { snapshot in
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
            let streams = players.compactMap { player in snapshot.streams[PipeWireStage.streamName(id, player.name)].map { (player, $0) } }
            switch property {
            case .playing where app.session.category.traits.hasOutput:
                // The graph shows sound being produced: a player waiting for its stream has none.
                let graph = streams.contains { $0.1.state == "running" }
                return graph == app.isProducing ? nil
                    : "model playing \(app.isProducing), graph streams \(streams.map { "\($0.0.name) \($0.1.state)" })"
            case .audible:
                let model = engine.audibility(of: id)?.isAudible ?? false
                let graph = streams.contains { $0.1.state == "running" && $0.1.mute == false }
                return graph == model ? nil
                    : "model audible \(model), graph \(streams.map { "\($0.0.name) \($0.1.state) mute \($0.1.mute.map(String.init) ?? "?")" })"
            case .gain:
                let model = engine.gain(of: id, at: engine.now) ?? 1
                guard let volume = streams.first?.1.volume else { return nil }
                return abs(volume - model) <= 0.01 ? nil : "model gain \(model), graph volume \(volume)"
            case .player(let name, _):
                // A systemMusicPlayer is a handle on the Music app's player: its stream is the Music app's.
                let streamName = app.player(named: name)?.drivesMusicApp == true
                    ? PipeWireStage.streamName(engine.musicApp ?? "", "main") : PipeWireStage.streamName(id, name)
                guard let stream = snapshot.streams[streamName], let player = engine.player(name, of: id),
                      player.kind.isRecorder || app.session.category.traits.hasOutput else { return nil }
                return (stream.state == "running") == player.isProducing ? nil
                    : "model \(name) \(player.state), graph stream \(stream.state)"
            case .recording:
                guard let recorder = app.players.first(where: { $0.kind.isRecorder }),
                      let stream = snapshot.streams[PipeWireStage.streamName(id, recorder.name)] else { return nil }
                return (stream.state == "running") == app.isRecording ? nil
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
