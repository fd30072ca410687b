import ArbiterEngine
import ArbiterHarmony
import Foundation
import Testing

@testable import ArbiterPipeWire

/// A HarmonyOS engine and its stage side by side, as `arbiter replay --pipewire` drives them for
/// `platform: harmonyos`, read back from outside with pw-dump. The daemon is private and stopped by its pid.
@Suite("The HarmonyOS stage, checked from outside", .serialized)
struct HarmonyStageTests {
    static let apps = [
        HarmonyAppConfig("Music", streams: [StreamConfig("player", kind: .avPlayer, usage: .music)]),
        HarmonyAppConfig(
            "Maps",
            streams: [
                StreamConfig("voice", kind: .audioRenderer, usage: .navigation),
                StreamConfig("mic", kind: .audioCapturer, source: .voiceRecognition),
            ]),
    ]

    @Test("each playback stream is a stream with its usage's role; a duck is its volume; a stop leaves it not running")
    func duckAndStop() throws {
        let daemon = try PrivateDaemon()
        defer { daemon.stop() }
        var engine = try HarmonyEngine(HarmonySetup(apps: HarmonyStageTests.apps))
        let stage = try HarmonyStage(
            connection: try PipeWireConnection(remote: daemon.runtimeDirectory + "/pipewire-0"),
            setup: engine.setup)
        func graph(until condition: (GraphSnapshot) -> Bool) throws -> GraphSnapshot {
            var snapshot = try GraphSnapshot.read(runtimeDirectory: daemon.runtimeDirectory, remote: nil)
            for _ in 0..<500 where !condition(snapshot) {
                usleep(20_000)
                snapshot = try GraphSnapshot.read(runtimeDirectory: daemon.runtimeDirectory, remote: nil)
            }
            return snapshot
        }
        #expect(stage.streamNames.contains("arbiter.Maps.voice") && !stage.streamNames.contains("arbiter.Maps.mic"))
        #expect(stage.streamNames.contains("arbiter.call.ring"), "the system's own streams play too")

        _ = engine.handle(.app("Music", .start(nil)), at: .ms(100))
        _ = engine.handle(.app("Maps", .start("voice")), at: .ms(200))
        try stage.reconcile(with: engine)
        var snapshot = try graph(until: stage.isSettled)
        #expect(stage.disagreements(with: engine, in: snapshot).isEmpty)
        #expect(snapshot.streams["arbiter.Music.player"]?.state == "running")
        #expect(snapshot.streams["arbiter.Music.player"]?.volume.map { abs($0 - 0.2) < 0.001 } == true)
        #expect(snapshot.streams["arbiter.Maps.voice"]?.state == "running")

        _ = engine.handle(.app("Maps", .stop("voice")), at: .ms(300))
        _ = engine.handle(.system(.incomingCall), at: .ms(400))
        try stage.reconcile(with: engine)
        snapshot = try graph(until: stage.isSettled)
        #expect(stage.disagreements(with: engine, in: snapshot).isEmpty)
        #expect(snapshot.streams["arbiter.Music.player"]?.state != "running", "paused by the ring")
        #expect(snapshot.streams["arbiter.Maps.voice"]?.state != "running")
        #expect(snapshot.streams["arbiter.call.ring"]?.state == "running")

        // A graph the engine disagrees with is told: the engine says Music plays again, the graph was left alone.
        _ = engine.handle(.system(.endCall), at: .ms(500))
        _ = engine.handle(.app("Music", .start(nil)), at: .ms(600))
        let stale = try GraphSnapshot.read(runtimeDirectory: daemon.runtimeDirectory, remote: nil)
        #expect(
            stage.disagreements(with: engine, in: stale).map(\.description).contains(
                "Music.player: the graph disagrees with the model: model playing true, graph not running"))
    }
}
