import ArbiterAndroid
import ArbiterEngine
import ArbiterPipeWire

/// What the session does to the programs' streams after each turn.
extension AndroidLiveSession {
    /// The rule ids printed with what is done to a stream.
    enum Act {
        static let volume = "live.duck"
        static let cork = "live.cork"
        static let uncork = "live.uncork"
    }

    /// Each stream's softVolumes become its app's volume (over the program's own channelVolumes); a stream whose
    /// app's player the engine paused is corked, and started again when the engine starts the player again.
    func act(at time: Time) {
        let snapshot = graph.snapshot()
        for id in streams.keys.sorted() {
            guard var stream = streams[id], let node = snapshot.node(id), let state = engine.state(of: stream.app)
            else { continue }
            defer { streams[id] = stream }
            let level = ((state.volumes["main"] ?? 1) * 1000).rounded() / 1000
            let own = node.channelVolumes
            let changed = stream.applied.map { abs($0.level - level) > 0.0005 || $0.over != own } ?? (level != 1)
            if changed {
                let volumes = own.isEmpty ? [Float(level)] : own.map { $0 * Float(level) }
                do {
                    try graph.setSoftVolumes(node: id, volumes, mute: nil)
                    stream.applied = (level, own)
                    output("⇒ \(stream.app) softVolumes \(Profile.text(level))  [\(Act.volume)]")
                } catch {
                    output("  cannot set the softVolumes of \(stream.app): \(error)")
                }
            }
            let player = state.players["main"]
            if !stream.corked && stream.playing && player == .paused {
                do {
                    try graph.pause(node: id)
                    stream.corked = true
                    output("⇒ \(stream.app) corked  [\(Act.cork)]")
                } catch {
                    output("  cannot cork \(stream.app): \(error)")
                }
            } else if stream.corked && player == .started {
                do {
                    try graph.start(node: id)
                    stream.corked = false
                    stream.uncorkedAt = time
                    output("⇒ \(stream.app) started again  [\(Act.uncork)]")
                } catch {
                    output("  cannot start \(stream.app) again: \(error)")
                }
            }
        }
    }
}
