import ArbiterEngine

#if canImport(Glibc)
    import Glibc
#endif

/// Plain playback streams (a quiet tone each), one for every player of an engine that says of each whether it plays
/// and at what volume: what Android's and HarmonyOS's stages share. Every stream plays into a route bus
/// (`arbiter.route`, then `arbiter.route.2` past 64 streams), as the iOS stage's do, and each bus is linked to the
/// built-in speaker: nothing is ever relinked. A player's volume is the stream's channel volumes; nothing is muted
/// with `mute`.
public final class PlaybackStreams: @unchecked Sendable {
    public let connection: PipeWireConnection
    /// Stream handles by node name.
    var streams: [String: Int] = [:]
    /// What was last asked of each stream, by node name.
    var applied: [String: Wanted] = [:]
    /// The route buses the streams play into, 64 streams each (`StreamLimits.streamsPerBus`).
    var buses: [String] = []
    /// The volumes the streams take between steps while ramps are under way, each from a moment.
    var rampSteps: [(time: Time, volumes: [String: Double])] = []

    /// A stream to make: its node name, the app and player it stands for, its `media.role` and other properties.
    public struct Declared: Sendable {
        public var nodeName: String
        public var app: String
        public var player: String
        public var role: String
        public var properties: [(String, String)]

        public init(nodeName: String, app: String, player: String, role: String, properties: [(String, String)]) {
            self.nodeName = nodeName
            self.app = app
            self.player = player
            self.role = role
            self.properties = properties
        }
    }

    /// What an engine asks of a stream: whether it runs, and at what volume.
    public struct Wanted: Equatable, Sendable {
        public var active = false
        public var volume = 1.0

        public init(active: Bool = false, volume: Double = 1.0) {
            self.active = active
            self.volume = volume
        }
    }

    /// Prepares the graph: the route buses linked to the built-in speaker, and an inactive stream for each of
    /// `declared`, linked to its bus.
    public init(connection: PipeWireConnection, declared: [Declared]) throws(PipeWireError) {
        self.connection = connection
        let count = declared.count
        if let problem = StreamLimits.problem(playback: count, total: count, made: count) {
            throw PipeWireError(problem)
        }
        if let problem = StreamLimits.descriptorProblem(streams: count) { throw PipeWireError(problem) }
        // A bus carries at most `StreamLimits.streamsPerBus` streams: the 65th player plays into a second bus.
        let busCount = max(1, (count + StreamLimits.streamsPerBus - 1) / StreamLimits.streamsPerBus)
        buses = (0..<busCount).map { $0 == 0 ? PipeWireStage.bus : "\(PipeWireStage.bus).\($0 + 1)" }
        for name in buses + [PipeWireStage.speaker] where !connection.nodeExists(name) {
            try connection.createDeviceNode(
                name: name, isSource: false, positions: "[ FL FR ]",
                properties: [("device.api", "arbiter"), ("device.form-factor", "internal")])
        }
        for _ in 0..<50 where !(buses + [PipeWireStage.speaker]).allSatisfy(connection.nodeExists) {
            try connection.sync()
        }
        for (group, bus) in buses.enumerated() {
            connection.unlink(group: group)
            try connection.link(group: group, from: bus, to: PipeWireStage.speaker)
        }
        for stream in declared where streams[stream.nodeName] == nil {
            streams[stream.nodeName] = try connection.createStream(
                nodeName: stream.nodeName, app: stream.app, mediaName: stream.player, role: stream.role,
                capture: false, active: false, properties: stream.properties)
            applied[stream.nodeName] = Wanted()
        }
        try linkToBus(Array(streams.keys))
    }

    /// Links each stream to the route bus. A stream's ports appear a few round trips after the stream, so linking
    /// goes in rounds: every stream whose ports are there is linked, then one round trip for all, until none is
    /// left (a bounded number of rounds).
    func linkToBus(_ names: [String]) throws(PipeWireError) {
        let timeout = PipeWireStage.roundTripTimeout(objects: names.count)
        try connection.sync(timeoutMilliseconds: timeout)
        let sorted = names.sorted()
        let busOf = Dictionary(
            uniqueKeysWithValues: sorted.enumerated().map {
                ($0.element, buses[$0.offset / StreamLimits.streamsPerBus])
            })
        var waiting = sorted
        for _ in 0..<100 where !waiting.isEmpty {
            waiting = waiting.filter { (try? connection.link(streams[$0]!, to: busOf[$0]!)) == nil }
            guard !waiting.isEmpty else { break }
            try connection.sync(timeoutMilliseconds: timeout)
            usleep(20_000)
        }
        if let first = waiting.first {
            throw PipeWireError(
                "\(waiting.count) stream\(waiting.count == 1 ? "" : "s") (\(first)...) got no ports to "
                    + "link to \(busOf[first]!): \(connection.lastError)")
        }
        try connection.sync(timeoutMilliseconds: timeout)
    }

    /// Sets each stream as `wanted` says: only what differs from what was last asked is changed; then one round trip.
    public func apply(_ wanted: [String: Wanted]) throws(PipeWireError) {
        var changes = 0
        for (name, wanted) in wanted {
            guard let stream = streams[name], let before = applied[name], wanted != before else { continue }
            if wanted.volume != before.volume { connection.setVolume(stream, wanted.volume) }
            if wanted.active != before.active { connection.setActive(stream, wanted.active) }
            applied[name] = wanted
            changes += 1
        }
        try connection.sync(timeoutMilliseconds: PipeWireStage.roundTripTimeout(objects: changes))
    }

    /// The names of the streams.
    public var streamNames: [String] { streams.keys.sorted() }

    // MARK: Ramps between steps, in real time

    /// Notes the volumes the streams go through until the ramps under way end: `volumesAt` gives them at a later
    /// time, with nothing happening, one `step` at a time until `end`; each moment at which one differs is kept.
    func noteRamps(from now: Time, step: Time, until end: Time, _ volumesAt: (Time) -> [String: Double]) {
        rampSteps = []
        var last = volumesAt(now)
        var time = now + step
        while time <= end {
            let volumes = volumesAt(time)
            if volumes != last { rampSteps.append((time, volumes)) }
            last = volumes
            time = time + step
        }
    }

    /// The next moment after `time` at which a ramp under way takes its next step, or nil when none is under way.
    public func nextRampStep(after time: Time) -> Time? { rampSteps.first { $0.time > time }?.time }

    /// Sets every stream to its volume at `time` (the last ramp step noted at or before it).
    public func playRamps(at time: Time) {
        guard let step = rampSteps.last(where: { $0.time <= time }) else { return }
        for (name, volume) in step.volumes {
            guard let stream = streams[name], applied[name]?.volume != volume else { continue }
            connection.setVolume(stream, volume)
            applied[name]?.volume = volume
        }
    }

    // MARK: Reading the graph back

    /// A stream as another client of the daemon sees it.
    public struct Reading: Hashable, Sendable {
        /// The node's state is `running`.
        public var running: Bool
        /// The first channel volume of its `Props`; nil when the daemon has not published one.
        public var volume: Double?
    }

    /// The streams in `snapshot` (read by a `GraphObserver` or `pw-dump`), by node name; a stream missing from the
    /// graph is missing here.
    public func readBack(_ snapshot: GraphSnapshot) -> [String: Reading] {
        var readings: [String: Reading] = [:]
        for name in streams.keys {
            guard let stream = snapshot.streams[name] else { continue }
            readings[name] = Reading(running: stream.state == "running", volume: stream.volume)
        }
        return readings
    }

    /// Whether `snapshot` shows what was last asked of the graph: each stream running exactly when it was made
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

    /// Every player whose stream `snapshot` shows otherwise than `wanted` (in the order given): `playing` (running
    /// exactly while wanted active) and, while it runs, `volume` (the first channel volume, within 0.01).
    public func disagreements(
        with wanted: [(app: String, player: String, nodeName: String, wanted: Wanted)], in snapshot: GraphSnapshot
    ) -> [RealDisagreement] {
        let readings = readBack(snapshot)
        var found: [RealDisagreement] = []
        for (app, player, name, want) in wanted {
            func disagree(_ what: String, _ model: String, _ graph: String) {
                found.append(RealDisagreement(app: app, player: player, what: what, model: model, graph: graph))
            }
            guard let reading = readings[name] else {
                disagree("playing", String(want.active), "no stream \(name)")
                continue
            }
            if reading.running != want.active {
                disagree("playing", String(want.active), reading.running ? "running" : "not running")
            }
            // What is heard: a stream that has never run publishes no volume (its format is not negotiated).
            guard want.active && reading.running else { continue }
            if let graphVolume = reading.volume, abs(graphVolume - want.volume) > 0.01 {
                disagree("volume", Profile.text(want.volume), Profile.text(graphVolume))
            } else if reading.volume == nil {
                disagree("volume", Profile.text(want.volume), "none published")
            }
        }
        return found
    }
}
