import ArbiterEngine
import ArbiterPipeWire
import ArbiterSoak
import Foundation
import Testing

/// The soak's checks in seconds, without its rounds: the leftovers check against a private daemon that holds a
/// planted leftover and then none, the daemon's descriptors against a baseline, and the graph against the model.
@Suite("the soak's checks")
struct SoakCheckTests {
    static let planted = "arbiter.Planted.main"

    @Test("a node left in the daemon after its connection closed is a leftover; once destroyed, the graph is clean")
    func plantedLeftover() throws {
        let daemon = try SoakDaemon(remote: nil)
        defer { daemon.stop() }
        #expect(SoakLeakCheck.leftovers(in: daemon, until: PipeWireConnection.now + 5) == [])
        do {
            let connection = try daemon.connect()
            try connection.createDeviceNode(
                name: SoakCheckTests.planted, isSource: false, positions: "[ FL FR ]",
                properties: [("object.linger", "true")])
            try connection.sync()
        }
        #expect(
            SoakLeakCheck.leftovers(in: daemon, until: PipeWireConnection.now + 1)
                == ["1 node left in the daemon: \(SoakCheckTests.planted)"])
        do {
            let connection = try daemon.connect()
            #expect(connection.destroyNode(named: SoakCheckTests.planted))
            try connection.sync()
        }
        #expect(SoakLeakCheck.leftovers(in: daemon, until: PipeWireConnection.now + 5) == [])
    }

    @Test("the daemon's descriptors: one activation block kept is a note; any other descriptor more is a leak")
    func daemonDescriptors() {
        let start = FileDescriptorCensus(targets: [
            3: "socket:[100]", 4: "/memfd:pipewire-memfd:flags=0x0000000f (deleted)",
        ])
        var kept = start
        kept.targets[9] = "/memfd:pipewire-memfd:flags=0x0000000f (deleted)"
        var leaked = kept
        leaked.targets[10] = "socket:[177]"
        #expect(SoakLeakCheck.daemonLeak(start, since: start) == [])
        #expect(
            SoakLeakCheck.daemonLeak(kept, since: start)
                == [
                    "note: the daemon keeps one activation block more than after its warm-up: "
                        + "9 /memfd:pipewire-memfd:flags=0x0000000f (deleted)"
                ])
        #expect(
            SoakLeakCheck.daemonLeak(leaked, since: start)
                == [
                    "the daemon leaked 1 file descriptor (2 after its warm-up, 4 now, one kept activation block aside): "
                        + "10 socket:[177]"
                ])
    }

    /// A pw-dump of one stream playing into the route bus, which is linked to `port`.
    static func dump(state: String, mute: Bool, port: String = "arbiter.port.builtInSpeaker") -> Data {
        Data(
            """
            [
              { "id": 30, "type": "PipeWire:Interface:Node", "info": { "state": "\(state)",
                "props": { "node.name": "arbiter.Music.main" },
                "params": { "Props": [ { "channelVolumes": [ 1.0, 1.0 ], "mute": \(mute) } ] } } },
              { "id": 31, "type": "PipeWire:Interface:Node", "info": { "props": { "node.name": "arbiter.route" } } },
              { "id": 32, "type": "PipeWire:Interface:Node", "info": { "props": { "node.name": "\(port)" } } },
              { "id": 40, "type": "PipeWire:Interface:Link", "info": { "output-node-id": 30, "input-node-id": 31 } },
              { "id": 41, "type": "PipeWire:Interface:Link", "info": { "output-node-id": 31, "input-node-id": 32 } }
            ]
            """.utf8)
    }

    @Test("the graph check agrees with a graph that shows the model, and names each disagreement")
    func graphCheck() throws {
        let app = AppConfig(AppID("Music"), backgroundModes: [.audio], category: .playback)
        var engine = try Engine(Setup(device: DeviceConfig(foreground: app.name), apps: [app]))
        engine.handle(.app(app.name, .play()), at: .ms(10))
        let agreeing = try GraphSnapshot.parse(SoakCheckTests.dump(state: "running", mute: false))
        #expect(SoakGraphCheck.disagreements(engine, agreeing) == [])
        let muted = try GraphSnapshot.parse(SoakCheckTests.dump(state: "running", mute: true))
        #expect(SoakGraphCheck.disagreements(engine, muted) == ["arbiter.Music.main: model audible, graph mute true"])
        let elsewhere = try GraphSnapshot.parse(
            SoakCheckTests.dump(
                state: "running", mute: false,
                port: "arbiter.port.headphones"))
        #expect(
            SoakGraphCheck.disagreements(engine, elsewhere)
                == [
                    #"arbiter.Music.main: model outputs ["arbiter.port.builtInSpeaker"], graph ["arbiter.port.headphones"]"#
                ])
        let stopped = try GraphSnapshot.parse(SoakCheckTests.dump(state: "idle", mute: false))
        #expect(
            SoakGraphCheck.disagreements(engine, stopped)
                == ["arbiter.Music.main: model running, graph idle, linked to arbiter.port.builtInSpeaker"])
    }
}
