import ArbiterEngine
import ArbiterPipeWire
import ArbiterScenario

/// What every platform's replay backend keeps of the real graph: the stage on its connection, the replay's clock,
/// the observer the graph is read back from, and whether the daemon has gone away. It waits out the scenario's times
/// with `--realtime` (playing the ramps under way), and runs work on the graph only while the daemon is there.
final class GraphLink<Stage: RampingStage> {
    let stage: Stage
    let realtime: Bool
    /// The replay's time at each real moment.
    private var clock: ReplayClock
    /// Set once the daemon has gone away.
    private var gone = false
    /// The connection the graph is read back from; one for every file of a run.
    private let graphObserver: ObserverConnection

    /// Connects to the daemon and makes the stage with `makeStage`. A daemon that cannot be reached any more (it
    /// answered when the command started) throws `RealSystemGone`.
    init(
        runtimeDirectory: String, remote: String?, realtime: Bool, observer: ObserverConnection?,
        makeStage: (PipeWireConnection) throws -> Stage
    ) throws {
        let connection: PipeWireConnection
        do {
            connection = try PipeWireConnection(remote: remote ?? (runtimeDirectory + "/pipewire-0"))
        } catch {
            throw RealSystemGone("the PipeWire daemon cannot be reached any more (\(error))")
        }
        stage = try makeStage(connection)
        stage.realtime = realtime
        self.realtime = realtime
        clock = ReplayClock(realtime: realtime)
        graphObserver = observer ?? ObserverConnection(runtimeDirectory: runtimeDirectory, remote: remote)
    }

    /// The replay has reached `time` now.
    func reached(_ time: Time) { clock.reached(time, at: PipeWireConnection.now) }

    /// The replay's time at a real moment.
    func time(at moment: Double) -> Time { clock.time(at: moment) }

    /// The milliseconds until the replay's clock reaches `time` with `--realtime` (0 without, or when it is late).
    func delay(until time: Time) -> Int {
        guard realtime else { return 0 }
        let start = clock.start ?? (PipeWireConnection.now - time.seconds)
        return max(0, Int(((start + time.seconds - PipeWireConnection.now) * 1000).rounded(.up)))
    }

    /// With `--realtime`, waits until the scenario's `time`, playing the volume ramps under way as their steps
    /// come; without, returns at once. Then the replay has reached `time`.
    func wait(until time: Time) throws {
        _ = try waitPlayingRamps(until: time) { milliseconds throws(PipeWireError) in
            try stage.connection.wait(milliseconds: milliseconds)
            return false
        }
        reached(time)
    }

    /// With `--realtime`, waits with `wait` (true: woken early, which ends it) until `time`, playing the volume
    /// ramps under way between steps as their steps come. Returns whether it was woken early.
    func waitPlayingRamps(until time: Time, _ wait: (Int) throws(PipeWireError) -> Bool) throws -> Bool {
        while true {
            let now = clock.time(at: PipeWireConnection.now)
            let step = stage.nextRampStep(after: now).flatMap { $0 < time ? $0 : nil }
            let delay = delay(until: step ?? time)
            if delay > 0, try wait(delay) { return true }
            guard let step else { return false }
            stage.playRamps(at: step)
        }
    }

    /// Runs `body` on the graph while the daemon is there; `otherwise` once it has gone away. The error that finds it
    /// gone says what happens next.
    func onGraph<T>(otherwise: T, _ body: () throws -> T) throws -> T {
        guard !gone else { return otherwise }
        do {
            return try body()
        } catch {
            guard !stage.connection.isAlive else { throw error }
            gone = true
            throw RealSystemGone(
                "the PipeWire daemon went away (\(stage.connection.lastError)); "
                    + "nothing more is carried out on the graph")
        }
    }

    /// The graph as the observer sees it once `settled` holds for it, or as it is after
    /// `PipeWireReplayBackend.settling` seconds.
    func snapshot(until settled: (GraphSnapshot) -> Bool) throws -> GraphSnapshot {
        try graphObserver.observer().snapshot(settlingWithin: PipeWireReplayBackend.settling, until: settled)
    }

    /// The streams as the observer sees them once `settled` holds (or after `PipeWireReplayBackend.settling`
    /// seconds), a line each: state, volume, mute (`withMute`) and links. `names` picks the streams from the graph.
    func describe(
        until settled: (GraphSnapshot) -> Bool, names: (GraphSnapshot) -> [String],
        withMute: Bool
    ) throws -> [String] {
        if gone { throw PipeWireError("the PipeWire daemon went away; there is no graph to show") }
        let snapshot = try snapshot(until: settled)
        return names(snapshot).map { name in
            guard let stream = snapshot.streams[name] else { return "\(name)  missing" }
            let volume = stream.volume.map { "volume \(Profile.text($0))" } ?? "volume ?"
            let mute = withMute ? "  " + (stream.mute.map { $0 ? "muted" : "unmuted" } ?? "mute ?") : ""
            let targets = stream.targets.isEmpty ? "unlinked" : "→ " + stream.targets.sorted().joined(separator: ", ")
            return "\(name)  \(stream.state)  \(volume)\(mute)  \(targets)"
        }
    }
}
