import ArbiterEngine
import Foundation
import Testing

@testable import ArbiterPipeWire

/// Runs a PipeWire tool against the daemon and returns what it printed.
func tool(_ daemon: PrivateDaemon, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/" + arguments[0])
    process.arguments = Array(arguments.dropFirst())
    process.environment = ["XDG_RUNTIME_DIR": daemon.runtimeDirectory, "PIPEWIRE_RUNTIME_DIR": daemon.runtimeDirectory]
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
}

/// The engine and the stage side by side, as `arbiter replay --pipewire` drives them.
struct Rig {
    let daemon: PrivateDaemon
    let stage: PipeWireStage
    var engine: Engine
    var time = Time.zero

    init(_ setup: Setup) throws {
        daemon = try PrivateDaemon()
        engine = try Engine(setup)
        stage = try PipeWireStage(
            connection: try PipeWireConnection(remote: daemon.runtimeDirectory + "/pipewire-0"),
            setup: setup)
        try stage.reconcile(with: engine)
    }

    mutating func send(_ event: Event, after delay: Time = .ms(100)) throws {
        time = time + delay
        if case .device(let action) = event, case .connect(let accessory) = action {
            for action in try stage.connect(accessory) { engine.handle(.device(action), at: time) }
        } else {
            engine.handle(event, at: time)
        }
        try stage.reconcile(with: engine)
    }

    /// The graph as pw-dump shows it, after it has settled on `condition` (or after 10 seconds: the daemon answers
    /// within milliseconds, but a machine busy with another build can hold it back).
    func graph(until condition: (GraphSnapshot) -> Bool) throws -> GraphSnapshot {
        var snapshot = try GraphSnapshot.read(runtimeDirectory: daemon.runtimeDirectory, remote: nil)
        for _ in 0..<500 where !condition(snapshot) {
            usleep(20_000)
            snapshot = try GraphSnapshot.read(runtimeDirectory: daemon.runtimeDirectory, remote: nil)
        }
        return snapshot
    }
}

@Suite("The PipeWire stage, checked from outside", .serialized)
struct StageTests {
    static let music = AppConfig(
        "Music", backgroundModes: [.audio], category: .playback,
        players: [PlayerConfig(name: "main", kind: .avPlayer)], remoteCommands: [.play])
    static let maps = AppConfig("Maps", backgroundModes: [.audio], category: .playback, options: [.duckOthers])
    static let game = AppConfig("Game", category: .ambient)

    @Test("ducking: the ducked stream's channel volumes drop to the duck level in the graph")
    func ducking() throws {
        var rig = try Rig(Setup(apps: [StageTests.music, StageTests.maps]))
        defer { rig.daemon.stop() }
        try rig.send(.app("Music", .play()))
        try rig.send(.app("Maps", .play()))
        let graph = try rig.graph {
            $0.streams["arbiter.Music.main"]?.volume.map { abs($0 - 0.2) < 0.001 } == true
                && $0.streams["arbiter.Maps.main"]?.volume == 1
        }
        #expect(graph.streams["arbiter.Music.main"]?.volume.map { abs($0 - 0.2) < 0.001 } == true)
        #expect(graph.streams["arbiter.Maps.main"]?.volume == 1)
        try rig.send(.app("Maps", .deactivate()))
        let after = try rig.graph { $0.streams["arbiter.Music.main"]?.volume == 1 }
        #expect(after.streams["arbiter.Music.main"]?.volume == 1)
    }

    @Test("muting: the Silent switch mutes an ambient stream, which keeps running")
    func muting() throws {
        var rig = try Rig(Setup(apps: [StageTests.game]))
        defer { rig.daemon.stop() }
        try rig.send(.app("Game", .play()))
        try rig.send(.device(.ringer(.silent)))
        let graph = try rig.graph {
            $0.streams["arbiter.Game.main"]?.mute == true && $0.streams["arbiter.Game.main"]?.state == "running"
        }
        #expect(graph.streams["arbiter.Game.main"]?.mute == true)
        #expect(graph.streams["arbiter.Game.main"]?.state == "running")
    }

    @Test("pausing: an interrupted stream stops running; pw-link shows where it was linked")
    func pausing() throws {
        var rig = try Rig(Setup(apps: [StageTests.music]))
        defer { rig.daemon.stop() }
        try rig.send(.app("Music", .play()))
        _ = try rig.graph { $0.streams["arbiter.Music.main"]?.state == "running" }
        let links = try tool(rig.daemon, ["pw-link", "-l"])
        #expect(links.contains("arbiter.Music.main:output_FL\n  |-> arbiter.route:playback_FL"), "\(links)")
        #expect(links.contains("arbiter.route:monitor_FL\n  |-> arbiter.port.builtInSpeaker:playback_FL"), "\(links)")
        try rig.send(.system(.incomingCall))
        let graph = try rig.graph { $0.streams["arbiter.Music.main"]?.state != "running" }
        #expect(graph.streams["arbiter.Music.main"]?.state != "running")
    }

    @Test("unplug: headphones destroyed from outside with pw-cli are a real unplug; the stream is relinked and paused")
    func unplug() throws {
        var rig = try Rig(Setup(ios: 16, apps: [StageTests.music]))
        defer { rig.daemon.stop() }
        try rig.send(.device(.connect(AccessorySpec(.wiredHeadphones))))
        try rig.send(.app("Music", .play()))
        let plugged = try rig.graph { $0.streams["arbiter.Music.main"]?.targets == ["arbiter.port.headphones"] }
        #expect(plugged.streams["arbiter.Music.main"]?.targets == ["arbiter.port.headphones"])
        let nodes = try tool(rig.daemon, ["pw-cli", "ls", "Node"])
        let id = try #require(
            nodes.components(separatedBy: "\n\tid ").first { $0.contains("arbiter.port.headphones") }?
                .split(separator: ",").first.map(String.init))
        _ = try tool(rig.daemon, ["pw-cli", "destroy", id])
        let actions = try rig.stage.externalActions()
        #expect(actions == [.disconnect(AccessorySpec(.wiredHeadphones))])
        for action in actions { rig.engine.handle(.device(action), at: rig.time + .ms(100)) }
        try rig.stage.reconcile(with: rig.engine)
        #expect(rig.engine.currentRoute.outputTypes == [.builtInSpeaker])
        #expect(rig.engine.app("Music")?.isPlaying == false, "AVPlayer pauses itself when headphones go away")
        let graph = try rig.graph { $0.streams["arbiter.Music.main"]?.state != "running" }
        #expect(graph.streams["arbiter.Music.main"]?.state != "running")
    }

    @Test("a daemon that dies mid-run is an error, not a hang")
    func daemonDies() throws {
        var rig = try Rig(Setup(apps: [StageTests.music]))
        try rig.send(.app("Music", .play()))
        rig.daemon.stop()
        #expect(throws: PipeWireError.self) { try rig.send(.app("Music", .pause())) }
    }
}
