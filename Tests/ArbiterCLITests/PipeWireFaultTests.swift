import Foundation
import Testing

/// Faults of the real system during `arbiter replay --pipewire-remote` and `arbiter repl`: each ends in a clear
/// result, nothing hangs (every wait is bounded), and nothing of Arbiter's is left in the graph.
@Suite("PipeWire faults", .serialized)
struct PipeWireFaultTests {
    /// Music is ducked along a ramp of `ramp` once Coach plays at 1 s; the scenario then lasts `rest` more.
    static func duckingScenario(ramp: String, headphones: Bool, rest: String, expect: String) -> String {
        """
        scenario: a ducking ramp on a real graph
        profile: { duckLevel: 0.25, duckRamp: \(ramp) }
        apps:
          Music: { backgroundModes: [audio], category: playback }
          Coach: { backgroundModes: [audio], category: playback, options: [duckOthers] }
        steps:
        \(headphones ? "  - device: { connect: wiredHeadphones }\n" : "")  - Music: play
          - at: 1s
            Coach: play
          - after: \(rest)
            expect:
        \(expect)
        """
    }

    @Test("the daemon killed during a ducking ramp: replay says the daemon went away and exits 1 at once")
    func daemonKilledMidRamp() throws {
        let daemon = try TestDaemon("killed")
        defer { daemon.stop() }
        // A minute of scenario after the ramp: only a replay that notices the death at once ends within the bound.
        let scenario = try temporaryScenario(
            "killed",
            PipeWireFaultTests.duckingScenario(
                ramp: "4s", headphones: false, rest: "60s", expect: "      Music: { gain: 0.25 }"))
        defer { unlink(scenario) }
        let replay = BackgroundArbiter(
            "replay --realtime --pipewire-remote pipewire-0 \(scenario)",
            environment: "XDG_RUNTIME_DIR=\(daemon.directory)", timeout: 30)
        defer { replay.remove() }
        let ramping = try eventually(within: 20) { try daemon.volume(of: "arbiter.Music.main").map { $0 < 1 } ?? false }
        try #require(ramping, "Music's ramp never started: \(replay.output)")
        daemon.kill9()
        let killed = ContinuousClock.now
        let status = replay.waitForExit()
        print("fault: daemon killed mid-ramp, replay exited \(ContinuousClock.now - killed) later")
        #expect(status == 1, "status \(String(describing: status)) (124: it hung)\n\(replay.output)")
        #expect(replay.output.contains("the real system failed: the PipeWire daemon went away"), "\(replay.output)")
        #expect(replay.output.hasSuffix("0 passed, 1 failed\n"), "\(replay.output)")
    }

    @Test(
        "headphones destroyed from outside during a ducking ramp: an unplug, streams move to the speaker, the graph is left clean"
    )
    func headphonesDestroyedMidRamp() throws {
        let daemon = try TestDaemon("unplugged")
        defer { daemon.stop() }
        // The route check holds only if the outside removal became an unplug and the bus was relinked.
        let scenario = try temporaryScenario(
            "unplugged",
            PipeWireFaultTests.duckingScenario(
                ramp: "2s", headphones: true, rest: "3s",
                expect: """
                          route: { outputs: [builtInSpeaker] }
                          Music: { gain: 0.25, playing: true }
                    """))
        defer { unlink(scenario) }
        let replay = BackgroundArbiter(
            "replay --realtime --pipewire-remote pipewire-0 \(scenario)",
            environment: "XDG_RUNTIME_DIR=\(daemon.directory)", timeout: 30)
        defer { replay.remove() }
        let ramping = try eventually(within: 20) {
            try daemon.volume(of: "arbiter.Music.main").map { $0 < 1 && $0 > 0.25 } ?? false
        }
        try #require(ramping, "Music's ramp was never seen midway: \(replay.output)")
        #expect(
            system("XDG_RUNTIME_DIR=\(daemon.directory) pw-cli destroy arbiter.port.headphones >/dev/null 2>&1") == 0)
        let status = replay.waitForExit()
        #expect(status == 0, "status \(String(describing: status)) (124: it hung)\n\(replay.output)")
        #expect(replay.output.contains("device: disconnect wiredHeadphones"), "\(replay.output)")
        #expect(replay.output.contains("→ Music: routeChange reason=oldDeviceUnavailable"), "\(replay.output)")
        #expect(replay.output.hasSuffix("1 passed, 0 failed\n"), "\(replay.output)")
        var leftovers = try daemon.leftovers()
        _ = try eventually(within: 5) {
            leftovers = try daemon.leftovers()
            return leftovers.isEmpty
        }
        #expect(leftovers.isEmpty, "left in the graph: \(leftovers)")
    }

    @Test("the daemon killed under the REPL: said once, the session goes on with the model only, and exits 1")
    func daemonKilledUnderRepl() throws {
        let daemon = try TestDaemon("repl-killed")
        defer { daemon.stop() }
        let repl = daemon.repl(
            input: "echo 'app Music category=playback background=audio'; echo 'Music play'; "
                + "\(daemon.shellWait(until: "Node", lists: "arbiter.Music.main")); kill -9 \(daemon.pid); "
                + "echo 'Music pause'; echo 'state Music'; echo 'graph'; echo 'Music play'")
        defer { repl.remove() }
        let status = repl.waitForExit()
        #expect(status == 1, "status \(String(describing: status)) (124: it hung)\n\(repl.output)")
        // The stream shows up while line 1 or 2 still waits on the daemon, so the kill can land in any of the
        // first three lines; the first that touches the graph afterwards says so.
        #expect(repl.linesFindingDaemonGone(among: 1...3).count == 1, "\(repl.output)")
        #expect(
            repl.output.components(separatedBy: "nothing more is carried out on the graph").count == 2,
            "said once: \(repl.output)")
        #expect(repl.output.contains("players: main (audioPlayer) paused"), "the model goes on: \(repl.output)")
        #expect(
            repl.output.contains(
                "repl:5:1: error: the real system failed: the PipeWire daemon went away; there is no graph to show"),
            "\(repl.output)")
        #expect(repl.output.hasSuffix("Music: audible  [audible.playing]\n"), "\(repl.output)")
    }

    @Test("the daemon killed before an app is declared in the REPL: the app is declared in the model all the same")
    func daemonKilledBeforeDeclaration() throws {
        let daemon = try TestDaemon("repl-declare")
        defer { daemon.stop() }
        // The REPL reads its first line once it is set up on the graph, so the headphones node that line makes
        // says the set-up is over (a kill during the set-up itself ends the REPL at once, as any start-up error
        // does: exit 2).
        let repl = daemon.repl(
            input: "echo 'device connect wiredHeadphones'; "
                + "\(daemon.shellWait(until: "Node", lists: "arbiter.port.headphones")); kill -9 \(daemon.pid); sleep 0.2; "
                + "echo 'app Music category=playback background=audio'; echo 'Music play'; echo 'state Music'")
        defer { repl.remove() }
        let status = repl.waitForExit()
        #expect(status == 1, "status \(String(describing: status)) (124: it hung)\n\(repl.output)")
        // The node shows up while line 1 may still wait on the daemon: the kill lands in line 1 or 2.
        #expect(repl.linesFindingDaemonGone(among: 1...2).count == 1, "\(repl.output)")
        #expect(!repl.output.contains("unknown app"), "the declaration was lost: \(repl.output)")
        #expect(repl.output.contains("players: main (audioPlayer) playing"), "\(repl.output)")
    }
}
