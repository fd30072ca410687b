import ArbiterEngine
import ArbiterPipeWire

#if canImport(Glibc)
    import Glibc
#endif

/// Whether the graph, read from outside, agrees with the model: every player's stream running exactly when the
/// model has it producing in an active session, a playback stream muted exactly when it runs unheard, at the
/// model's gain, and reaching the route's output ports (a running capture stream, its input ports).
public enum SoakGraphCheck {
    /// What the graph shows that contradicts the model, a line each; empty when they agree.
    public static func disagreements(_ engine: Engine, _ snapshot: GraphSnapshot) -> [String] {
        let route = engine.currentRoute
        let outputs = Set(route.outputs.map { PortNodes.node(for: $0, isInput: false) })
        let inputs = Set(route.inputs.map { PortNodes.node(for: $0, isInput: true) })
        var problems: [String] = []
        for app in engine.apps {
            let audible = engine.audibility(of: app.id)?.isAudible ?? false
            for player in app.players {
                let name = PipeWireStage.streamName(app.id, player.name)
                let running = player.isProducing && app.session.isActive
                guard let stream = snapshot.streams[name] else {
                    // A recorder's capture stream is made when it first records on this stage: a stage set up anew
                    // (after a daemon restart) over a model whose recorder recorded before has not made it yet.
                    if player.kind.isRecorder && !running { continue }
                    problems.append("\(name): no such stream in the graph")
                    continue
                }
                if (stream.state == "running") != running {
                    let links =
                        stream.targets.isEmpty
                        ? "unlinked" : "linked to \(stream.targets.sorted().joined(separator: ", "))"
                    problems.append(
                        "\(name): model \(running ? "running" : "not running"), graph \(stream.state), \(links)")
                    continue
                }
                guard running else { continue }
                if player.kind.isRecorder {
                    if !inputs.isEmpty && stream.targets != inputs {
                        problems.append("\(name): model inputs \(inputs.sorted()), graph \(stream.targets.sorted())")
                    }
                    continue
                }
                if stream.mute != !audible {
                    problems.append(
                        "\(name): model \(audible ? "audible" : "unheard"), graph mute "
                            + (stream.mute.map(String.init) ?? "?"))
                }
                let gain = engine.gain(of: app.id, at: engine.now) ?? 1
                if let volume = stream.volume, abs(volume - gain) > 0.01 {
                    problems.append("\(name): model gain \(gain), graph volume \(volume)")
                }
                // With no output (a record session owns the hardware) the bus stays where it was.
                if !outputs.isEmpty && stream.targets != outputs {
                    problems.append("\(name): model outputs \(outputs.sorted()), graph \(stream.targets.sorted())")
                }
            }
        }
        return problems
    }

    /// Reads the graph until it agrees with the model (it settles a cycle or more after the round trip that asked
    /// for a change), for at most `seconds`; what still disagrees then.
    static func settle(_ engine: Engine, daemon: SoakDaemon, seconds: Double = 4) throws -> [String] {
        let deadline = PipeWireConnection.now + seconds
        while true {
            let problems = disagreements(engine, try daemon.snapshot())
            if problems.isEmpty || PipeWireConnection.now >= deadline { return problems }
            usleep(25_000)
        }
    }
}
