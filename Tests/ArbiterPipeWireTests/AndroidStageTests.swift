import ArbiterAndroid
import ArbiterEngine
import Foundation
import Testing
@testable import ArbiterPipeWire

/// An Android engine and its stage side by side, as `arbiter replay --pipewire` drives them for `platform: android`.
/// The daemon is private and stopped by its pid (`stop`).
final class AndroidRig {
    let daemon: PrivateDaemon
    var stage: AndroidStage?
    var engine: AndroidEngine
    var time = Time.zero

    init(_ setup: AndroidSetup, realtime: Bool = false) throws {
        daemon = try PrivateDaemon()
        do {
            engine = try AndroidEngine(setup)
            let stage = try AndroidStage(connection: try PipeWireConnection(remote: daemon.runtimeDirectory + "/pipewire-0"),
                                         setup: setup)
            stage.realtime = realtime
            try stage.reconcile(with: engine)
            self.stage = stage
        } catch {
            daemon.stop()
            throw error
        }
    }

    func stop() {
        stage = nil
        daemon.stop()
    }

    /// The engine handles `event` `delay` after the last one; the stage follows.
    func send(_ event: AndroidEvent, after delay: Time = .ms(100)) throws {
        time = time + delay
        _ = engine.handle(event, at: time)
        try stage?.reconcile(with: engine)
    }

    /// The graph as pw-dump, a process of its own, shows it, once `condition` holds for it (or after a second).
    func graph(until condition: (GraphSnapshot) -> Bool = { _ in true }) throws -> GraphSnapshot {
        var snapshot = try GraphSnapshot.read(runtimeDirectory: daemon.runtimeDirectory, remote: nil)
        for _ in 0..<50 where !condition(snapshot) {
            usleep(20_000)
            snapshot = try GraphSnapshot.read(runtimeDirectory: daemon.runtimeDirectory, remote: nil)
        }
        return snapshot
    }

    /// The properties pw-dump shows for the node named `name`.
    func properties(of name: String) throws -> [String: Any]? {
        let objects = try GraphSnapshot.dump(runtimeDirectory: daemon.runtimeDirectory, remote: nil)
        for object in objects {
            guard let info = object["info"] as? [String: Any], let props = info["props"] as? [String: Any],
                  props["node.name"] as? String == name else { continue }
            return props
        }
        return nil
    }
}

@Suite("The Android stage, checked from outside", .serialized)
struct AndroidStageTests {
    static let music = AndroidApp(name: "Music", uid: 10001, targetSdk: 34,
                                  attributes: AudioAttributes(usage: .media, contentType: .music))
    static let maps = AndroidApp(name: "Maps", uid: 10002, targetSdk: 34,
                                 attributes: AudioAttributes(usage: .assistanceNavigationGuidance, contentType: .speech),
                                 focusGain: .gainTransientMayDuck)
    static let game = AndroidApp(name: "Game", uid: 10003, targetSdk: 34, attributes: AudioAttributes(usage: .game),
                                 players: [AndroidPlayer(name: "main"), AndroidPlayer(name: "clicks", kind: .soundPool)])

    @Test("each player is a stream with its app's name, role and Android attributes, inactive, into the route bus; gone with the stage")
    func streamsMade() throws {
        let rig = try AndroidRig(AndroidSetup(apps: [AndroidStageTests.music, AndroidStageTests.maps, AndroidStageTests.game]))
        defer { rig.stop() }
        let names = ["arbiter.Music.main", "arbiter.Maps.main", "arbiter.Game.main", "arbiter.Game.clicks"]
        let graph = try rig.graph { snapshot in names.allSatisfy { snapshot.streams[$0]?.targets == [PipeWireStage.speaker] } }
        for name in names {
            #expect(graph.streams[name]?.state != "running", "\(name)")
            #expect(graph.streams[name]?.targets == [PipeWireStage.speaker], "\(name)")
        }
        let maps = try #require(try rig.properties(of: "arbiter.Maps.main"))
        #expect(maps["application.name"] as? String == "Maps")
        #expect(maps["media.name"] as? String == "main")
        #expect(maps["media.role"] as? String == "Navigation")
        #expect(maps["android.usage"] as? String == "assistanceNavigationGuidance")
        #expect(maps["android.content-type"] as? String == "speech")
        #expect(maps["android.uid"].map { "\($0)" } == "10002")
        #expect(try rig.properties(of: "arbiter.Music.main")?["media.role"] as? String == "Music")
        #expect(try rig.properties(of: "arbiter.Game.clicks")?["media.role"] as? String == "Game")
        rig.stage = nil
        let after = try rig.graph { $0.streams.isEmpty }
        #expect(after.streams.isEmpty, "\(after.streams.keys.sorted())")
    }
}
