import Foundation
import Testing

@testable import ArbiterPipeWire

/// `ProgramGraph` beside WirePlumber 0.4 on a private daemon (with a private session bus and state directory, as
/// tools/bench-unplug.sh runs it): what WirePlumber keeps of a program's volumes, and how its role policy shows.
@Suite("Other programs' nodes, beside WirePlumber", .serialized)
struct ProgramGraphWirePlumberTests {
    @Test("WirePlumber saves a program's channel volumes in its state file, never its soft volumes")
    func persistence() throws {
        let session = try WirePlumberSession(roleEndpoints: false)
        defer { session.stop() }
        let graph = try ProgramGraph(remote: session.daemon.runtimeDirectory + "/pipewire-0")
        defer { graph.close() }
        let (music, player) = try session.playMusic(graph)
        defer { OtherProgram.stop(player) }
        try graph.setSoftVolumes(node: music, [0.3, 0.3])
        try graph.sync()
        _ = graph.snapshot(settlingWithin: 5) { $0.node(music)?.softVolumes == [0.3, 0.3] }
        // The user's own volume, changed after the duck: WirePlumber saves the stream's Props once, a second after
        // the last change, so once the file holds 0.6 it has seen the soft volumes too.
        _ = try tool(session.daemon, ["pw-cli", "set-param", "\(music)", "Props", "{ channelVolumes: [ 0.6, 0.6 ] }"])
        var saved = ""
        for _ in 0..<500 where !saved.contains("Output/Audio:media.role:Music:channelVolumes=0.6") {
            usleep(20_000)
            saved = (try? String(contentsOfFile: session.stateFile, encoding: .utf8)) ?? ""
        }
        #expect(saved.contains("Output/Audio:media.role:Music:channelVolumes=0.6"))
        #expect(!saved.contains("softVolumes"))
        #expect(!saved.contains("=0.3"))
        #expect(graph.snapshot().node(music)?.softVolumes == [0.3, 0.3])
    }

    @Test("WirePlumber 0.4's role endpoints show as role policy; its stock configuration shows none")
    func roleEndpoints() throws {
        let stock = try WirePlumberSession(roleEndpoints: false)
        defer { stock.stop() }
        let plain = try ProgramGraph(remote: stock.daemon.runtimeDirectory + "/pipewire-0")
        defer { plain.close() }
        let (_, player) = try stock.playMusic(plain)
        defer { OtherProgram.stop(player) }
        #expect(plain.snapshot().rolePolicy == [])

        let roles = try WirePlumberSession(roleEndpoints: true)
        defer { roles.stop() }
        let graph = try ProgramGraph(remote: roles.daemon.runtimeDirectory + "/pipewire-0")
        defer { graph.close() }
        // The stock 50-endpoints-config.lua has 9 roles: an Endpoint global and an endpoint node each.
        let seen = graph.snapshot(settlingWithin: 10) { $0.rolePolicy.count >= 18 }
        #expect(seen.rolePolicy.count == 18)
        #expect(seen.rolePolicy.contains { $0.contains("endpoint.name endpoint.multimedia") })
        #expect(seen.rolePolicy.contains { $0.contains("(control.endpoint.navigation) has wireplumber.is-endpoint") })
    }
}

/// A private daemon with WirePlumber 0.4 on it: its own session bus, state and (for role endpoints) configuration,
/// all in the daemon's runtime directory. Every process is stopped by its pid.
struct WirePlumberSession {
    let daemon: PrivateDaemon
    private(set) var helpers: [pid_t] = []

    /// Where WirePlumber's restore-stream keeps the streams' volumes.
    var stateFile: String { daemon.runtimeDirectory + "/state/wireplumber/restore-stream" }

    /// Starts the daemon, a session bus and WirePlumber; with `roleEndpoints`, its stock configuration with the
    /// role endpoints of 50-endpoints-config.lua turned on (their comment markers removed).
    init(roleEndpoints: Bool) throws {
        for program in ["wireplumber", "dbus-daemon"] {
            try #require(
                access("/usr/bin/\(program)", X_OK) == 0,
                "\(program) is not installed (tools/setup.sh installs it)")
        }
        // WirePlumber makes its own `default` metadata.
        let configuration = PrivateDaemon.defaultConfiguration.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.contains("metadata.name = default") }.joined(separator: "\n")
        daemon = try PrivateDaemon(configuration: configuration)
        let directory = daemon.runtimeDirectory
        var environment = [
            "XDG_RUNTIME_DIR=\(directory)", "PIPEWIRE_RUNTIME_DIR=\(directory)",
            "DBUS_SESSION_BUS_ADDRESS=unix:path=\(directory)/bus", "PATH=/usr/bin:/bin",
            "HOME=\(directory)", "XDG_STATE_HOME=\(directory)/state", "PIPEWIRE_LOG=/dev/null",
        ]
        if roleEndpoints {
            let config = directory + "/config/wireplumber"
            try FileManager.default.createDirectory(atPath: directory + "/config", withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: "/usr/share/wireplumber", toPath: config)
            let endpoints = config + "/policy.lua.d/50-endpoints-config.lua"
            let text = try String(contentsOfFile: endpoints, encoding: .utf8)
            try text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.hasPrefix("--[[") || $0.hasPrefix("]]--") ? "" : $0 }
                .joined(separator: "\n").write(toFile: endpoints, atomically: true, encoding: .utf8)
            environment.append("XDG_CONFIG_HOME=\(directory)/config")
        }
        do {
            let bus = ["/usr/bin/dbus-daemon", "--session", "--nofork", "--address=unix:path=\(directory)/bus"]
            helpers.append(try WirePlumberSession.spawn(bus, environment, directory))
            for _ in 0..<250 where access(directory + "/bus", F_OK) != 0 { usleep(20_000) }
            try #require(access(directory + "/bus", F_OK) == 0, "dbus-daemon opened no socket")
            helpers.append(try WirePlumberSession.spawn(["/usr/bin/wireplumber"], environment, directory))
        } catch {
            stop()
            throw error
        }
    }

    /// Stops WirePlumber, the bus and the daemon, each by its pid.
    func stop() {
        for pid in helpers.reversed() { OtherProgram.stop(pid) }
        daemon.stop()
    }

    private static func spawn(_ arguments: [String], _ environment: [String], _ directory: String) throws -> pid_t {
        let name = (arguments[0] as NSString).lastPathComponent
        let pid = PrivateDaemon.spawnChild(arguments, environment: environment, log: "\(directory)/\(name).log")
        try #require(pid > 0, "cannot run \(arguments[0])")
        return pid
    }

    /// Plays the tone with `pw-play --media-role Music` as TestMusic, leaving its ports and links to WirePlumber,
    /// until its node runs. A stream that comes before WirePlumber has seen the sinks is refused ("no node
    /// available") and pw-play exits: it is started again, a few times at most.
    func playMusic(_ graph: ProgramGraph) throws -> (UInt32, pid_t) {
        let directory = daemon.runtimeDirectory
        let file = directory + "/tone.wav"
        try OtherProgram.writeTone(file, seconds: 30)
        for _ in 0..<5 {
            let pid = PrivateDaemon.spawnChild(
                ["/usr/bin/pw-play", "--media-role", "Music", "-P", "{ application.name = \"TestMusic\" }", file],
                environment: [
                    "XDG_RUNTIME_DIR=\(directory)", "PIPEWIRE_RUNTIME_DIR=\(directory)",
                    "PIPEWIRE_REMOTE=pipewire-0", "PIPEWIRE_LOG=/dev/null",
                ],
                log: directory + "/pw-play.log")
            try #require(pid > 0, "cannot run /usr/bin/pw-play (apt-get install pipewire-bin)")
            func music(_ snapshot: ProgramGraphSnapshot) -> ProgramNode? {
                snapshot.streams.first { $0.properties["application.name"] == "TestMusic" }
            }
            let running = graph.snapshot(settlingWithin: 5) { music($0)?.state == .running }
            if let node = music(running), node.state == .running { return (node.id, pid) }
            OtherProgram.stop(pid)
            _ = graph.snapshot(settlingWithin: 5) { music($0) == nil }
        }
        Issue.record("WirePlumber did not link TestMusic to a sink in 5 tries")
        throw PipeWireError("TestMusic never ran")
    }
}
