import Foundation
import Testing

/// Events from the real system keep their own time: under `replay --realtime --pipewire-remote`, a node destroyed
/// from outside is handled when it happens, at the replay's time then, not at the next step's.
@Suite("PipeWire: outside events keep their own time", .serialized)
struct PipeWireOutsideTimeTests {
    /// Music plays an AVPlayer to wired headphones from 0 s; the next step is an expectation at 10 s.
    static let scenario = """
        scenario: headphones pulled out from outside
        apps:
          Music: { backgroundModes: [audio], category: playback, players: { main: avPlayer } }
        steps:
          - device: { connect: wiredHeadphones }
          - Music: play
          - at: 10s
            expect:
              route: { outputs: [builtInSpeaker] }
              Music: { playing: false }
        """

    @Test("headphones destroyed about 1 s in: the unplug is at that time in the replay, and the AVPlayer pauses then")
    func unplugKeepsItsTime() throws {
        let daemon = try TestDaemon("outside-time")
        defer { daemon.stop() }
        let file = try temporaryScenario("outside-time", PipeWireOutsideTimeTests.scenario)
        defer { unlink(file) }
        let launched = Date()
        let replay = BackgroundArbiter(
            "replay --json --realtime --pipewire-remote pipewire-0 \(file)",
            environment: "XDG_RUNTIME_DIR=\(daemon.directory)", timeout: 40)
        defer { replay.remove() }
        // Music's stream runs once the replay has carried out its steps at 0 s (its time 0 came before).
        try #require(
            try eventually(within: 20) { try daemon.state(of: "arbiter.Music.main") == "running" },
            "Music never played: \(replay.output)")
        let playing = Date()
        usleep(1_000_000)
        let destroying = Date()
        #expect(
            system("XDG_RUNTIME_DIR=\(daemon.directory) pw-cli destroy arbiter.port.headphones >/dev/null 2>&1") == 0)
        let destroyed = Date()
        // The engine hears of the unplug when it happens: the AVPlayer pauses and its stream stops, long before
        // the step at 10 s (without that, it would run on until then).
        #expect(
            try eventually(within: 4) { try daemon.state(of: "arbiter.Music.main") != "running" },
            "Music's stream ran on after the unplug")
        let status = replay.waitForExit()
        #expect(status == 0, "status \(String(describing: status)) (124: it hung)\n\(replay.output)")
        let steps = replay.output.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }.filter { $0["type"] as? String == "step" }
        let unplug = try #require(
            steps.first { $0["step"] as? String == "device: disconnect wiredHeadphones" },
            "\(replay.output)")
        let time = try #require(unplug["time_ms"] as? Int)
        // Time 0 came between the launch and Music playing; the registry told arbiter between the two dates
        // around the destroy (with 50 ms for the clocks' rounding and 300 ms for the registry's message).
        let earliest = Int(destroying.timeIntervalSince(playing) * 1000) - 50
        let latest = Int(destroyed.timeIntervalSince(launched) * 1000) + 300
        #expect(
            time >= earliest && time <= latest && time < 10_000,
            "the unplug is at \(time) ms; expected \(earliest)...\(latest) ms, not the next step's 10 s")
        #expect(unplug["line"] as? Int == 0, "an outside event has no line in the file")
        #expect(steps.count == 3, "\(steps)")
    }
}
