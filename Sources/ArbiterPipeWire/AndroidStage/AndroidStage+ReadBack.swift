import ArbiterAndroid
import ArbiterEngine

extension AndroidStage {
    /// Whether `snapshot` shows what the stage last asked of the graph (`PlaybackStreams.isSettled`).
    public func isSettled(_ snapshot: GraphSnapshot) -> Bool { streams.isSettled(snapshot) }

    /// Every player whose stream `snapshot` shows otherwise than the engine, in the order declared: `playing`
    /// (running exactly while the player is started) and, while it runs, `volume` (within 0.01 of the player's).
    public func disagreements(with engine: AndroidEngine, in snapshot: GraphSnapshot) -> [RealDisagreement] {
        streams.disagreements(with: AndroidStage.playerWants(engine), in: snapshot)
    }
}
