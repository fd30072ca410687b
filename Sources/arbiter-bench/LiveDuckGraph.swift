import ArbiterPipeWire
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The duck benchmark's graph: a private daemon with null sinks, WirePlumber on a private session bus with its
/// configuration and state in private folders, the registry watcher, and the programs: `programs - 1` Music
/// stand-ins (`pw-play --media-role Music`, application.name Music1, Music2, ...) playing a long tone, and a
/// Navigation one that each run starts and stops.
final class DuckGraph {
    let daemon: PrivateDaemon
    let watcher: DuckWatcher
    /// The daemon's socket, as a client names it (`--pipewire-remote`).
    let remote: String
    /// What every program started on the graph gets: the private runtime folder, session bus, configuration and
    /// state.
    let environment: [String]
    /// The Music programs' application names.
    let music: [String]
    private let tools: WirePlumberTools
    private let tone: String
    /// The latency every program asks for, in frames at 48 kHz (nil: pw-play's own 100 ms, which the daemon's
    /// largest quantum, 2,048 frames, bounds); the graph runs at the smallest asked.
    private let quantum: Int?
    private var helpers: [pid_t] = []
    private var players: [pid_t] = []

    /// Starts the daemon, the session bus, WirePlumber (with its role policy or only its linking), the watcher and
    /// the Music programs, and waits until every Music stream runs.
    init(
        rolePolicy: Bool, roleNodes: String? = nil, programs: Int, tone: String, quantum: Int? = nil,
        tools: WirePlumberTools, watcher binary: String, settle limit: Double
    ) throws(BenchFailure) {
        self.tools = tools
        self.tone = tone
        self.quantum = quantum
        music = (1..<programs).map { "Music\($0)" }
        do {
            // WirePlumber makes its own `default` metadata: leave ours out.
            let configuration = PrivateDaemon.defaultConfiguration.split(
                separator: "\n", omittingEmptySubsequences: false
            )
            .filter { !$0.contains("metadata.name = default") }.joined(separator: "\n")
            daemon = try PrivateDaemon(configuration: configuration)
        } catch {
            throw BenchFailure("\(error)")
        }
        let directory = daemon.runtimeDirectory
        remote = directory + "/pipewire-0"
        let bus = "unix:path=\(directory)/bus"
        environment = [
            "XDG_RUNTIME_DIR=\(directory)", "PIPEWIRE_RUNTIME_DIR=\(directory)", "PIPEWIRE_REMOTE=\(remote)",
            "DBUS_SESSION_BUS_ADDRESS=\(bus)", "XDG_CONFIG_HOME=\(directory)/config",
            "XDG_STATE_HOME=\(directory)/state", "HOME=\(directory)", "PATH=/usr/bin:/bin",
        ]
        var started: [pid_t] = []
        var endpoints = 0
        do throws(BenchFailure) {
            endpoints = try DuckWirePlumberConfig.write(
                to: directory + "/config", rolePolicy: rolePolicy, roleNodes: roleNodes)
            started.append(
                try PrivateDaemonTools.spawn(
                    [tools.dbus, "--session", "--nofork", "--address=\(bus)"],
                    environment: environment))
            let busDeadline = seconds() + limit
            while access("\(directory)/bus", F_OK) != 0 {
                guard seconds() < busDeadline else {
                    throw BenchFailure("dbus-daemon opened no socket within \(limit) s")
                }
                usleep(10_000)
            }
            started.append(
                try PrivateDaemonTools.spawn(
                    [tools.wireplumber], environment: environment,
                    log: directory + "/wireplumber.log"))
            watcher = try DuckWatcher(binary: binary, remote: remote, directory: directory, environment: environment)
        } catch {
            PrivateDaemonTools.stop(started)
            daemon.stop()
            throw error
        }
        helpers = started
        do throws(BenchFailure) {
            if endpoints > 0 {
                // A stream that comes before the endpoints are placed may be linked past them: wait until every
                // playback endpoint is linked to the speaker.
                try waitForEndpoints(endpoints, within: limit)
            }
            players = try music.map(play)
            try waitForMusic(within: limit)
        } catch {
            stop()
            throw error
        }
    }

    deinit { stop() }

    /// WirePlumber 0.4's node for the Multimedia role (Movie, Music, Game): its role policy ducks it.
    static let multimediaEndpoint = "control.endpoint.multimedia"

    /// The Music streams, in program order, once each has shown.
    var musicStreams: [Int] { music.compactMap { watcher.streams(of: $0).first } }

    /// Starts a stand-in program playing the tone with this role.
    func play(_ application: String, role: String) throws(BenchFailure) -> pid_t {
        try PrivateDaemonTools.spawn(
            [tools.play, "--media-role", role, "-P", "{ application.name = \"\(application)\" }", "--volume", "0.1"]
                + (quantum.map { ["--latency", "\($0)"] } ?? []) + [tone], environment: environment)
    }

    private func play(_ application: String) throws(BenchFailure) -> pid_t { try play(application, role: "Music") }

    /// Waits until `count` playback endpoints are linked to the speaker (two channels each), and a moment more
    /// for WirePlumber to settle.
    private func waitForEndpoints(_ count: Int, within limit: Double) throws(BenchFailure) {
        do {
            let connection = try PipeWireConnection(remote: remote)
            guard
                try connection.waitForLinks(
                    into: DuckGraph.speaker, atLeast: 2 * count, milliseconds: Int(limit * 1000))
            else {
                throw BenchFailure(
                    "WirePlumber did not link its \(count) playback endpoints within \(limit) s "
                        + "(\(connection.linksInto(DuckGraph.speaker)) of \(2 * count) channel links)")
            }
        } catch let failure as BenchFailure {
            throw failure
        } catch {
            throw BenchFailure("\(error)")
        }
        try watcher.drain(for: 0.5)
    }

    /// The sink WirePlumber links everything to (the highest priority.session of the project's null sinks).
    static let speaker = "arbiter.port.builtInSpeaker"

    /// Waits until every Music stream runs (linked to a running sink); a program that started before WirePlumber
    /// could place it ("no node available") has ended, and is started again.
    private func waitForMusic(within limit: Double) throws(BenchFailure) {
        var restarts = 0
        let deadline = seconds() + limit
        while true {
            let streams = musicStreams
            if streams.count == music.count, streams.allSatisfy({ watcher.nodes[$0]?.state == "running" }) { return }
            for index in players.indices
            where PrivateDaemonTools.hasExited(players[index]) && restarts < 10 * music.count {
                restarts += 1
                players[index] = try play(music[index])
            }
            guard seconds() < deadline else {
                let running = streams.filter { watcher.nodes[$0]?.state == "running" }.count
                let log =
                    (try? String(contentsOfFile: daemon.runtimeDirectory + "/wireplumber.log", encoding: .utf8)) ?? ""
                let said = log.split(separator: "\n").suffix(2).joined(separator: " / ")
                throw BenchFailure(
                    "WirePlumber did not link the \(music.count) Music streams within \(limit) s "
                        + "(\(streams.count) shown, \(running) running; WirePlumber said: \(said.isEmpty ? "nothing" : said))"
                )
            }
            _ = try watcher.next(before: min(deadline, seconds() + 0.1))
        }
    }

    /// Whether every Music program still plays.
    var musicPlays: Bool {
        let streams = musicStreams
        return streams.count == music.count && streams.allSatisfy { watcher.nodes[$0]?.state == "running" }
    }

    /// Stops the programs, the watcher, WirePlumber, the bus and the daemon, each by its pid.
    func stop() {
        PrivateDaemonTools.stop(players)
        players = []
        watcher.stop()
        PrivateDaemonTools.stop(helpers)
        helpers = []
        daemon.stop()
    }

    /// Adds a helper (Arbiter) to stop with the graph, before WirePlumber.
    func adopt(_ pid: pid_t) { helpers.append(pid) }
}
