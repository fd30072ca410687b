import Foundation
import Testing

@testable import ArbiterPipeWire

/// Reads the graph from outside, as a person would: `pw-dump` of the private daemon.
func dumpGraph(_ daemon: PrivateDaemon) throws -> [[String: Any]] {
    try GraphSnapshot.dump(runtimeDirectory: daemon.runtimeDirectory, remote: nil)
}

/// Waits, a bounded number of round trips, until the daemon has told `connection` the stream's ports: on a busy
/// machine they arrive some round trips after the stream itself.
func waitForPorts(_ connection: PipeWireConnection, _ stream: Int) throws {
    for _ in 0..<250 where !connection.portsKnown(stream) {
        try connection.sync()
        usleep(20_000)
    }
}

func node(_ graph: [[String: Any]], named name: String) -> [String: Any]? {
    graph.first { object in
        let info = object["info"] as? [String: Any]
        let props = info?["props"] as? [String: Any]
        return props?["node.name"] as? String == name
    }
}

@Suite("PipeWire connection", .serialized)
struct ConnectionTests {
    @Test("a stream plays a real tone into the speaker node, with volume, mute and active state visible from outside")
    func streamControls() throws {
        let daemon = try PrivateDaemon()
        defer { daemon.stop() }
        let connection = try PipeWireConnection(remote: daemon.runtimeDirectory + "/pipewire-0")
        #expect(connection.nodeExists("arbiter.port.builtInSpeaker"))
        let stream = try connection.createStream(
            nodeName: "arbiter.Music.main", app: "Music", mediaName: "main",
            role: "Music", capture: false)
        try waitForPorts(connection, stream)
        try connection.link(stream, to: "arbiter.port.builtInSpeaker")
        connection.setVolume(stream, 0.2)
        connection.setMute(stream, true)
        try connection.sync()
        // The daemon runs the stream a cycle about every 21 ms; a busy machine may take longer to start it.
        for _ in 0..<250 where connection.cycles(stream) <= 3 { usleep(20_000) }
        #expect(connection.cycles(stream) > 3, "process() runs: the tone really plays")
        var graph = try dumpGraph(daemon)
        func settled(_ graph: [[String: Any]]) -> Bool {
            let info = node(graph, named: "arbiter.Music.main")?["info"] as? [String: Any]
            let props = ((info?["params"] as? [String: Any])?["Props"] as? [[String: Any]])?.first
            return (props?["channelVolumes"] as? [Double])?.first.map { abs($0 - 0.2) < 0.01 } == true
                && (props?["mute"] as? NSNumber)?.boolValue == true && info?["state"] as? String == "running"
        }
        for _ in 0..<500 where !settled(graph) {
            usleep(20_000)
            graph = try dumpGraph(daemon)
        }
        let info = try #require(node(graph, named: "arbiter.Music.main")?["info"] as? [String: Any])
        let props = ((info["params"] as? [String: Any])?["Props"] as? [[String: Any]])?.first
        let volumes = props?["channelVolumes"] as? [Double]
        #expect(volumes?.allSatisfy { abs($0 - 0.2) < 0.01 } == true, "\(String(describing: props))")
        #expect((props?["mute"] as? NSNumber)?.boolValue == true)
        #expect(info["state"] as? String == "running")
        let links = graph.filter { ($0["type"] as? String)?.hasSuffix("Link") == true }
        #expect(links.count == 2, "one link per channel")
        connection.setActive(stream, false)
        try connection.sync()
        func stopped(_ graph: [[String: Any]]) -> Bool {
            (node(graph, named: "arbiter.Music.main")?["info"] as? [String: Any])?["state"] as? String != "running"
        }
        graph = try dumpGraph(daemon)
        for _ in 0..<500 where !stopped(graph) {
            usleep(20_000)
            graph = try dumpGraph(daemon)
        }
        let paused = try #require(node(graph, named: "arbiter.Music.main")?["info"] as? [String: Any])
        #expect(paused["state"] as? String != "running")
    }

    @Test("a node destroyed from outside arrives as a registry event")
    func outsideRemoval() throws {
        let daemon = try PrivateDaemon()
        defer { daemon.stop() }
        let connection = try PipeWireConnection(remote: daemon.runtimeDirectory + "/pipewire-0")
        _ = connection.takePortEvents()
        try connection.createDeviceNode(
            name: "arbiter.port.headphones", isSource: false, positions: "[ FL FR ]",
            properties: [("arbiter.port", "headphones"), ("device.api", "alsa")])
        try connection.sync()
        #expect(connection.takePortEvents() == [.added("arbiter.port.headphones")])
        let other = try PipeWireConnection(remote: daemon.runtimeDirectory + "/pipewire-0")
        #expect(other.destroyNode(named: "arbiter.port.headphones"))
        try other.sync()
        try connection.sync()
        #expect(connection.takePortEvents() == [.removed("arbiter.port.headphones")])
    }

    @Test("waiting for links made by another client ends when the registry shows them, and times out when it does not")
    func waitForOutsideLinks() throws {
        let daemon = try PrivateDaemon()
        defer { daemon.stop() }
        let remote = daemon.runtimeDirectory + "/pipewire-0"
        let watcher = try PipeWireConnection(remote: remote)
        let speaker = "arbiter.port.builtInSpeaker"
        #expect(try watcher.waitForLinks(into: speaker, atLeast: 1, milliseconds: 50) == false, "no links yet")
        let other = try PipeWireConnection(remote: remote)
        let stream = try other.createStream(
            nodeName: "arbiter.Music.main", app: "Music", mediaName: "main",
            role: "Music", capture: false)
        try waitForPorts(other, stream)
        try other.link(stream, to: speaker)
        #expect(try watcher.waitForLinks(into: speaker, atLeast: 2, milliseconds: 5000), "one link per channel")
        #expect(watcher.linksInto(speaker) == 2)
        #expect(try watcher.waitForLinks(into: speaker, atLeast: 3, milliseconds: 50) == false)
    }

    @Test("a dead daemon is an error, not a hang")
    func deadDaemon() throws {
        let daemon = try PrivateDaemon()
        let connection = try PipeWireConnection(remote: daemon.runtimeDirectory + "/pipewire-0")
        daemon.stop()
        usleep(100_000)
        #expect(throws: PipeWireError.self) { try connection.sync(timeoutMilliseconds: 1000) }
    }

    @Test("reading the graph back from a stopped daemon is an error that says so, not a hang")
    func stoppedDaemonGraph() throws {
        let daemon = try PrivateDaemon()
        defer {
            kill(daemon.pid, SIGCONT)
            daemon.stop()
        }
        #expect(throws: Never.self) { try GraphSnapshot.read(runtimeDirectory: daemon.runtimeDirectory, remote: nil) }
        kill(daemon.pid, SIGSTOP)
        let error = #expect(throws: PipeWireError.self) {
            try GraphSnapshot.read(runtimeDirectory: daemon.runtimeDirectory, remote: nil, timeout: 1)
        }
        #expect(error?.message.contains("no answer from the daemon within 1 s") == true, "\(String(describing: error))")
    }
}

@Suite("The daemon configuration")
struct DaemonConfigTests {
    @Test("the embedded configuration is tools/pipewire/arbiter.conf, so the tool and the script start the same daemon")
    func inStep() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let file = try String(contentsOf: root.appendingPathComponent("tools/pipewire/arbiter.conf"), encoding: .utf8)
        #expect(DaemonConfig.text + "\n" == file || DaemonConfig.text == file)
    }
}
