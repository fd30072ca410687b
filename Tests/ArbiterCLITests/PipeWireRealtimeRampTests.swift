import Foundation
import Testing

/// Under `replay --realtime --pipewire`, a ducking ramp plays on the graph as time passes between steps, and
/// each expectation reads back the model's gain at its own time (the ramp used to be played out whole inside the
/// step that started it, so a check in the middle of the ramp read its end).
@Suite("PipeWire: ramps in real time", .serialized)
struct PipeWireRealtimeRampTests {
    /// Coach ducks Music from 1 s over 800 ms; the checks fall in the middle and at the end of the ramp.
    static let scenario = """
        scenario: a ducking ramp in real time
        profile: { duckLevel: 0.25, duckRamp: 800ms }
        apps:
          Music: { backgroundModes: [audio], category: playback }
          Coach: { backgroundModes: [audio], category: playback, options: [duckOthers] }
        steps:
          - Music: play
          - at: 1s
            Coach: activate
          - at: 1400ms
            expect:
              Music: { gain: 0.625 }
          - at: 2s
            expect:
              Music: { gain: 0.25 }
        """

    @Test("the graph follows the ramp between steps, and a check in its middle reads the middle")
    func rampBetweenSteps() throws {
        let daemon = try TestDaemon("realtime-ramp")
        defer { daemon.stop() }
        let file = try temporaryScenario("realtime-ramp", PipeWireRealtimeRampTests.scenario)
        defer { unlink(file) }
        let replay = BackgroundArbiter(
            "replay --realtime --pipewire-remote pipewire-0 \(file)",
            environment: "XDG_RUNTIME_DIR=\(daemon.directory)", timeout: 40)
        defer { replay.remove() }
        try #require(
            try eventually(within: 20) { try daemon.state(of: "arbiter.Music.main") == "running" },
            "Music never played: \(replay.output)")
        // Read from outside while the ramp runs: a volume strictly between full and the duck level.
        var seen: [Double] = []
        let between = try eventually(within: 6) {
            guard let volume = try daemon.volume(of: "arbiter.Music.main") else { return false }
            seen.append(volume)
            return volume > 0.26 && volume < 0.99
        }
        #expect(between, "the graph went from full to ducked without a step between: \(seen)")
        let status = replay.waitForExit()
        #expect(status == 0, "status \(String(describing: status))\n\(replay.output)")
        #expect(replay.output.contains("1 passed, 0 failed"), "\(replay.output)")
    }
}
