import ArbiterEngine

extension PipeWireStage {
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
}
