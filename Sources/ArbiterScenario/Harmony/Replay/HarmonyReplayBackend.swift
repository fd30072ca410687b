import ArbiterEngine
import ArbiterHarmony

/// A real system a HarmonyOS replay is also carried out on (`--pipewire`): after every event the backend makes the
/// real streams match the engine, and at every `expect:` it says where they do not.
public protocol HarmonyReplayBackend: AnyObject {
    /// Makes the real system match `engine` (its streams running or not, at their volumes, at `engine.now`).
    func reconcile(with engine: HarmonyEngine) throws
    /// Each stream whose real counterpart disagrees with `engine`: the app, the stream, what (`playing`, `volume`),
    /// the model's value and the real one.
    func disagreements(with engine: HarmonyEngine) throws
        -> [(app: String, stream: String, what: String, model: String, real: String)]
}
