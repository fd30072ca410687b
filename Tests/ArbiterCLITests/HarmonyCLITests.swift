import Foundation
import Testing

/// HarmonyOS through the built binary: replay with --json, the REPL on a file and on an empty phone, rules and lints.
@Suite("arbiter on HarmonyOS")
struct HarmonyCLITests {
    @Test("the REPL plays a HarmonyOS file's steps, shows the state, and exits 1 when a typed check fails")
    func repl() throws {
        let file = try CLI.run(
            ["repl", "scenarios/harmonyos/navigation-ducks-music.yaml"], stdin: "run\nstate\nquit\n")
        #expect(file.status == 0, "\(file.stdout)")
        #expect(file.stdout.contains("→ Music.player: audioInterrupt begin force duck  [harmony.focus.duck-existing]"))
        #expect(file.stdout.contains("  player: running, volume 1, focus active, share"))
        let failing = try CLI.run(
            ["repl", "--platform", "harmonyos"],
            stdin: "declare Music music\nMusic start\nexpect: { Music: { volume: 0.2 } }\n")
        #expect(failing.status == 1)
        #expect(failing.stdout.contains("✗ Music.player.volume: expected 0.2, got 1"))
    }

    @Test("--json writes a HarmonyOS run's steps, decisions with their sources, events and checks")
    func json() throws {
        let result = try CLI.run(["replay", "--json", "scenarios/harmonyos/navigation-ducks-music.yaml"])
        #expect(result.status == 0)
        let objects = result.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(objects.first?["platform"] as? String == "harmonyos" && objects.first?["api"] as? Int == 20)
        let duck = objects.first { $0["type"] as? String == "decision" && $0["change"] as? String == "volume 0.2" }
        #expect(duck?["rule"] as? String == "harmony.focus.duck-existing")
        #expect((duck?["source"] as? String)?.contains("DUCK_FACTOR 0.2") == true)
        #expect(
            objects.contains {
                $0["type"] as? String == "notification"
                    && $0["event"] as? String == "Music.player: audioInterrupt begin force duck"
            })
        let end = objects.first { $0["type"] as? String == "result" }
        #expect(end?["passed"] as? Bool == true && end?["checks"] as? Int == 9)
        #expect(objects.last?["type"] as? String == "summary")
    }

    @Test("--json writes a HarmonyOS run's lint warnings, as the other platforms' reports do")
    func jsonWarnings() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("harmony-json-lint.yaml")
        try """
        scenario: a RESUME ignored
        platform: harmonyos
        apps:
          Music: { usage: music }
          Chat: { usage: voiceCommunication }
        steps:
          - Music: start
          - Chat: start
          - Chat: stop
        """.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try CLI.run(["replay", "--json", file.path])
        let warnings = result.stdout.split(separator: "\n").filter { $0.contains("\"type\":\"warning\"") }
        #expect(warnings.count == 1 && warnings.first?.contains("harmony.resume-ignored") == true, "\(result.stdout)")
    }

    @Test("a step for one platform keeps the file's clock on the others: each half's shared steps at the same times")
    func oneClockForThreeHalves() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("three-clocks-\(getpid()).yaml")
        try """
        scenario: one clock
        platforms: [ios, android, harmonyos]
        apps:
          Music:
            ios: { category: playback, backgroundModes: [audio] }
        steps:
          - Music: play
          - after: 10s
            platform: ios
            Music: background
          - after: 2s
            platform: [android, harmonyos]
            Music: pause
          - at: 1m
            platform: harmonyos
            Music: stop
          - after: 1s
            Music: play
        """.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try CLI.run(["replay", file.path])
        #expect(result.status == 0, "\(result.stdout)")
        let lastPlays = result.stdout.split(separator: "\n").filter {
            $0.hasSuffix("Music: play") || $0.hasSuffix("Music: start")
        }
        #expect(lastPlays.count == 6, "\(result.stdout)")
        #expect(lastPlays.filter { $0.contains(" 1m1s  ") }.count == 3, "\(result.stdout)")
    }

    @Test("a failed events check shows what was delivered as the check writes it, ready to paste")
    func eventsGotAsWritten() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("harmony-events-\(getpid()).yaml")
        try """
        scenario: what was got
        platform: harmonyos
        apps:
          Music: { usage: music }
          Game:
            streams: { sound: game, voice: { kind: audioRenderer, usage: voiceCommunication } }
          Maps: { usage: navigation }
        steps:
          - Music: start
          - Game: { start: sound }
          - Maps: start
          - expect:
              events: [Music: begin force pause]
        """.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try CLI.run(["replay", "--quiet", file.path])
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "events: expected [Music: begin force pause], got [Music: begin force duck, Game.sound: begin force duck]"
            ),
            "\(result.stdout)")
    }

    @Test("rules --platform harmonyos lists HarmonyOS's rules alone; lints lists its lints")
    func rulesAndLints() throws {
        let rules = try CLI.run(["rules", "--platform", "harmonyos"]).stdout
        #expect(rules.contains("harmony.focus.pause-incoming") && !rules.contains("activation.non-mixable"))
        let lints = try CLI.run(["lints"]).stdout
        #expect(lints.contains("harmony.resume-ignored") && lints.contains("harmony.media-usage-for-short-sound"))
    }

    @Test("attach --platform harmonyos refuses an API level outside 12 to 20, --sdk, and what only iOS's attach takes")
    func attachOptions() throws {
        for (arguments, message) in [
            (["--platform", "harmonyos", "--api", "11"], "--api is 11; expected a HarmonyOS API level from 12 to 20"),
            (["--platform", "harmonyos", "--api", "21"], "--api is 21; expected a HarmonyOS API level from 12 to 20"),
            (["--api", "14"], "--api goes with --platform harmonyos"),
            (["--platform", "android", "--api", "14"], "--api goes with --platform harmonyos; Android takes --sdk"),
            (
                ["--platform", "harmonyos", "--sdk", "30"],
                "--sdk goes with --platform android or androidAutomotive; HarmonyOS takes --api"
            ),
            (
                ["--platform", "harmonyos", "--rules", "rules.yaml", "--save", "saved.yaml", "--json"],
                "--rules, --save, --json cannot be used with --platform harmonyos: HarmonyOS's focus on a live graph "
                    + "takes the apps from the streams' media.role"
            ),
            (["--platform", "harmonyOS"], "--platform is harmonyOS; expected android, androidAutomotive or harmonyos"),
        ] {
            // A daemon that does not exist: each error must come before the command tries to reach one.
            let result = try CLI.run(["attach", "--pipewire-remote", "/nonexistent/pipewire-0"] + arguments)
            #expect(result.status == 64, "\(arguments): \(result.stdout)\(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        let help = try CLI.run(["attach", "--help"])
        #expect(help.stdout.contains("androidAutomotive (the car) or harmonyos"))
        #expect(help.stdout.contains("--api <N>") && help.stdout.contains("HarmonyOS API level"))
    }
}
