import ArbiterAndroid
import ArbiterEngine

extension AndroidStage {
    /// A stream as another client of the daemon sees it.
    public struct Reading: Hashable, Sendable {
        /// The node's state is `running`.
        public var running: Bool
        /// The first channel volume of its `Props`; nil when the daemon has not published one.
        public var volume: Double?
    }

    /// The stage's streams in `snapshot` (read by a `GraphObserver` or `pw-dump`), by node name; a stream missing
    /// from the graph is missing here.
    public func readBack(_ snapshot: GraphSnapshot) -> [String: Reading] {
        var readings: [String: Reading] = [:]
        for name in streams.keys {
            guard let stream = snapshot.streams[name] else { continue }
            readings[name] = Reading(running: stream.state == "running", volume: stream.volume)
        }
        return readings
    }

    /// Whether `snapshot` shows what the stage last asked of the graph: each stream running exactly when it was made
    /// active, a running one at the volume last set, and playing into the route bus (linked to the speaker). The
    /// daemon starts and stops streams a cycle or more after the round trip that asked for it. (A stream that has
    /// never run publishes no volume: its format is not negotiated yet.)
    public func isSettled(_ snapshot: GraphSnapshot) -> Bool {
        applied.allSatisfy { name, wanted in
            guard let stream = snapshot.streams[name], (stream.state == "running") == wanted.active,
                stream.targets == [PipeWireStage.speaker]
            else { return false }
            guard wanted.active else { return true }
            return stream.volume.map { abs($0 - wanted.volume) < 0.000_01 } ?? false
        }
    }

    /// Every player whose stream `snapshot` shows otherwise than the engine, in the order declared: `playing`
    /// (running exactly while the player is started) and, while it runs, `volume` (the first channel volume, within
    /// 0.01 of the player's volume).
    public func disagreements(with engine: AndroidEngine, in snapshot: GraphSnapshot) -> [RealDisagreement] {
        let readings = readBack(snapshot)
        var found: [RealDisagreement] = []
        for app in engine.setup.apps {
            let state = engine.state(of: app.name)
            for player in app.players {
                let started = state?.players[player.name] == .started
                let volume = state?.volumes[player.name] ?? 1
                let name = AndroidStage.streamName(app.name, player.name)
                func disagree(_ what: String, _ model: String, _ graph: String) {
                    found.append(
                        RealDisagreement(
                            app: app.name.name, player: player.name, what: what, model: model,
                            graph: graph))
                }
                guard let reading = readings[name] else {
                    disagree("playing", String(started), "no stream \(name)")
                    continue
                }
                if reading.running != started {
                    disagree("playing", String(started), reading.running ? "running" : "not running")
                }
                // What is heard: a stream that has never run publishes no volume (its format is not negotiated).
                guard started && reading.running else { continue }
                if let graphVolume = reading.volume, abs(graphVolume - volume) > 0.01 {
                    disagree("volume", Profile.text(volume), Profile.text(graphVolume))
                } else if reading.volume == nil {
                    disagree("volume", Profile.text(volume), "none published")
                }
            }
        }
        return found
    }
}
