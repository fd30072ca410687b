import ArbiterEngine
import ArbiterPipeWire
import Logging

/// A focus platform's policy over other programs' streams on a running daemon: each playback stream is an app of
/// what its `media.role` stands for on the platform, its running and stopping are the app's start and stop, and
/// what the engine decides is done to the streams through the same hands as iOS's (`ProgramHands`): their volumes
/// (duck, fade, mute) as softVolumes, a pause over MPRIS or as a cork, each written to the ledger for the guard.
/// Nothing is linked or moved. The platform (`LiveFocusPlatform`) brings its engine and its words alone.
///
/// The engine's setup is fixed, so when a program appears the engine is made again with the new app list and the
/// session's events so far are replayed (the engine is deterministic); the events are forgotten, and the apps that
/// left dropped, whenever nothing plays.
public final class LiveFocusSession<Platform: LiveFocusPlatform> {
    /// How long a stream stays stopped before its app is taken to have stopped (as `LiveBackend.stopGrace`).
    public static var stopGrace: Time { .ms(150) }
    /// How long a stream the session started again has to run before it counts as stopped.
    public static var uncorkGrace: Time { .ms(1000) }
    /// How many events are kept before they are compacted (`compact`).
    static var eventsKept: Int { 4096 }

    /// The platform deciding: its engine and its words.
    public let focus: Platform
    /// What acts on the programs: the graph, the MPRIS players and the ledger.
    public let hands: ProgramHands
    var graph: any ProgramGraphAccess { hands.graph }
    let output: (String) -> Void
    /// The session's time: since it started, to the millisecond.
    let clock: () -> Time
    /// Events seen outside the graph (a restart of the daemon, the phone stack's calls), for the next turn.
    var pendingEvents: [Platform.Event] = []
    /// The phone stack's call, as last read (ModemManager).
    var modemCall = PhoneCallStatus.idle
    var engine: Platform.Engine
    var apps: [Platform.App] = []
    var events: [(Platform.Event, Time)] = []
    var streams: [UInt32: LiveFocusStream] = [:]
    var rampUntil: Time = .zero
    /// Apps whose short stream went away, playing on until the hold is over (`LiveBackend.shortStreamHold`).
    var held: [HeldApp] = []
    /// How many apps were declared.
    var declaredCount = 0

    /// A session over `graph` with `focus`'s policy, pausing over `players`' MPRIS when there is a session bus and
    /// writing its changes to `ledger`; each line it has to say goes to `output`. `clock` tells the session's time
    /// for `turn(lines:)` (by default, the time since it started).
    public init(
        graph: any ProgramGraphAccess, focus: Platform, players: (any MediaPlayerAccess)? = nil,
        ledger: LeaveLedger? = nil, logger: Logger = Logger(label: "arbiter"), clock: (() -> Time)? = nil,
        output: @escaping (String) -> Void
    ) throws {
        hands = ProgramHands(graph: graph, players: players, ledger: ledger, logger: logger)
        self.focus = focus
        self.output = output
        self.clock = clock ?? LiveSession.wallClock()
        engine = try focus.engine(for: [])
    }

    /// The programs' streams followed now.
    public var followed: Int { streams.count }

    /// The engine as it stands (its apps' states and volumes).
    public var state: Platform.Engine { engine }

    /// Reads the graph, tells the engine what the streams did at `time` (since the session started), and acts on
    /// the streams. Returns whether volumes may still move: then the next turn should come within 25 ms.
    @discardableResult
    public func turn(at time: Time) -> Bool {
        let snapshot = graph.snapshot()
        var happened = pendingEvents
        pendingEvents = []
        var declared = false
        let present = Set(snapshot.nodes.map(\.id))
        for id in streams.keys.sorted() where !present.contains(id) {
            happened += streamGone(id, at: time)
        }
        for node in snapshot.streams where node.mediaClass == "Stream/Output/Audio" {
            if streams[node.id] == nil {
                if !carryOnHeld(node, at: time) {
                    declare(node)
                    declared = true
                }
            } else if reclassify(node) {
                declared = true
            }
            happened += seen(node, at: time)
        }
        if declared { rebuild() }
        happened += heldStopsDue(at: time)
        for event in happened {
            events.append((event, time))
            report(focus.handle(event, in: &engine, at: time), at: time)
        }
        if happened.isEmpty && time > focus.now(of: engine) {
            report(focus.handle(nil, in: &engine, at: time), at: time)
        }
        carryOut(at: time)
        forgetWhenQuiet()
        compact()
        return time < rampUntil
    }

    /// The stream is gone: its app stops if it played (held for `LiveBackend.shortStreamHold` when it played only
    /// a breath), and nothing of it is left to undo. With no time (the daemon restarted), at once.
    func streamGone(_ id: UInt32, at time: Time? = nil) -> [Platform.Event] {
        guard let stream = streams.removeValue(forKey: id) else { return [] }
        hands.forget(id)
        output("seen: \(stream.app) gone")
        guard stream.playing else { return [] }
        if let time, !stream.paused, stream.ranShort(until: time) {
            held.append(
                HeldApp(
                    app: stream.app, program: stream.program, role: stream.role,
                    until: time + LiveBackend.shortStreamHold))
            output("seen: \(stream.app) held for \(LiveBackend.shortStreamHold): its stream played only a breath")
            return []
        }
        return focus.stops(stream.app, gone: true)
    }

    /// A new stream of a program whose short stream went away within the hold, with the same role: it carries on
    /// that app's play, which never stopped. Whether it did.
    func carryOnHeld(_ node: ProgramNode, at time: Time) -> Bool {
        let program = ProgramIdentity.name(from: node.properties)
        let role = node.properties["media.role"]
        guard let index = held.firstIndex(where: { $0.program == program && $0.role == role }) else { return false }
        let hold = held.remove(at: index)
        var stream = LiveFocusStream(node: node.id, app: hold.app, program: program, role: role)
        stream.playing = true
        stream.hasPlayed = true
        stream.playingSince = time
        stream.uncorkedAt = time  // it has a moment to start running
        streams[node.id] = stream
        output("seen: \(hold.app)'s program opened another stream (node \(node.id)) within the hold: it plays on")
        return true
    }

    /// The stops held for apps whose short stream went away, once the hold is over with no other stream.
    func heldStopsDue(at time: Time) -> [Platform.Event] {
        let due = held.filter { $0.until <= time }
        held.removeAll { $0.until <= time }
        return due.flatMap { hold -> [Platform.Event] in
            output("seen: \(hold.app)'s hold is over: it stops")
            return focus.stops(hold.app, gone: true)
        }
    }

    /// Puts every stream back as it was: its softVolumes back to its own volume, and what the session paused
    /// resumed. The ledger is then empty.
    public func leave() {
        let snapshot = graph.snapshot()
        for id in streams.keys.sorted() {
            guard var stream = streams[id] else { continue }
            if stream.applied != nil, let node = snapshot.node(id) {
                try? hands.setSoftVolumes(id, node.channelVolumes.isEmpty ? [1] : node.channelVolumes, mute: nil)
                stream.applied = nil
            }
            if let way = stream.pausedBy {
                try? hands.resume(id, way)
                stream.pausedBy = nil
            }
            streams[id] = stream
        }
        hands.cleared()
    }

    // MARK: What was seen

    /// Declares the stream's app: named for its program and node, of what its role stands for.
    func declare(_ node: ProgramNode) {
        let role = node.properties["media.role"]
        let program = ProgramIdentity.name(from: node.properties)
        // A node id the daemon reuses while the app of its earlier stream is still in the list gets a suffix.
        let base = "\(program)-\(node.id)"
        var name = AppID(base)
        var count = 1
        while apps.contains(where: { focus.name(of: $0) == name }) {
            count += 1
            name = AppID("\(base)-\(count)")
        }
        apps.append(focus.app(name, role: role, number: declaredCount))
        declaredCount += 1
        streams[node.id] = LiveFocusStream(node: node.id, app: name, program: program, role: role)
        let known = role.map { focus.knows(role: $0) ? $0 : "\($0), unknown role" } ?? "no role"
        output("seen: \(name) (\(known), \(focus.kind(of: role, declared: true)))")
    }

    /// A stream that has not played yet whose `media.role` changed (set a moment after the node appeared): its app
    /// takes what the new role stands for. Returns whether the apps changed (the engine is then made again).
    func reclassify(_ node: ProgramNode) -> Bool {
        guard var stream = streams[node.id], !stream.hasPlayed, stream.role != node.properties["media.role"],
            let index = apps.firstIndex(where: { focus.name(of: $0) == stream.app })
        else { return false }
        let role = node.properties["media.role"]
        focus.reclassify(&apps[index], role: role)
        stream.role = role
        streams[node.id] = stream
        output(
            "seen: \(stream.app) now has \(role.map { "role \($0)" } ?? "no role") "
                + "(\(focus.kind(of: role, declared: true))): set before it first played")
        return true
    }

    /// The stream's app's events for what the stream does now: its start when it starts running, its stop once it
    /// stayed stopped for the grace. A stream the session paused is stopped by the pause.
    func seen(_ node: ProgramNode, at time: Time) -> [Platform.Event] {
        guard var stream = streams[node.id] else { return [] }
        defer { streams[node.id] = stream }
        if stream.pausedBy?.corks == true, hands.recorkIfLapsed(&stream.corkLapsed, node: node, label: stream.app.name)
        {
            output("⇒ \(stream.app) started again by the daemon; corked again  [\(LiveRule.cork.id)]")
        }
        guard stream.pausedBy == nil else { return [] }
        if node.state == .running {
            stream.stoppedSince = nil
            stream.uncorkedAt = nil
            guard !stream.playing else { return [] }
            stream.playing = true
            stream.hasPlayed = true
            stream.playingSince = time
            output(
                "seen: \(stream.app) (\(stream.role ?? "no role"), \(focus.kind(of: stream.role, declared: false))) "
                    + "running")
            return focus.starts(stream.app)
        }
        guard stream.playing, node.state != .creating else { return [] }
        let since = stream.stoppedSince ?? time
        stream.stoppedSince = since
        let grace = stream.uncorkedAt.map { max(since, $0 + Self.uncorkGrace - Self.stopGrace) } ?? since
        let hold = stream.ranShort(until: since) ? LiveBackend.shortStreamHold : Self.stopGrace
        guard time - grace >= hold else { return [] }
        stream.playing = false
        stream.stoppedSince = nil
        stream.uncorkedAt = nil
        output("seen: \(stream.app) stopped")
        return focus.stops(stream.app, gone: false)
    }

    /// A new engine for the app list, with the session's events replayed in it (their outcomes were printed).
    func rebuild() {
        do {
            var fresh = try focus.engine(for: apps)
            for (event, at) in events { _ = focus.handle(event, in: &fresh, at: at) }
            engine = fresh
        } catch {
            output("error: the apps seen make no setup of the platform's: \(error)")
        }
    }

    /// When nothing plays and no one holds focus: the events are forgotten and the apps that left dropped.
    func forgetWhenQuiet() {
        guard !events.isEmpty, focus.isQuiet(engine), !streams.values.contains(where: { $0.playing || $0.paused })
        else { return }
        let here = Set(streams.values.map(\.app))
        apps.removeAll { !here.contains(focus.name(of: $0)) }
        events = []
        rebuild()
    }

    /// When the events grow past `eventsKept` and nothing is paused: they become the start of each stream that
    /// plays, in the order they started, so the engine's requests are made again in that order.
    func compact() {
        guard events.count > Self.eventsKept, held.isEmpty, !streams.values.contains(where: \.paused) else { return }
        let here = Set(streams.values.map(\.app))
        apps.removeAll { !here.contains(focus.name(of: $0)) }
        events = streams.values.filter(\.playing).sorted {
            ($0.playingSince ?? .zero, $0.node) < ($1.playingSince ?? .zero, $1.node)
        }
        .flatMap { stream in focus.starts(stream.app).map { ($0, stream.playingSince ?? .zero) } }
        rebuild()
    }

    /// Prints what an event did (the platform's lines, each with its rule); a decision opens the ramp window.
    func report(_ said: (lines: [String], decided: Bool), at time: Time) {
        said.lines.forEach(output)
        if said.decided { rampUntil = max(rampUntil, time + focus.rampWindow) }
    }
}
