import ArbiterEngine

#if canImport(Glibc)
    import Glibc
#endif

extension PipeWireStage {
    /// The app's players, and the recorder the engine implies.
    static func players(of app: AppConfig) -> [PlayerConfig] {
        var players = app.players
        if !players.contains(where: { $0.kind.isRecorder }) {
            players.append(PlayerConfig(name: "recorder", kind: .recorder))  // implied, as the engine does
        }
        return players
    }

    /// Fails, before anything is made, if `apps` with the `besides` streams (`playback` of them playing into the
    /// buses) that exist are more than one stage carries.
    static func checkLimits(_ apps: [AppConfig], besides: Int = 0, playback: Int = 0) throws(PipeWireError) {
        let players = apps.flatMap(PipeWireStage.players(of:))
        let newPlayback = players.filter { !$0.kind.isRecorder }.count
        if let problem = StreamLimits.problem(
            playback: playback + newPlayback, total: besides + players.count,
            made: besides + newPlayback)
        {
            throw PipeWireError(problem)
        }
    }

    /// A playback stream for each of the app's players; returns their names. The recorder (declared, or the one
    /// the engine implies) gets its capture stream when it first records (`recorderStream`): most apps never do,
    /// and a stream that is never used would take a share of what one daemon carries.
    func createStreams(for app: AppConfig) throws(PipeWireError) -> [String] {
        var names: [String] = []
        for player in PipeWireStage.players(of: app) {
            let name = PipeWireStage.streamName(app.name, player.name)
            guard streams[name] == nil, playerKinds[name] == nil else { continue }
            playerKinds[name] = player.kind
            let spec = StreamSpec(
                app: app.name.name, player: player.name,
                role: PipeWireStage.role(category: app.category, mode: app.mode))
            if player.kind.isRecorder {
                recorders[name] = spec
                continue
            }
            streams[name] = try connection.createStream(
                nodeName: name, app: spec.app, mediaName: spec.player,
                role: spec.role, capture: false, active: false)
            names.append(name)
        }
        return names
    }

    /// What a stream is made with.
    struct StreamSpec {
        var app: String, player: String, role: String
    }

    /// The capture stream of a recorder, made the first time it records: round trips until its ports have
    /// appeared, so it can be linked at once.
    func recorderStream(_ name: String) throws(PipeWireError) -> Int {
        if let stream = streams[name] { return stream }
        let spec = recorders[name]!
        if let problem = StreamLimits.descriptorProblem(streams: streams.count + 1) { throw PipeWireError(problem) }
        let stream = try connection.createStream(
            nodeName: name, app: spec.app, mediaName: spec.player, role: spec.role,
            capture: true, active: false)
        streams[name] = stream
        for _ in 0..<200 where !connection.portsKnown(stream) { try connection.sync() }
        guard connection.portsKnown(stream) else { throw PipeWireError("the recorder stream \(name) got no ports") }
        return stream
    }

    /// New streams start inactive; playback streams play into the route bus. A stream's ports appear a few
    /// round trips after the stream, so linking goes in rounds: every stream whose ports are there is linked,
    /// then one round trip for all of them, until none is left (a bounded number of rounds).
    func prepare(_ names: [String]) throws(PipeWireError) {
        var waiting: [(name: String, bus: String)] = []
        for name in names.sorted() {
            if playerKinds[name]?.isRecorder == false {
                waiting.append((name, try busForNextStream()))
                playbackStreams += 1
            }
        }
        let timeout = PipeWireStage.roundTripTimeout(objects: names.count)
        for _ in 0..<100 where !waiting.isEmpty {
            waiting = waiting.filter { (try? connection.link(streams[$0.name]!, to: $0.bus)) == nil }
            guard !waiting.isEmpty else { break }
            try connection.sync(timeoutMilliseconds: timeout)
            usleep(20_000)
        }
        if let first = waiting.first {
            throw PipeWireError(
                "\(waiting.count) stream\(waiting.count == 1 ? "" : "s") (\(first.name)...) got no ports to "
                    + "link to \(first.bus): \(connection.lastError)")
        }
        try connection.sync(timeoutMilliseconds: timeout)
    }

    /// `media.role` from the category and mode, as a desktop would read it.
    public static func role(category: Category, mode: Mode) -> String {
        switch (category, mode) {
        case (_, .voiceChat), (_, .videoChat), (_, .gameChat): "Communication"
        case (_, .voicePrompt): "Notification"
        case (_, .moviePlayback), (_, .shortFormVideo): "Movie"
        case (.ambient, _), (.soloAmbient, _): "Game"
        case (.record, _): "Production"
        default: "Music"
        }
    }

    /// At most this many streams start between two round trips: started all at once, hundreds of streams left a
    /// few never running.
    static let startBatch = 32

    /// Counts a stream started, and makes a round trip after every `startBatch` of them.
    func paceStart(_ started: Bool) throws(PipeWireError) {
        guard started else { return }
        startedSinceRoundTrip += 1
        guard startedSinceRoundTrip >= PipeWireStage.startBatch else { return }
        startedSinceRoundTrip = 0
        try connection.sync(timeoutMilliseconds: PipeWireStage.roundTripTimeout(objects: PipeWireStage.startBatch))
    }

    /// The node name of the stream for an app's player: `arbiter.APP.PLAYER`.
    public static func streamName(_ app: AppID, _ player: String) -> String { "arbiter.\(app).\(player)" }
}
