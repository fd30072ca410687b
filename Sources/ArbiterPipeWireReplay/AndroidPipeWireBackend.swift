import ArbiterAndroid
import ArbiterEngine
import ArbiterPipeWire
import ArbiterScenario

/// Carries an Android replay out on a real PipeWire graph (an `AndroidStage`) and reads it back: each player a
/// stream, running while it is started, at the volume the engine gives it.
///
/// Once the daemon has gone away, the error says so once (`RealSystemGone`), and the backend leaves the graph alone.
public final class AndroidPipeWireBackend {
    public var stage: AndroidStage { graph.stage }
    public let runtimeDirectory: String
    public let remote: String?
    public var realtime: Bool { graph.realtime }
    /// The stage, the replay's clock and the observer.
    private let graph: GraphLink<AndroidStage>

    /// Connects to the daemon and sets the graph up for `setup`: an inactive stream for every player. A daemon that
    /// cannot be reached any more (it answered when the command started) throws `RealSystemGone`.
    public init(
        setup: AndroidSetup, runtimeDirectory: String, remote: String?, realtime: Bool,
        observer: ObserverConnection? = nil
    ) throws {
        graph = try GraphLink(
            runtimeDirectory: runtimeDirectory, remote: remote, realtime: realtime, observer: observer
        ) {
            try AndroidStage(connection: $0, setup: setup)
        }
        self.runtimeDirectory = runtimeDirectory
        self.remote = remote
        graph.reached(.zero)  // time zero: the moment the graph is set up
    }

    /// With `--realtime`, waits until the scenario's `time` (counted from the moment the graph was set up),
    /// playing the volume ramps under way as their steps come; without, returns at once. Ends at once if the daemon
    /// goes away.
    public func advance(to time: Time) throws {
        try graph.onGraph(otherwise: ()) { try graph.wait(until: time) }
    }

    /// Makes the graph match the engine's state at its time (call it after every event the engine handled, and
    /// after the engine is advanced to a check's time): with `--realtime`, first waits until that time
    /// (`advance(to:)`), then sets each stream active or not and its volume, and makes a round trip. The daemon
    /// starts and stops streams a cycle or so later; `verify` waits for that.
    public func reconcile(with engine: AndroidEngine) throws {
        try advance(to: engine.now)
        try graph.onGraph(otherwise: ()) { try stage.reconcile(with: engine) }
    }

    /// Every player whose stream the graph shows otherwise than the engine (`AndroidStage.disagreements`). The graph
    /// is read by another client of the daemon (`GraphObserver`), again at each change it publishes while it
    /// disagrees, for up to `PipeWireReplayBackend.settling` seconds. Empty once the daemon has gone away.
    public func verify(_ engine: AndroidEngine) throws -> [RealDisagreement] {
        try graph.onGraph(otherwise: []) {
            let snapshot = try graph.snapshot { stage.disagreements(with: engine, in: $0).isEmpty }
            return stage.disagreements(with: engine, in: snapshot)
        }
    }

    /// The streams as the observer sees them, a line each, once the graph shows what the stage asked for (or as it
    /// is after `PipeWireReplayBackend.settling` seconds).
    public func describe() throws -> [String] {
        try graph.describe(until: stage.isSettled, names: { _ in stage.streamNames }, withMute: false)
    }
}

extension AndroidPipeWireBackend: AndroidReplayBackend {
    public func disagreements(with engine: AndroidEngine) throws
        -> [(app: String, player: String, what: String, model: String, real: String)]
    {
        try verify(engine).map { ($0.app, $0.player, $0.what, $0.model, $0.graph) }
    }
}
