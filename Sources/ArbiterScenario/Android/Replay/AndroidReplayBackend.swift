import ArbiterAndroid
import ArbiterEngine

/// A real system an Android replay is also carried out on (`--pipewire`), as `ReplayBackend` is for iOS: after every
/// event the backend makes the real streams match the engine, and at every `expect:` it says where they do not.
public protocol AndroidReplayBackend: AnyObject {
    /// Makes the real system match `engine` (its players started or not, at their volumes, at `engine.now`).
    func reconcile(with engine: AndroidEngine) throws
    /// Each player whose real stream disagrees with `engine`: the app, the player, what (`playing`, `volume`), the
    /// model's value and the real one.
    func disagreements(with engine: AndroidEngine) throws
        -> [(app: String, player: String, what: String, model: String, real: String)]
}
