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
            let stage = try AndroidStage(
                connection: try PipeWireConnection(remote: daemon.runtimeDirectory + "/pipewire-0"),
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

    /// The graph as pw-dump, a process of its own, shows it, once `condition` holds for it (or after 10 seconds).
    func graph(until condition: (GraphSnapshot) -> Bool = { _ in true }) throws -> GraphSnapshot {
        var snapshot = try GraphSnapshot.read(runtimeDirectory: daemon.runtimeDirectory, remote: nil)
        // Up to 10 s: the daemon answers within milliseconds, but a machine busy with another build can hold it back.
        for _ in 0..<500 where !condition(snapshot) {
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
                props["node.name"] as? String == name
            else { continue }
            return props
        }
        return nil
    }
}

@Suite("The Android stage, checked from outside", .serialized)
struct AndroidStageTests {
    static let music = AndroidApp(
        name: "Music", uid: 10001, targetSdk: 34,
        attributes: AudioAttributes(usage: .media, contentType: .music))
    static let maps = AndroidApp(
        name: "Maps", uid: 10002, targetSdk: 34,
        attributes: AudioAttributes(usage: .assistanceNavigationGuidance, contentType: .speech),
        focusGain: .gainTransientMayDuck)
    static let chat = AndroidApp(
        name: "Chat", uid: 10004, targetSdk: 34,
        attributes: AudioAttributes(usage: .notification, contentType: .sonification),
        focusGain: .gainTransientMayDuck)
    static let game = AndroidApp(
        name: "Game", uid: 10003, targetSdk: 34, attributes: AudioAttributes(usage: .game),
        players: [AndroidPlayer(name: "main"), AndroidPlayer(name: "clicks", kind: .soundPool)])

    @Test(
        "each player is a stream with its app's name, role and Android attributes, inactive, into the route bus; gone with the stage"
    )
    func streamsMade() throws {
        let voip = AndroidApp(
            name: "Voip", uid: 10005, targetSdk: 34, attributes: AudioAttributes(usage: .voiceCommunication),
            players: [
                AndroidPlayer(name: "call"),
                AndroidPlayer(name: "ring", attributes: AudioAttributes(usage: .notificationRingtone)),
            ])
        let rig = try AndroidRig(
            AndroidSetup(apps: [
                AndroidStageTests.music, AndroidStageTests.maps, AndroidStageTests.game,
                voip,
            ]))
        defer { rig.stop() }
        let names = [
            "arbiter.Music.main", "arbiter.Maps.main", "arbiter.Game.main", "arbiter.Game.clicks",
            "arbiter.Voip.call", "arbiter.Voip.ring",
        ]
        let graph = try rig.graph { snapshot in
            names.allSatisfy { snapshot.streams[$0]?.targets == [PipeWireStage.speaker] }
        }
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
        #expect(try rig.properties(of: "arbiter.Game.clicks")?["android.player"] as? String == "soundPool")
        #expect(try rig.properties(of: "arbiter.Voip.call")?["media.role"] as? String == "Communication")
        let ring = try #require(try rig.properties(of: "arbiter.Voip.ring"))
        #expect(ring["media.role"] as? String == "Notification", "a player's own attributes win over its app's")
        #expect(ring["android.usage"] as? String == "notificationRingtone")
        rig.stage = nil
        let after = try rig.graph { $0.streams.isEmpty }
        #expect(after.streams.isEmpty, "\(after.streams.keys.sorted())")
    }

    /// The volume the engine gives `app`'s `player` now.
    static func volume(_ engine: AndroidEngine, _ app: AppID, _ player: String = "main") -> Double? {
        engine.state(of: app)?.volumes[player]
    }

    @Test(
        "a MAY_DUCK request: the ducked stream's channel volume ramps down to the duck level in the graph, through the engine's value mid-ramp"
    )
    func ducking() throws {
        let rig = try AndroidRig(AndroidSetup(apps: [AndroidStageTests.music, AndroidStageTests.chat]))
        defer { rig.stop() }
        try rig.send(.app("Music", .play(nil)))
        try rig.send(.app("Chat", .play(nil)))
        try rig.send(.advance, after: .ms(250))
        let middle = try #require(AndroidStageTests.volume(rig.engine, "Music"))
        #expect(middle > 0.21 && middle < 0.99, "half way through the 500 ms duck")
        let during = try rig.graph {
            $0.streams["arbiter.Music.main"]?.volume.map { abs($0 - middle) < 0.000_01 } == true
        }
        #expect(
            during.streams["arbiter.Music.main"]?.volume.map { abs($0 - middle) < 0.000_01 } == true,
            "graph \(String(describing: during.streams["arbiter.Music.main"]?.volume)), engine \(middle)")
        try rig.send(.advance, after: .ms(400))
        #expect(AndroidStageTests.volume(rig.engine, "Music").map { abs($0 - 0.2) < 1e-9 } == true)
        // Wait for everything asserted below: both streams at the engine's values.
        let stage = try #require(rig.stage)
        let ducked = try rig.graph { $0.streams["arbiter.Music.main"]?.volume == 0.2 && stage.isSettled($0) }
        #expect(ducked.streams["arbiter.Music.main"]?.volume == 0.2)
        #expect(ducked.streams["arbiter.Music.main"]?.state == "running")
        #expect(ducked.streams["arbiter.Chat.main"]?.volume == 1)
        #expect(ducked.streams["arbiter.Chat.main"]?.state == "running")
        #expect(stage.disagreements(with: rig.engine, in: ducked) == [])
    }

    @Test("a navigation prompt on Android 14 ducks harder: the strong duck level")
    func strongDuck() throws {
        let rig = try AndroidRig(AndroidSetup(sdk: 34, apps: [AndroidStageTests.music, AndroidStageTests.maps]))
        defer { rig.stop() }
        try rig.send(.app("Music", .play(nil)))
        try rig.send(.app("Maps", .play(nil)))
        try rig.send(.advance, after: .ms(600))
        let level = rig.engine.setup.profile.strongDuckLevel
        #expect(AndroidStageTests.volume(rig.engine, "Music").map { abs($0 - level) < 0.000_01 } == true)
        let graph = try rig.graph {
            $0.streams["arbiter.Music.main"]?.volume.map { abs($0 - level) < 0.000_01 } == true
        }
        #expect(
            graph.streams["arbiter.Music.main"]?.volume.map { abs($0 - level) < 0.000_01 } == true,
            "\(String(describing: graph.streams["arbiter.Music.main"]?.volume))")
    }

    @Test("a call mutes a media stream that keeps playing: it runs at volume 0")
    func callMutes() throws {
        let rig = try AndroidRig(AndroidSetup(apps: [AndroidStageTests.music]))
        defer { rig.stop() }
        try rig.send(.app("Music", .play(nil)))
        try rig.send(.system(.incomingCall))
        try rig.send(.advance, after: .ms(300))
        #expect(rig.engine.state(of: "Music")?.players["main"] == .started, "its listener does nothing")
        #expect(AndroidStageTests.volume(rig.engine, "Music") == 0)
        let graph = try rig.graph { $0.streams["arbiter.Music.main"]?.volume == 0 }
        #expect(graph.streams["arbiter.Music.main"]?.volume == 0)
        #expect(graph.streams["arbiter.Music.main"]?.state == "running")
    }

    @Test("a stream stops running when its player pauses, and runs again when it starts")
    func pausing() throws {
        let rig = try AndroidRig(AndroidSetup(apps: [AndroidStageTests.music, AndroidStageTests.game]))
        defer { rig.stop() }
        try rig.send(.app("Music", .play(nil)))
        try rig.send(.app("Game", .start("clicks")))
        let playing = try rig.graph {
            $0.streams["arbiter.Music.main"]?.state == "running"
                && $0.streams["arbiter.Game.clicks"]?.state == "running"
        }
        #expect(playing.streams["arbiter.Music.main"]?.state == "running")
        #expect(playing.streams["arbiter.Game.clicks"]?.state == "running")
        #expect(playing.streams["arbiter.Game.main"]?.state != "running", "only the player started runs")
        try rig.send(.app("Music", .pause(nil)))
        let paused = try rig.graph { $0.streams["arbiter.Music.main"]?.state != "running" }
        #expect(paused.streams["arbiter.Music.main"]?.state != "running")
        try rig.send(.app("Music", .start(nil)))
        let again = try rig.graph { $0.streams["arbiter.Music.main"]?.state == "running" }
        #expect(again.streams["arbiter.Music.main"]?.state == "running")
    }

    @Test("the graph read back disagrees with an engine that moved on without the stage, naming the player")
    func disagreement() throws {
        let rig = try AndroidRig(AndroidSetup(apps: [AndroidStageTests.music]))
        defer { rig.stop() }
        try rig.send(.app("Music", .play(nil)))
        let stage = try #require(rig.stage)
        let settled = try rig.graph(until: stage.isSettled)
        #expect(stage.disagreements(with: rig.engine, in: settled) == [])
        _ = rig.engine.handle(.app("Music", .pause(nil)), at: rig.time + .ms(100))
        #expect(
            stage.disagreements(with: rig.engine, in: settled)
                == [RealDisagreement(app: "Music", player: "main", what: "playing", model: "false", graph: "running")])
    }

    @Test("in real time a duck plays as volume steps between steps, each the engine's volume at its moment")
    func rampSteps() throws {
        let rig = try AndroidRig(AndroidSetup(apps: [AndroidStageTests.music, AndroidStageTests.chat]), realtime: true)
        defer { rig.stop() }
        let stage = try #require(rig.stage)
        try rig.send(.app("Music", .play(nil)))
        try rig.send(.app("Chat", .play(nil)))
        let start = rig.time
        let end = start + rig.engine.setup.profile.duckRamp
        var steps: [Time] = []
        var time = start
        while let next = stage.nextRampStep(after: time), next <= end {
            steps.append(next)
            time = next
        }
        #expect(steps.count >= 3, "\(steps)")
        let middle = try #require(steps.first { $0 > start && $0 < end })
        stage.playRamps(at: middle)
        var later = rig.engine
        _ = later.handle(.advance, at: middle)
        let expected = try #require(AndroidStageTests.volume(later, "Music"))
        #expect(expected > 0.21 && expected < 0.99)
        let graph = try rig.graph {
            $0.streams["arbiter.Music.main"]?.volume.map { abs($0 - expected) < 0.000_01 } == true
        }
        #expect(
            graph.streams["arbiter.Music.main"]?.volume.map { abs($0 - expected) < 0.000_01 } == true,
            "graph \(String(describing: graph.streams["arbiter.Music.main"]?.volume)), engine \(expected)")
    }

    @Test("a daemon that dies mid-run is an error, not a hang")
    func daemonDies() throws {
        let rig = try AndroidRig(AndroidSetup(apps: [AndroidStageTests.music]))
        defer { rig.stop() }
        try rig.send(.app("Music", .play(nil)))
        rig.daemon.stop()
        #expect(throws: PipeWireError.self) { try rig.send(.app("Music", .pause(nil))) }
        #expect(rig.stage?.connection.isAlive == false)
    }

    @Test("a permanent loss fades a media stream out over 2 s: mid-fade the graph shows the engine's value")
    func fading() throws {
        // The winner plays music: a speech winner causes no fade (FadeOutManager's canCauseFadeOut).
        let radio = AndroidApp(
            name: "Radio", uid: 10006, targetSdk: 34,
            attributes: AudioAttributes(usage: .media, contentType: .music))
        let rig = try AndroidRig(AndroidSetup(apps: [AndroidStageTests.music, radio]))
        defer { rig.stop() }
        try rig.send(.app("Music", .play(nil)))
        try rig.send(.app("Radio", .play(nil)))
        try rig.send(.advance, after: .ms(1000))
        let middle = try #require(AndroidStageTests.volume(rig.engine, "Music"))
        #expect(middle > 0.01 && middle < 0.99, "half way through the fade: \(middle)")
        // Wait for everything asserted below: Music mid-fade, and every other stream as the engine has it.
        let stage = try #require(rig.stage)
        let graph = try rig.graph {
            $0.streams["arbiter.Music.main"]?.volume.map { abs($0 - middle) < 0.000_01 } == true && stage.isSettled($0)
        }
        #expect(
            graph.streams["arbiter.Music.main"]?.volume.map { abs($0 - middle) < 0.000_01 } == true,
            "graph \(String(describing: graph.streams["arbiter.Music.main"]?.volume)), engine \(middle)")
        #expect(stage.disagreements(with: rig.engine, in: graph) == [])
    }
}
