import ArbiterAndroid
import ArbiterEngine
import ArbiterPipeWire
import ArbiterScenario

/// Carries an Android replay out on a real PipeWire graph (an `AndroidStage`) and reads it back: each player a
/// stream, running while it is started, at the volume the engine gives it.
///
/// Once the daemon has gone away, the error says so once (`RealSystemGone`), and the backend leaves the graph alone.
public final class AndroidPipeWireBackend {
    public let stage: AndroidStage
    public let runtimeDirectory: String
    public let remote: String?
    public let realtime: Bool
    /// The replay's time at each real moment.
    private var clock: ReplayClock
    /// Set once the daemon has gone away.
    private var gone = false
    /// The connection the graph is read back from; one for every file of a run.
    private let graphObserver: ObserverConnection

    /// Connects to the daemon and sets the graph up for `setup`: an inactive stream for every player. A daemon that
    /// cannot be reached any more (it answered when the command started) throws `RealSystemGone`.
    public init(setup: AndroidSetup, runtimeDirectory: String, remote: String?, realtime: Bool,
                observer: ObserverConnection? = nil) throws {
        let connection: PipeWireConnection
        do {
            connection = try PipeWireConnection(remote: remote ?? (runtimeDirectory + "/pipewire-0"))
        } catch {
            throw RealSystemGone("the PipeWire daemon cannot be reached any more (\(error))")
        }
        stage = try AndroidStage(connection: connection, setup: setup)
        stage.realtime = realtime
        self.runtimeDirectory = runtimeDirectory
        self.remote = remote
        self.realtime = realtime
        clock = ReplayClock(realtime: realtime)
        graphObserver = observer ?? ObserverConnection(runtimeDirectory: runtimeDirectory, remote: remote)
        clock.reached(.zero, at: PipeWireConnection.now)   // time zero: the moment the graph is set up
    }

    /// With `--realtime`, waits until the scenario's `time` (counted from the moment the graph was set up),
    /// playing the volume ramps under way as their steps come; without, returns at once. Ends at once if the daemon
    /// goes away.
    public func advance(to time: Time) throws {
        try onGraph(otherwise: ()) {
            while realtime {
                let now = clock.time(at: PipeWireConnection.now)
                let step = stage.nextRampStep(after: now).flatMap { $0 < time ? $0 : nil }
                let delay = delay(until: step ?? time)
                if delay > 0 { try stage.connection.wait(milliseconds: delay) }
                guard let step else { break }
                stage.playRamps(at: step)
            }
            clock.reached(time, at: PipeWireConnection.now)
        }
    }

    /// Makes the graph match the engine's state at its time (call it after every event the engine handled, and
    /// after the engine is advanced to a check's time): with `--realtime`, first waits until that time
    /// (`advance(to:)`), then sets each stream active or not and its volume, and makes a round trip. The daemon
    /// starts and stops streams a cycle or so later; `verify` waits for that.
    public func reconcile(with engine: AndroidEngine) throws {
        try advance(to: engine.now)
        try onGraph(otherwise: ()) { try stage.reconcile(with: engine) }
    }

    /// Every player whose stream the graph shows otherwise than the engine (`AndroidStage.disagreements`). The graph
    /// is read by another client of the daemon (`GraphObserver`), again at each change it publishes while it
    /// disagrees, for up to `PipeWireReplayBackend.settling` seconds. Empty once the daemon has gone away.
    public func verify(_ engine: AndroidEngine) throws -> [RealDisagreement] {
        try onGraph(otherwise: []) {
            let snapshot = try graphObserver.observer().snapshot(settlingWithin: PipeWireReplayBackend.settling) {
                stage.disagreements(with: engine, in: $0).isEmpty
            }
            return stage.disagreements(with: engine, in: snapshot)
        }
    }

    /// The streams as the observer sees them, a line each, once the graph shows what the stage asked for (or as it
    /// is after `PipeWireReplayBackend.settling` seconds).
    public func describe() throws -> [String] {
        if gone { throw PipeWireError("the PipeWire daemon went away; there is no graph to show") }
        let snapshot = try graphObserver.observer().snapshot(settlingWithin: PipeWireReplayBackend.settling,
                                                             until: stage.isSettled)
        return stage.streamNames.map { name in
            guard let stream = snapshot.streams[name] else { return "\(name)  missing" }
            let volume = stream.volume.map { "volume \(Profile.text($0))" } ?? "volume ?"
            let targets = stream.targets.isEmpty ? "unlinked" : "→ " + stream.targets.sorted().joined(separator: ", ")
            return "\(name)  \(stream.state)  \(volume)  \(targets)"
        }
    }

    /// The milliseconds until the replay's clock reaches `time` with `--realtime` (0 without, or when it is late).
    private func delay(until time: Time) -> Int {
        guard realtime else { return 0 }
        let start = clock.start ?? (PipeWireConnection.now - time.seconds)
        return max(0, Int(((start + time.seconds - PipeWireConnection.now) * 1000).rounded(.up)))
    }

    /// Runs `body` on the graph while the daemon is there; `otherwise` once it has gone away. The error that finds it
    /// gone says what happens next.
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
}

extension AndroidPipeWireBackend: AndroidReplayBackend {
    public func disagreements(with engine: AndroidEngine) throws
        -> [(app: String, player: String, what: String, model: String, real: String)] {
        try verify(engine).map { ($0.app, $0.player, $0.what, $0.model, $0.graph) }
    }
}
