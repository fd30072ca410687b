import ArbiterEngine
import ArbiterPipeWire

/// What the session does to the programs' streams after each turn.
extension LiveFocusSession {
    /// Carries the engine's decisions out on the programs' streams: each stream's softVolumes become its app's volume
    /// (over the program's own channelVolumes); a stream whose app's stream the engine paused is paused (`follow`).
    /// A line is printed when a ramp starts (`from → to, ramping`) and when a level is reached, not at each step.
    func carryOut(at time: Time) {
        let snapshot = graph.snapshot()
        var settled = engine
        if focus.rampWindow > .zero { _ = focus.handle(nil, in: &settled, at: time + focus.rampWindow) }
        for id in streams.keys.sorted() {
            guard var stream = streams[id], let node = snapshot.node(id),
                let now = focus.level(of: stream.app, in: engine)
            else { continue }
            defer { streams[id] = stream }
            let level = Self.rounded(now)
            let target = Self.rounded(focus.level(of: stream.app, in: settled) ?? level)
            let own = node.channelVolumes
            let changed = stream.applied.map { abs($0.level - level) > 0.0005 || $0.over != own } ?? (level != 1)
            if changed {
                hands.setGain(
                    id, factor: Float(level), over: own.isEmpty ? [1] : own, mute: nil,
                    again: stream.applied.map { $0.over != own } ?? true, label: stream.app.name)
                let was = stream.applied?.level ?? 1
                stream.applied = (level, own)
                if level == target {
                    if was != level {
                        output("⇒ \(stream.app) softVolumes \(Profile.text(level))  [\(LiveRule.focusVolume.id)]")
                    }
                    stream.announced = nil
                } else if stream.announced != target {
                    output(
                        "⇒ \(stream.app) softVolumes \(Profile.text(was)) → \(Profile.text(target)), ramping  [\(LiveRule.focusVolume.id)]"
                    )
                    stream.announced = target
                }
            }
            if changed { hands.note(node, lowered: stream.lowered, pausedBy: stream.pausedBy) }
            follow(&stream, node: node, want: focus.want(of: stream.app, in: engine), at: time)
        }
        hands.flush(over: snapshot)
    }

    static func rounded(_ level: Double) -> Double { (level * 1000).rounded() / 1000 }

    /// Pauses a playing stream whose app's stream the engine paused or stopped (over MPRIS when its process owns a
    /// player, else a cork), corks one that ignored MPRIS Pause for `LiveBackend.pauseGrace`, and resumes what the
    /// session paused, the way it paused it, when the engine plays it again.
    func follow(_ stream: inout LiveFocusStream, node: ProgramNode, want: LivePlayerWant?, at time: Time) {
        let label = stream.app.name
        // Its stream stopping after MPRIS Pause is the pause obeyed: nothing is left to confirm.
        if case .mpris = stream.pausedBy, node.state != .running { stream.obeyedPause = true }
        if !stream.paused && stream.playing && want == .paused {
            stream.pausedBy = hands.pause(node, label: label)
            stream.pausedAt = time
            switch stream.pausedBy {
            case .mpris(let bus)?:
                output("⇒ \(label) paused over MPRIS (\(bus.busName))  [\(LiveRule.pauseOverMPRIS.id)]")
            case .cork?, .mprisAndCork?: output("⇒ \(label) corked  [\(LiveRule.cork.id)]")
            case nil: output("  cannot cork \(label)")
            }
        } else if case .mpris(let bus)? = stream.pausedBy, !stream.pauseChecked, !stream.obeyedPause,
            want == .paused, node.state == .running, let since = stream.pausedAt,
            time - since >= LiveBackend.pauseGrace
        {
            // Its stream runs on: the player's own PlaybackStatus says whether it paused.
            switch hands.confirmPause(node.id, player: bus, label: label) {
            case .saysPaused:
                stream.pauseChecked = true
                output("seen: \(label)'s player says it is paused; its stream runs on, silent")
            case .corkedToo:
                stream.pausedBy = .mprisAndCork(bus)
                output("⇒ \(label) ignored MPRIS Pause (\(bus.busName)); corked too  [\(LiveRule.cork.id)]")
            case .corkFailed:
                stream.pauseChecked = true
                output("  \(label) ignored MPRIS Pause (\(bus.busName)) and cannot be corked")
            }
        } else if let way = stream.pausedBy, want == .playing {
            do {
                try hands.resume(node.id, way)
                stream.pausedBy = nil
                stream.pauseChecked = false
                stream.obeyedPause = false
                stream.uncorkedAt = time
                output(
                    way == .cork
                        ? "⇒ \(label) started again  [\(LiveRule.focusUncork.id)]"
                        : "⇒ \(label) resumed (\(way.description))  [\(LiveRule.resumeOwn.id)]")
            } catch {
                output("  cannot start \(label) again: \(error)")
            }
        } else {
            return
        }
        hands.note(node, lowered: stream.lowered, pausedBy: stream.pausedBy)
    }
}
