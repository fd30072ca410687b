import Foundation
import Testing

@testable import ArbiterPipeWire

/// Another program on a private daemon, followed and acted on through `ProgramGraph`: `pw-play` as the program
/// TestMusic (role Music) playing a quiet tone to the built-in speaker. What the graph shows is checked against
/// `pw-dump`, and what the speaker plays is recorded from its monitor ports.
@Suite("Other programs' nodes, through ProgramGraph", .serialized)
struct ProgramGraphTests {
    @Test("a program's stream appears with its properties, beside the device nodes, and runs once linked")
    func appears() throws {
        let daemon = try PrivateDaemon()
        defer { daemon.stop() }
        let graph = try ProgramGraph(remote: daemon.runtimeDirectory + "/pipewire-0")
        defer { graph.close() }
        let player = try OtherProgram.play(on: daemon)
        defer { OtherProgram.stop(player) }
        let (music, links) = try OtherProgram.linkToSpeaker(graph, daemon)
        defer { withExtendedLifetime(links) {} }
        let snapshot = graph.snapshot()
        let node = try #require(snapshot.node(music))
        #expect(node.mediaClass == "Stream/Output/Audio")
        #expect(node.isStream)
        #expect(node.state == .running)
        #expect(node.properties["application.name"] == "TestMusic")
        #expect(node.properties["media.role"] == "Music")
        #expect(node.properties["node.name"] == "pw-play")
        // Who runs it comes from its client: pw-play is pw-cat; the node's own application.name wins.
        #expect(node.properties["application.process.id"] == "\(player)")
        #expect(node.properties["application.process.binary"] == "pw-cat")
        #expect(node.properties["pipewire.sec.pid"] == "\(player)")
        #expect(node.properties["client.id"] != nil)
        #expect(node.channelVolumes == [1, 1])
        #expect(node.mute == false)
        // The device nodes it can play to are there too; the drivers (no media class) are not.
        let speaker = try #require(snapshot.nodes.first { $0.properties["node.name"] == "arbiter.port.builtInSpeaker" })
        #expect(speaker.mediaClass == "Audio/Sink")
        #expect(!speaker.isStream)
        #expect(!snapshot.nodes.contains { $0.properties["node.name"] == "Dummy-Driver" })
        #expect(snapshot.nodes.map(\.id) == snapshot.nodes.map(\.id).sorted())
        #expect(snapshot.rolePolicy == [])
    }

    @Test("soft volumes set from outside are published back, leave the channel volumes, and play in their place")
    func softVolumes() throws {
        let daemon = try PrivateDaemon()
        defer { daemon.stop() }
        let graph = try ProgramGraph(remote: daemon.runtimeDirectory + "/pipewire-0")
        defer { graph.close() }
        let player = try OtherProgram.play(on: daemon)
        defer { OtherProgram.stop(player) }
        let (music, links) = try OtherProgram.linkToSpeaker(graph, daemon)
        defer { withExtendedLifetime(links) {} }
        // The user's own volume, as a mixer sets it.
        _ = try tool(daemon, ["pw-cli", "set-param", "\(music)", "Props", "{ channelVolumes: [ 0.5, 0.5 ] }"])
        _ = graph.snapshot(settlingWithin: 5) { $0.node(music)?.channelVolumes == [0.5, 0.5] }
        try graph.setSoftVolumes(node: music, [0.25, 0.25])
        try graph.sync()
        let published = graph.snapshot(settlingWithin: 5) { $0.node(music)?.softVolumes == [0.25, 0.25] }
        let ducked = try #require(published.node(music))
        #expect(ducked.softVolumes == [0.25, 0.25])
        #expect(ducked.channelVolumes == [0.5, 0.5])
        // Another client sees the same.
        let props = try OtherProgram.dumpedProps(of: music, on: daemon)
        #expect(props["softVolumes"] as? [Double] == [0.25, 0.25])
        #expect(props["channelVolumes"] as? [Double] == [0.5, 0.5])
        // The converter plays the soft volumes in place of the channel volumes: 0.25, not 0.5 × 0.25.
        try OtherProgram.expectLevel(0.25, daemon)
        // A channel volume set afterwards puts the soft volumes out of use, though they are still published.
        _ = try tool(daemon, ["pw-cli", "set-param", "\(music)", "Props", "{ channelVolumes: [ 0.8, 0.8 ] }"])
        let changed = graph.snapshot(settlingWithin: 5) { $0.node(music)?.channelVolumes == [0.8, 0.8] }
        let moved = try #require(changed.node(music))
        #expect(moved.softVolumes == [0.25, 0.25])
        try OtherProgram.expectLevel(0.8, daemon)
        // Even a channel volume set to what it was puts them out of use, and shows only as one more publication.
        try graph.setSoftVolumes(node: music, [0.25])
        try graph.sync()
        let reapplied = graph.snapshot(settlingWithin: 5) { $0.node(music)?.softVolumes == [0.25, 0.25] }
        let before = try #require(reapplied.node(music))
        _ = try tool(daemon, ["pw-cli", "set-param", "\(music)", "Props", "{ channelVolumes: [ 0.8, 0.8 ] }"])
        let same = graph.snapshot(settlingWithin: 5) { ($0.node(music)?.propsUpdates ?? 0) > before.propsUpdates }
        #expect(same.node(music)?.propsUpdates == before.propsUpdates + 1)
        #expect(same.node(music)?.channelVolumes == [0.8, 0.8])
        #expect(same.node(music)?.softVolumes == [0.25, 0.25])
        try OtherProgram.expectLevel(0.8, daemon)
        // Set again, they apply again; one value is set for each channel.
        try graph.setSoftVolumes(node: music, [0.4])
        try graph.sync()
        let again = graph.snapshot(settlingWithin: 5) { $0.node(music)?.softVolumes == [0.4, 0.4] }
        #expect(again.node(music)?.softVolumes == [0.4, 0.4])
        try OtherProgram.expectLevel(0.4, daemon)
    }

    @Test("pause silences the program while the daemon still reports its node running; start resumes it")
    func pauseAndStart() throws {
        let daemon = try PrivateDaemon()
        defer { daemon.stop() }
        let graph = try ProgramGraph(remote: daemon.runtimeDirectory + "/pipewire-0")
        defer { graph.close() }
        let player = try OtherProgram.play(on: daemon)
        defer { OtherProgram.stop(player) }
        let (music, links) = try OtherProgram.linkToSpeaker(graph, daemon)
        defer { withExtendedLifetime(links) {} }
        try OtherProgram.expectLevel(1, daemon)
        try graph.pause(node: music)
        try graph.sync()
        #expect(try OtherProgram.level(daemon) < 0.01)
        #expect(graph.snapshot().node(music)?.state == .running)
        #expect(try OtherProgram.dumpedState(of: music, on: daemon) == "running")
        try graph.start(node: music)
        try graph.sync()
        try OtherProgram.expectLevel(1, daemon)
    }

    @Test("a paused program plays again by itself when the daemon starts its node again (unlinked, then relinked)")
    func pauseUndoneByRelink() throws {
        let daemon = try PrivateDaemon()
        defer { daemon.stop() }
        let graph = try ProgramGraph(remote: daemon.runtimeDirectory + "/pipewire-0")
        defer { graph.close() }
        let player = try OtherProgram.play(on: daemon)
        defer { OtherProgram.stop(player) }
        let (music, links) = try OtherProgram.linkToSpeaker(graph, daemon)
        try graph.pause(node: music)
        try graph.sync()
        #expect(try OtherProgram.level(daemon) < 0.01)
        links.unlink(group: 0)
        let idle = graph.snapshot(settlingWithin: 5) { $0.node(music)?.state == .idle }
        #expect(idle.node(music)?.state == .idle)
        try links.link(group: 0, from: "pw-play", to: OtherProgram.speaker)
        let running = graph.snapshot(settlingWithin: 5) { $0.node(music)?.state == .running }
        #expect(running.node(music)?.state == .running)
        try OtherProgram.expectLevel(1, daemon)
    }

    @Test("the program's end removes its node, and wakes a wait")
    func removal() throws {
        let daemon = try PrivateDaemon()
        defer { daemon.stop() }
        let graph = try ProgramGraph(remote: daemon.runtimeDirectory + "/pipewire-0")
        defer { graph.close() }
        let player = try OtherProgram.play(on: daemon)
        defer { OtherProgram.stop(player) }
        let (music, links) = try OtherProgram.linkToSpeaker(graph, daemon)
        defer { withExtendedLifetime(links) {} }
        let before = graph.snapshot()
        OtherProgram.stop(player)
        #expect(graph.wait(after: before.generation, timeoutMs: 5000) == .changed)
        let after = graph.snapshot(settlingWithin: 5) { $0.node(music) == nil }
        #expect(after.node(music) == nil)
        #expect(after.generation > before.generation)
        #expect(throws: PipeWireError.self) { try graph.pause(node: music) }
    }

    @Test("a node with a role policy's properties is reported as one, until it goes")
    func rolePolicy() throws {
        let daemon = try PrivateDaemon()
        defer { daemon.stop() }
        let graph = try ProgramGraph(remote: daemon.runtimeDirectory + "/pipewire-0")
        defer { graph.close() }
        try graph.sync()
        #expect(graph.snapshot().rolePolicy == [])
        // What WirePlumber 0.5's media-role-nodes.conf makes: a sink for the roles it is meant for.
        let outside = try PipeWireConnection(remote: daemon.runtimeDirectory + "/pipewire-0")
        try outside.createDeviceNode(
            name: "loopback.sink.role.multimedia", isSource: false, positions: "[ FL FR ]",
            properties: [
                ("device.intended-roles", "Music Movie"),
                ("policy.role-based.priority", "10"),
            ])
        let seen = graph.snapshot(settlingWithin: 5) { !$0.rolePolicy.isEmpty }
        #expect(seen.rolePolicy.count == 1)
        #expect(seen.rolePolicy.first?.contains("loopback.sink.role.multimedia") == true)
        #expect(seen.rolePolicy.first?.contains("device.intended-roles Music Movie") == true)
        #expect(outside.destroyNode(named: "loopback.sink.role.multimedia"))
        #expect(graph.snapshot(settlingWithin: 5) { $0.rolePolicy.isEmpty }.rolePolicy == [])
    }

    @Test("the default sink is what the `default` metadata says, as another client sets and clears it")
    func defaultSink() throws {
        let daemon = try PrivateDaemon()
        defer { daemon.stop() }
        let graph = try ProgramGraph(remote: daemon.runtimeDirectory + "/pipewire-0")
        defer { graph.close() }
        try graph.sync()
        _ = try tool(daemon, ["pw-metadata", "0", "default.audio.sink", "{ \"name\": \"arbiter.port.headphones\" }"])
        let set = graph.snapshot(settlingWithin: 5) { $0.defaultSink != nil }
        #expect(set.defaultSink == "arbiter.port.headphones")
        _ = try tool(daemon, ["pw-metadata", "-d", "0", "default.audio.sink"])
        #expect(graph.snapshot(settlingWithin: 5) { $0.defaultSink == nil }.defaultSink == nil)
    }

    @Test("a sound card's routes are followed: its headphones jack plugged and pulled, with no node coming or going")
    func deviceRoutes() throws {
        let daemon = try PrivateDaemon()
        defer { daemon.stop() }
        let graph = try ProgramGraph(remote: daemon.runtimeDirectory + "/pipewire-0")
        defer { graph.close() }
        // The stand-in sound card (arbiter-standin --device), exported to the daemon as a session manager exports
        // ALSA's; SIGUSR1 plugs or pulls its jack.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let card = Process()
        card.executableURL = root.appendingPathComponent(".build/debug/arbiter-standin")
        card.arguments = ["--name", "Card", "--device", "--remote", daemon.runtimeDirectory + "/pipewire-0"]
        try card.run()
        defer {
            card.terminate()
            card.waitUntilExit()
        }
        func headphones(_ snapshot: ProgramGraphSnapshot) -> DeviceRoute? {
            snapshot.devices.first { $0.name == "Card" }?.routes.first { $0.portType == "headphones" }
        }
        let pulled = graph.snapshot(settlingWithin: 5) { headphones($0) != nil }
        #expect(headphones(pulled)?.availability == DeviceRoute.Availability.no)
        #expect(pulled.devices.first?.api == "alsa")
        let nodes = pulled.nodes.count
        kill(card.processIdentifier, SIGUSR1)
        let plugged = graph.snapshot(settlingWithin: 5) { headphones($0)?.isActive == true }
        #expect(headphones(plugged)?.availability == DeviceRoute.Availability.yes)
        #expect(headphones(plugged)?.description == "Headphones")
        #expect(plugged.nodes.count == nodes)
        kill(card.processIdentifier, SIGUSR1)
        let again = graph.snapshot(settlingWithin: 5) { headphones($0)?.availability == DeviceRoute.Availability.no }
        #expect(headphones(again)?.isActive == false)
    }

    @Test("actions on a node that is not there fail; closing wakes a waiter and ends every action")
    func failures() throws {
        let daemon = try PrivateDaemon()
        defer { daemon.stop() }
        let graph = try ProgramGraph(remote: daemon.runtimeDirectory + "/pipewire-0")
        #expect(throws: PipeWireError.self) { try graph.setSoftVolumes(node: 999_999, [0.5]) }
        #expect(throws: PipeWireError.self) { try graph.start(node: 999_999) }
        let generation = graph.snapshot().generation
        let waited = Waited()
        Thread { waited.set(graph.wait(after: generation, timeoutMs: 60_000)) }.start()
        graph.close()
        graph.close()
        #expect(waited.value(within: 10) == .gone)
        #expect(!graph.isAlive)
        #expect(graph.wait(after: generation, timeoutMs: 5000) == .gone)
        #expect(throws: PipeWireError.self) { try graph.sync() }
        #expect(graph.snapshot().nodes == [])
        let speaker = try #require(
            try ProgramGraph(remote: daemon.runtimeDirectory + "/pipewire-0").snapshot().nodes
                .first { $0.properties["node.name"] == OtherProgram.speaker })
        #expect(throws: PipeWireError.self) { try graph.setSoftVolumes(node: speaker.id, [0.5]) }
    }

    @Test("a PulseAudio program's stream takes soft volumes and pauses too; its client still sees its own volume")
    func pulseProgram() throws {
        let daemon = try PrivateDaemon()
        defer { daemon.stop() }
        let graph = try ProgramGraph(remote: daemon.runtimeDirectory + "/pipewire-0")
        defer { graph.close() }
        let (server, player) = try OtherProgram.paplay(on: daemon)
        defer {
            OtherProgram.stop(player)
            OtherProgram.stop(server)
        }
        let (pulse, links) = try OtherProgram.linkToSpeaker(graph, daemon, application: "TestPulse")
        defer { withExtendedLifetime(links) {} }
        #expect(graph.snapshot().node(pulse)?.properties["media.role"] == "Music")
        try graph.setSoftVolumes(node: pulse, [0.3, 0.3])
        try graph.sync()
        let published = graph.snapshot(settlingWithin: 5) { $0.node(pulse)?.softVolumes == [0.3, 0.3] }
        #expect(published.node(pulse)?.softVolumes == [0.3, 0.3])
        #expect(published.node(pulse)?.channelVolumes == [1, 1])
        try OtherProgram.expectLevel(0.3, daemon)
        // The program is told nothing: its own volume is still 100 %.
        let inputs = try tool(daemon, ["pactl", "list", "sink-inputs"])
        #expect(inputs.contains("/ 100% /"))
        // A volume it sets itself is a channel volume: it ends the duck.
        let short = try tool(daemon, ["pactl", "list", "short", "sink-inputs"])
        let index = try #require(short.split(separator: "\t").first)
        _ = try tool(daemon, ["pactl", "set-sink-input-volume", String(index), "70%"])
        let own = graph.snapshot(settlingWithin: 5) { $0.node(pulse)?.channelVolumes != [1, 1] }
        let volume = try #require(own.node(pulse)?.channelVolumes.first)
        #expect(abs(volume - 0.343) < 0.001)
        #expect(own.node(pulse)?.softVolumes == [0.3, 0.3])
        try OtherProgram.expectLevel(Double(volume), daemon)
        // Paused, it is silent, and neither the daemon nor its client says so.
        try graph.pause(node: pulse)
        try graph.sync()
        #expect(try OtherProgram.level(daemon) < 0.01)
        #expect(try tool(daemon, ["pactl", "list", "sink-inputs"]).contains("Corked: no"))
        #expect(graph.snapshot().node(pulse)?.state == .running)
        try graph.start(node: pulse)
        try graph.sync()
        try OtherProgram.expectLevel(Double(volume), daemon)
    }

    @Test("graphs connected, read, closed and released leave no descriptor open")
    func noDescriptorLeft() async {
        // In a process of its own: the other suites open and close descriptors in this one meanwhile.
        await #expect(processExitsWith: .success) {
            let daemon = try PrivateDaemon()
            defer { daemon.stop() }
            func round() throws {
                let graph = try ProgramGraph(remote: daemon.runtimeDirectory + "/pipewire-0")
                try graph.sync()
                guard !graph.snapshot().nodes.isEmpty else { exit(2) }
                graph.close()
            }
            try round()  // libpipewire's one-time set-up
            let baseline = FileDescriptorCensus.ofThisProcess()
            for _ in 0..<30 { try round() }
            if let leak = FileDescriptorCensus.ofThisProcess().leak(since: baseline, whose: "the test") {
                print(leak)
                exit(1)
            }
        }
    }

    @Test("a daemon gone under the graph wakes a waiter with gone")
    func daemonGone() throws {
        let daemon = try PrivateDaemon()
        let graph = try ProgramGraph(remote: daemon.runtimeDirectory + "/pipewire-0")
        let generation = graph.snapshot().generation
        daemon.stop()
        #expect(graph.wait(after: generation, timeoutMs: 5000) == .gone)
        #expect(!graph.isAlive)
    }
}

/// What a wait on another thread returned.
final class Waited: @unchecked Sendable {
    private let lock = NSCondition()
    private var result: ProgramGraphWait?

    func set(_ result: ProgramGraphWait) {
        lock.withLock {
            self.result = result
            lock.signal()
        }
    }

    /// The result, once there, or nil after `seconds`.
    func value(within seconds: Double) -> ProgramGraphWait? {
        lock.withLock {
            let deadline = Date(timeIntervalSinceNow: seconds)
            while result == nil && lock.wait(until: deadline) {}
            return result
        }
    }
}

/// The stand-in program and what is read of it from outside.
enum OtherProgram {
    static let speaker = "arbiter.port.builtInSpeaker"

    /// Starts `pw-play --media-role Music` as TestMusic with a 30 s tone of the level `AudibleLevelTests.fullLevel`
    /// measures against. Without a session manager nobody configures its ports, so it asks for them itself
    /// (`adapter.auto-port-config`, as WirePlumber would set them).
    static func play(on daemon: PrivateDaemon) throws -> pid_t {
        let file = daemon.runtimeDirectory + "/tone.wav"
        try writeTone(file, seconds: 30)
        let directory = daemon.runtimeDirectory
        let pid = PrivateDaemon.spawnChild(
            [
                "/usr/bin/pw-play", "--media-role", "Music",
                "-P",
                "{ application.name = \"TestMusic\" "
                    + "adapter.auto-port-config = { mode = dsp monitor = false position = preserve } }", file,
            ],
            environment: [
                "XDG_RUNTIME_DIR=\(directory)", "PIPEWIRE_RUNTIME_DIR=\(directory)",
                "PIPEWIRE_REMOTE=pipewire-0", "PIPEWIRE_LOG=/dev/null",
            ],
            log: directory + "/pw-play.log")
        try #require(pid > 0, "cannot run /usr/bin/pw-play (apt-get install pipewire-bin)")
        return pid
    }

    /// Starts `pipewire-pulse` on the daemon, then `paplay` of the tone as TestPulse (role music, which
    /// pipewire-pulse names Music), with the port configuration a session manager would set. Returns both pids.
    static func paplay(on daemon: PrivateDaemon) throws -> (server: pid_t, player: pid_t) {
        let directory = daemon.runtimeDirectory
        let file = directory + "/tone.wav"
        try writeTone(file, seconds: 30)
        let environment = [
            "XDG_RUNTIME_DIR=\(directory)", "PIPEWIRE_RUNTIME_DIR=\(directory)", "HOME=\(directory)",
            "PIPEWIRE_LOG=/dev/null", "PULSE_SERVER=unix:\(directory)/pulse/native",
        ]
        let server = PrivateDaemon.spawnChild(
            ["/usr/bin/pipewire-pulse"], environment: environment,
            log: directory + "/pipewire-pulse.log")
        try #require(server > 0, "cannot run /usr/bin/pipewire-pulse (apt-get install pipewire-pulse)")
        for _ in 0..<250 where access(directory + "/pulse/native", F_OK) != 0 { usleep(20_000) }
        guard access(directory + "/pulse/native", F_OK) == 0 else {
            stop(server)
            throw PipeWireError("pipewire-pulse opened no socket at \(directory)/pulse/native")
        }
        let player = PrivateDaemon.spawnChild(
            [
                "/usr/bin/paplay", "--property=media.role=music", "--property=application.name=TestPulse",
                "--property=adapter.auto-port-config={ mode = dsp monitor = false position = preserve }", file,
            ],
            environment: environment, log: directory + "/paplay.log")
        guard player > 0 else {
            stop(server)
            throw PipeWireError("cannot run /usr/bin/paplay (apt-get install pulseaudio-utils)")
        }
        return (server, player)
    }

    /// Kills a stand-in by its pid and reaps it; a second call does nothing.
    static func stop(_ pid: pid_t) {
        guard kill(pid, 0) == 0 else { return }
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }

    /// Waits for the node of `application` (TestMusic) and its ports, links it to the speaker on a connection of
    /// the test's own (kept for as long as the links should stay), and waits until it runs.
    static func linkToSpeaker(_ graph: ProgramGraph, _ daemon: PrivateDaemon, application: String = "TestMusic")
        throws -> (UInt32, PipeWireConnection)
    {
        let seen = graph.snapshot(settlingWithin: 10) {
            $0.streams.contains { $0.properties["application.name"] == application }
        }
        let node = try #require(seen.streams.first { $0.properties["application.name"] == application })
        let name = try #require(node.properties["node.name"])
        var ports = ""
        for _ in 0..<250 where !ports.contains("\(name):output_FR") {
            ports = try tool(daemon, ["pw-link", "-o"])
            if !ports.contains("\(name):output_FR") { usleep(20_000) }
        }
        try #require(ports.contains("\(name):output_FR"), "\(name) made no output ports: \(ports)")
        let connection = try PipeWireConnection(remote: daemon.runtimeDirectory + "/pipewire-0")
        try connection.sync()
        try connection.link(group: 0, from: name, to: speaker)
        let running = graph.snapshot(settlingWithin: 10) { $0.node(node.id)?.state == .running }
        try #require(running.node(node.id)?.state == .running)
        return (node.id, connection)
    }

    /// Expects the speaker to play the tone at `level` (of the full level) now, within a tenth of it.
    static func expectLevel(
        _ level: Double, _ daemon: PrivateDaemon,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let heard = try self.level(daemon)
        #expect(
            abs(heard - level) < 0.1 * level, "the speaker played at \(heard) of the full level, not \(level)",
            sourceLocation: sourceLocation)
    }

    /// What the speaker plays now (its monitor ports recorded for half a second with `pw-record`, the first 0.1 s
    /// left out while the links settle), relative to the tone at full level. A paused program puts out no buffers
    /// at all, so its own output ports cannot be recorded; the speaker's mix goes on, silent.
    static func level(_ daemon: PrivateDaemon) throws -> Double {
        let file = daemon.runtimeDirectory + "/heard.\(UUID().uuidString).wav"
        defer { unlink(file) }
        let recorder = "arbiter.test.heard"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pw-record")
        process.arguments = [
            "--rate", "48000", "--channels", "2", "--format", "s16",
            "-P",
            "{ node.name = \(recorder) node.autoconnect = false "
                + "adapter.auto-port-config = { mode = dsp monitor = false position = preserve } }", file,
        ]
        let directory = daemon.runtimeDirectory
        process.environment = [
            "XDG_RUNTIME_DIR": directory, "PIPEWIRE_RUNTIME_DIR": directory, "PIPEWIRE_LOG": "/dev/null",
        ]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // SIGINT: pw-record finishes the file and exits.
        defer {
            if process.isRunning {
                process.interrupt()
                process.waitUntilExit()
            }
        }
        var ports = ""
        for _ in 0..<100 where !ports.contains("\(recorder):input_FR") {
            usleep(20_000)
            ports = try tool(daemon, ["pw-link", "-i"])
        }
        try #require(ports.contains("\(recorder):input_FR"), "pw-record made no input ports: \(ports)")
        for channel in ["FL", "FR"] {
            _ = try tool(daemon, ["pw-link", "\(speaker):monitor_\(channel)", "\(recorder):input_\(channel)"])
        }
        usleep(600_000)
        process.interrupt()
        process.waitUntilExit()
        let settled = try AudibleLevelTests.samples(ofWAV: file).dropFirst(2 * 4_800)
        try #require(settled.count >= 2 * 9_600, "pw-record wrote \(settled.count) samples of the speaker")
        let sum = settled.reduce(0.0) { $0 + Double($1) * Double($1) }
        return (sum / Double(settled.count)).squareRoot() / 32_768 / AudibleLevelTests.fullLevel
    }

    /// The node's state as pw-dump prints it.
    static func dumpedState(of node: UInt32, on daemon: PrivateDaemon) throws -> String? {
        let object = try GraphSnapshot.dump(runtimeDirectory: daemon.runtimeDirectory, remote: nil)
            .first { $0["id"] as? Int == Int(node) }
        return (object?["info"] as? [String: Any])?["state"] as? String
    }

    /// The node's Props object that carries its volumes, as pw-dump prints it.
    static func dumpedProps(of node: UInt32, on daemon: PrivateDaemon) throws -> [String: Any] {
        let object = try GraphSnapshot.dump(runtimeDirectory: daemon.runtimeDirectory, remote: nil)
            .first { $0["id"] as? Int == Int(node) }
        let params = ((object?["info"] as? [String: Any])?["params"] as? [String: Any])?["Props"] as? [[String: Any]]
        return try #require(params?.first { $0["softVolumes"] != nil })
    }

    /// A stereo 440 Hz sine of peak 0.01 as a 16-bit WAV file at 48 kHz.
    static func writeTone(_ path: String, seconds: Int) throws {
        let frames = 48_000 * seconds
        var data = Data()
        func append32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        func append16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: Array("RIFF".utf8))
        append32(UInt32(36 + frames * 4))
        data.append(contentsOf: Array("WAVEfmt ".utf8))
        append32(16)
        append16(1)
        append16(2)
        append32(48_000)
        append32(48_000 * 4)
        append16(4)
        append16(16)
        data.append(contentsOf: Array("data".utf8))
        append32(UInt32(frames * 4))
        // 1200 frames, 11 whole periods, repeated.
        var period = Data()
        for i in 0..<1_200 {
            let value = 0.01 * 32_768 * sin(2 * Double.pi * 440 * Double(i) / 48_000)
            let sample = UInt16(bitPattern: Int16(value.rounded()))
            withUnsafeBytes(of: sample.littleEndian) {
                period.append(contentsOf: $0)
                period.append(contentsOf: $0)
            }
        }
        for _ in 0..<(frames / 1_200) { data.append(period) }
        try data.write(to: URL(fileURLWithPath: path))
    }
}
