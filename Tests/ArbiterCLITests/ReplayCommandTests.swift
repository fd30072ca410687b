import Foundation
import Testing

@Suite("arbiter replay")
struct ReplayCommandTests {
    @Test("a passing scenario prints its timeline and exits 0", arguments: ["passing"])
    func passingGolden(name: String) throws {
        let result = try CLI.run(["replay", "Tests/ArbiterCLITests/Golden/\(name).yaml"])
        #expect(result.status == 0)
        #expect(result.stdout == (try CLI.read("Tests/ArbiterCLITests/Golden/\(name).txt")))
    }

    @Test("a failing scenario shows each failure with file:line:column, expected, actual and the rule; exit 1")
    func failingGolden() throws {
        let result = try CLI.run(["replay", "Tests/ArbiterCLITests/Golden/failing.yaml"])
        #expect(result.status == 1)
        #expect(result.stdout == (try CLI.read("Tests/ArbiterCLITests/Golden/failing.txt")))
        #expect(result.stdout.contains("failing.yaml:15:16: Music.playing: expected true, got false"))
        #expect(result.stdout.hasSuffix("0 passed, 1 failed\n"))
    }

    @Test("--json prints one JSON object a line")
    func jsonGolden() throws {
        let result = try CLI.run(["replay", "--json", "Tests/ArbiterCLITests/Golden/failing.yaml"])
        #expect(result.status == 1)
        #expect(result.stdout == (try CLI.read("Tests/ArbiterCLITests/Golden/failing.jsonl")))
        for line in result.stdout.split(separator: "\n") {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["type"] != nil, "\(line)")
        }
        #expect(result.stdout.split(separator: "\n").last == #"{"type":"summary","passed":0,"failed":1}"#)
    }

    @Test("--json --quiet prints only the failed runs' lines and the summary")
    func jsonQuiet() throws {
        let result = try CLI.run([
            "replay", "--json", "--quiet", "Tests/ArbiterCLITests/Golden/passing.yaml",
            "Tests/ArbiterCLITests/Golden/failing.yaml",
        ])
        #expect(result.status == 1)
        let failing = try CLI.read("Tests/ArbiterCLITests/Golden/failing.jsonl").split(separator: "\n").dropLast()
        #expect(
            result.stdout.split(separator: "\n") == failing + [#"{"type":"summary","passed":1,"failed":1}"#],
            "\(result.stdout)")
    }

    @Test("--quiet prints only failures and the summary")
    func quietGolden() throws {
        let result = try CLI.run([
            "replay", "--quiet", "Tests/ArbiterCLITests/Golden/failing.yaml",
            "Tests/ArbiterCLITests/Golden/passing.yaml",
        ])
        #expect(result.status == 1)
        #expect(result.stdout == (try CLI.read("Tests/ArbiterCLITests/Golden/quiet.txt")))
        #expect(!result.stdout.contains("✓"))
    }

    @Test("every malformed file gets its exact error lines and exit status 2")
    func malformedFiles() throws {
        let files = try CLI.files(in: "Tests/ArbiterCLITests/Malformed", ending: ".yaml")
        #expect(files.count >= 20)
        for file in files {
            let result = try CLI.run(["replay", file])
            #expect(result.status == 2, "\(file)")
            let expected = try CLI.read(String(file.dropLast(".yaml".count)) + ".expected")
            #expect(result.stdout == expected, "\(file)")
            #expect(result.stdout.hasPrefix(file + ":"), "\(file): the error names the file, line and column")
        }
    }

    @Test("one bad file does not stop the others; the summary counts both and the exit status is 2")
    func mixedFiles() throws {
        let result = try CLI.run([
            "replay", "--quiet", "Tests/ArbiterCLITests/Malformed/unknown-verb.yaml",
            "Tests/ArbiterCLITests/Golden/passing.yaml", "no/such/file.yaml",
        ])
        #expect(result.status == 2)
        #expect(result.stdout.contains("unknown-verb.yaml:5:12: error: unknown app verb 'plya' (did you mean 'play'?)"))
        #expect(result.stdout.contains("no/such/file.yaml:1:1: error: no such file; expected a readable scenario file"))
        #expect(result.stdout.hasSuffix("1 passed, 2 failed\n"))
    }

    @Test("counts read as English: one step and one check are '1 step, 1 check'")
    func singularCounts() throws {
        let file = try temporaryScenario(
            "singular",
            """
            scenario: one step, one check
            apps:
              Music: { category: playback }
            steps:
              - Music: play
              - expect:
                  Music: { playing: true }
            """)
        defer { unlink(file) }
        let result = try CLI.run(["replay", file])
        #expect(result.status == 0)
        #expect(result.stdout.contains("✓ PASS \(file) (1 step, 1 check)"), "\(result.stdout)")
    }

    @Test("--realtime without PipeWire is refused with what it needs, exit 2")
    func realtimeWithoutPipeWire() throws {
        let result = try CLI.run(["replay", "--realtime", "Tests/ArbiterCLITests/Golden/passing.yaml"])
        #expect(result.status == 2)
        #expect(
            result.stdout.hasPrefix(
                "error: --realtime waits out the scenario's times on real PipeWire streams; "
                    + "expected --pipewire"), "\(result.stdout)")
    }

    @Test("the whole corpus in scenarios/ passes")
    func corpusPasses() throws {
        let result = try CLI.run(["replay", "--quiet", "scenarios"])
        #expect(result.status == 0, "\(result.stdout)")
        let files = try FileManager.default.subpathsOfDirectory(
            atPath: CLI.packageRoot.appendingPathComponent("scenarios").path
        ).filter { $0.hasSuffix(".yaml") }
        #expect(files.count >= 50)
        // A cross-platform file (`platforms: [ios, android]`) replays once on each of its platforms.
        let count = try files.reduce(0) { count, file in
            let text = try CLI.read("scenarios/\(file)")
            let platforms = text.firstMatch(of: /\nplatforms: \[([^\]]*)\]/).map { $0.1.split(separator: ",").count }
            return count + (platforms ?? 1)
        }
        #expect(result.stdout == "\(count) passed, 0 failed\n")
    }

    @Test("replaying every scenario twice gives byte-identical output, text and JSON")
    func deterministic() throws {
        for flags in [[String](), ["--json"]] {
            let first = try CLI.run(["replay"] + flags + ["scenarios"])
            let second = try CLI.run(["replay"] + flags + ["scenarios"])
            #expect(first.status == 0)
            #expect(first.stdout == second.stdout)
            #expect(first.stdout.count > 10_000)
        }
    }

    @Test("replay without files is a usage error")
    func noFiles() throws {
        let result = try CLI.run(["replay"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("Missing expected argument"))
    }
}

@Suite("README")
struct ReadmeCommandTests {
    @Test("the replay the README starts with works, and its output excerpt is real")
    func readmeReplay() throws {
        let readme = try CLI.read("README.md")
        let firstCommand = try #require(readme.split(separator: "\n").first { $0.contains("arbiter replay") })
        // The words after `.build/release/arbiter`, up to the comment: the README's own replay, run as written.
        let words = firstCommand.split(separator: "#")[0].split(separator: " ").map(String.init)
        let arguments = Array(words.drop { !$0.hasSuffix("/arbiter") }.dropFirst())
        #expect(arguments.contains("--pipewire"), "the main job includes real PipeWire")
        let result = try CLI.run(arguments)
        #expect(result.status == 0)
        for line in [
            "            Podcasts: interrupted by Maps  [activation.interrupts-spoken-audio]",
            "            → Podcasts: interruptionBegan reason=default  [activation.interrupts-spoken-audio]",
            "            Podcasts: app code: on interruptionEnded resumeIfShouldResume  [app.reaction]",
            "✓ PASS scenarios/interruptions/spoken-audio.yaml (4 steps, 8 checks)",
        ] {
            #expect(readme.contains(line), "README lost: \(line)")
            #expect(result.stdout.contains(line), "replay no longer prints: \(line)")
        }
    }
}
