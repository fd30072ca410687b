import ArbiterEngine
import ArbiterHarmony
import ArbiterPipeWire
import ArbiterScenario

/// Carries a HarmonyOS replay out on a real PipeWire graph (a `HarmonyStage`) and reads it back: each playback
/// stream a real stream, running while the engine's runs, at the volume the system applies.
public final class HarmonyPipeWireBackend {
    public var stage: HarmonyStage { graph.stage }
    private let graph: GraphLink<HarmonyStage>

    /// Connects to the daemon and sets the graph up for `setup`. A daemon that cannot be reached any more throws
    /// `RealSystemGone`.
    public init(
        setup: HarmonySetup, runtimeDirectory: String, remote: String?, realtime: Bool,
        observer: ObserverConnection? = nil
    ) throws {
        graph = try GraphLink(
            runtimeDirectory: runtimeDirectory, remote: remote, realtime: realtime, observer: observer
        ) {
            try HarmonyStage(connection: $0, setup: setup)
        }
        graph.reached(.zero)
    }
}

extension HarmonyPipeWireBackend: HarmonyReplayBackend {
    /// With `--realtime`, waits until the engine's time; then makes the graph match the engine.
    public func reconcile(with engine: HarmonyEngine) throws {
        try graph.onGraph(otherwise: ()) { try graph.wait(until: engine.now) }
        try graph.onGraph(otherwise: ()) { try stage.reconcile(with: engine) }
    }

    /// Every stream the graph (read by another client, again while it disagrees, for a few seconds) shows
    /// otherwise than the engine. Empty once the daemon has gone away.
    public func disagreements(with engine: HarmonyEngine) throws
        -> [(app: String, stream: String, what: String, model: String, real: String)]
    {
        try graph.onGraph(otherwise: []) {
            let snapshot = try graph.snapshot { stage.disagreements(with: engine, in: $0).isEmpty }
            return stage.disagreements(with: engine, in: snapshot).map {
                ($0.app, $0.player, $0.what, $0.model, $0.graph)
            }
        }
    }
}
