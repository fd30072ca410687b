import ArbiterAndroid
import ArbiterEngine
import ArbiterPipeWire

/// What the session does to the programs' streams after each turn.
extension AndroidLiveSession {
    /// Carries the engine's decisions out on the programs' streams: each stream's softVolumes become its app's volume (over the program's own channelVolumes); a stream whose
    /// app's player the engine paused is corked, and started again when the engine starts the player again.
    /// A line is printed when a ramp starts (`from → to, ramping`) and when a level is reached, not at each step.
    func carryOut(at time: Time) {
        let snapshot = graph.snapshot()
        var settled = engine
        _ = settled.handle(.advance, at: time + Self.rampWindow)
        var setAny = false
        for id in streams.keys.sorted() {
            guard var stream = streams[id], let node = snapshot.node(id), let state = engine.state(of: stream.app)
            else { continue }
            defer { streams[id] = stream }
            let level = Self.rounded(state.volumes["main"] ?? 1)
            let target = Self.rounded(settled.state(of: stream.app)?.volumes["main"] ?? level)
            let own = node.channelVolumes
            let changed = stream.applied.map { abs($0.level - level) > 0.0005 || $0.over != own } ?? (level != 1)
            if changed {
                let volumes = own.isEmpty ? [Float(level)] : own.map { $0 * Float(level) }
                do {
                    try graph.setSoftVolumes(node: id, volumes, mute: nil)
                    setAny = true
                    let was = stream.applied?.level ?? 1
                    stream.applied = (level, own)
                    if level == target {
                        if was != level {
                            output("⇒ \(stream.app) softVolumes \(Profile.text(level))  [\(LiveRule.androidVolume.id)]")
                        }
                        stream.announced = nil
                    } else if stream.announced != target {
                        output(
                            "⇒ \(stream.app) softVolumes \(Profile.text(was)) → \(Profile.text(target)), ramping  [\(LiveRule.androidVolume.id)]"
                        )
                        stream.announced = target
                    }
                } catch {
                    output("  cannot set the softVolumes of \(stream.app): \(error)")
                }
            }
            let player = state.players["main"]
            if !stream.corked && stream.playing && player == .paused {
                do {
                    try graph.pause(node: id)
                    stream.corked = true
                    output("⇒ \(stream.app) corked  [\(LiveRule.cork.id)]")
                } catch {
                    output("  cannot cork \(stream.app): \(error)")
                }
            } else if stream.corked && player == .started {
                do {
                    try graph.start(node: id)
                    stream.corked = false
                    stream.uncorkedAt = time
                    output("⇒ \(stream.app) started again  [\(LiveRule.androidUncork.id)]")
                } catch {
                    output("  cannot start \(stream.app) again: \(error)")
                }
            }
        }
        // The session's own sets are not news: the next wait is for what others change.
        if setAny { generation = graph.snapshot().generation }
    }

    static func rounded(_ level: Double) -> Double { (level * 1000).rounded() / 1000 }
}
