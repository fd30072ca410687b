import Foundation
import Testing

@Suite("arbiter lint and arbiter lints")
struct LintCommandTests {
    static let mistakes = "scenarios/lints/podcast-player-mistakes.yaml"

    @Test("lint prints each finding at its declaration or step, with its fix, and exits 1")
    func findings() throws {
        let result = try CLI.run(["lint", LintCommandTests.mistakes])
        #expect(result.status == 1)
        #expect(result.stdout == (try CLI.read("Tests/ArbiterCLITests/Golden/lint.txt")))
        #expect(
            result.stdout.contains(
                "podcast-player-mistakes.yaml:19:7: warning: Podcasts: plays again after "
                    + "interruptionEnded without shouldResume (its reaction is resume)"))
        #expect(result.stdout.contains("  fix: react with `interruptionEnded: resumeIfShouldResume`"))
        #expect(result.stdout.hasSuffix("6 warnings in 1 file\n0 passed, 1 failed\n"))
    }

    @Test("an allowLints entry that silences nothing is a warning at its line, for the file and for an app")
    func unusedAllowance() throws {
        let file = NSTemporaryDirectory() + "unused-allowance.\(getpid()).yaml"
        try """
        scenario: Allowances kept after the mistakes were fixed
        allowLints:
          nowplaying.stale-rate: "the scenario used to show the stale rate"
        apps:
          Recorder:
            category: record
            options: [allowAirPlay]
            allowLints:
              options.ignored: "shows the ignored option on purpose"
          Maps:
            backgroundModes: [audio]
            category: playback
            allowLints:
              deactivation.without-notify-others: "Maps used to leave Podcasts paused"
        steps:
          - Maps: foreground
          - Maps: play

        """.write(toFile: file, atomically: true, encoding: .utf8)
        defer { unlink(file) }
        let result = try CLI.run(["lint", file])
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                \(file):3:3: warning: allowLints: nowplaying.stale-rate silences nothing in this run [allowlints.unused]
                  fix: remove the entry, or check that the steps still make the mistake it was written for
                \(file):14:7: warning: Maps: allowLints: deactivation.without-notify-others silences nothing in this run [allowlints.unused]
                  fix: remove the entry, or check that the steps still make the mistake it was written for
                2 warnings in 1 file
                0 passed, 1 failed

                """)
        let json = try CLI.run(["lint", "--json", file])
        // A whole file's entry is about no app.
        #expect(json.stdout.contains(#""app":null,"lint":"allowlints.unused""#), "\(json.stdout)")
        #expect(json.stdout.contains(#""app":"Maps","lint":"allowlints.unused""#), "\(json.stdout)")
        let replay = try CLI.run(["replay", file])
        #expect(replay.status == 0)
        #expect(
            replay.stdout.contains(
                "⚠ allowLints: nowplaying.stale-rate silences nothing in this run  [allowlints.unused]"))
    }

    @Test("a file without mistakes passes the lint with exit status 0")
    func clean() throws {
        let result = try CLI.run(["lint", "Tests/ArbiterCLITests/Golden/passing.yaml"])
        #expect(result.status == 0)
        #expect(result.stdout == "0 warnings in 1 file\n1 passed, 0 failed\n")
    }

    @Test("an invalid file exits 2 and the other files are still linted")
    func invalidAmongOthers() throws {
        let result = try CLI.run([
            "lint", "Tests/ArbiterCLITests/Malformed/unknown-app.yaml", LintCommandTests.mistakes,
        ])
        #expect(result.status == 2)
        #expect(result.stdout.contains("unknown-app.yaml:"))
        #expect(result.stdout.contains("[remote.handler-never-enabled]"))
        #expect(result.stdout.hasSuffix("6 warnings in 2 files\n0 passed, 2 failed\n"))
    }

    @Test("--json prints one warning object a line and a summary")
    func json() throws {
        let result = try CLI.run(["lint", "--json", LintCommandTests.mistakes])
        #expect(result.status == 1)
        let objects = try result.stdout.split(separator: "\n").map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        let warnings = objects.filter { $0["type"] as? String == "warning" }
        #expect(warnings.count == 6)
        let stale = try #require(warnings.first { $0["lint"] as? String == "nowplaying.stale-rate" })
        #expect(stale["line"] as? Int == 36 && stale["column"] as? Int == 5)
        #expect(stale["app"] as? String == "Podcasts")
        #expect(stale["time"] as? String == "1m")
        #expect((stale["fix"] as? String)?.contains("rate 0") == true)
        #expect(stale["evidence"] as? String == "documented")
        #expect(objects.last?["type"] as? String == "summary")
        #expect(objects.last?["failed"] as? Int == 1)
        #expect(objects.last?["warnings"] as? Int == 6)
    }

    @Test("allowLints silences a lint for the file or for one app, each with its reason")
    func allowances() throws {
        let original = try CLI.read(LintCommandTests.mistakes)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("arbiter-lint-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let allowed = original.replacingOccurrences(
            of: "apps:\n",
            with: """
                allowLints:
                  nowplaying.stale-rate: "this test silences it for the whole file"
                apps:

                """
        ).replacingOccurrences(
            of: "    mode: voicePrompt\n",
            with: """
                    mode: voicePrompt
                    allowLints:
                      deactivation.without-notify-others: "and this one for Maps alone"

                """)
        let file = directory.appendingPathComponent("allowed.yaml").path
        try allowed.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try CLI.run(["lint", file])
        #expect(result.status == 1)
        #expect(!result.stdout.contains("nowplaying.stale-rate"))
        #expect(!result.stdout.contains("deactivation.without-notify-others"))
        #expect(result.stdout.contains("4 warnings in 1 file"))
    }

    @Test("a project's folder is linted and replayed without walking into its hidden folders (.build, .github)")
    func hiddenFoldersLeftOut() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("arbiter-walk-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        for folder in ["scenarios", ".build/checkouts", ".github/workflows"] {
            try FileManager.default.createDirectory(
                at: directory.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let scenario = try CLI.read("Tests/ArbiterCLITests/Golden/passing.yaml")
        try scenario.write(toFile: directory.path + "/scenarios/passing.yaml", atomically: true, encoding: .utf8)
        try "not: [a scenario".write(
            toFile: directory.path + "/.build/checkouts/config.yaml", atomically: true, encoding: .utf8)
        try "on: push\n".write(toFile: directory.path + "/.github/workflows/ci.yml", atomically: true, encoding: .utf8)
        let lint = try CLI.run(["lint", directory.path])
        #expect(lint.status == 0, "\(lint.stdout)")
        #expect(lint.stdout.contains("0 warnings in 1 file"), "\(lint.stdout)")
        let replay = try CLI.run(["replay", "--quiet", directory.path + "/"])
        #expect(replay.status == 0, "\(replay.stdout)")
        #expect(replay.stdout.contains("1 passed, 0 failed"), "\(replay.stdout)")
        let named = try CLI.run(["replay", "--quiet", directory.path + "/.github/workflows/ci.yml"])
        #expect(named.status == 2, "a hidden file named on the command line is still read")
    }

    @Test("replay shows each warning under the step that showed it, and warnings do not fail the scenario")
    func replayWarnings() throws {
        let result = try CLI.run(["replay", LintCommandTests.mistakes])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let pause = try #require(lines.firstIndex { $0.hasSuffix("Podcasts: pause") })
        let next = try #require(lines[(pause + 1)...].firstIndex { !$0.hasPrefix("            ") })
        let warning = try #require(lines[pause..<next].firstIndex { $0.contains("⚠") })
        #expect(lines[warning].contains("⚠ Podcasts: published no rate (so 1) but none of its players is playing"))
        #expect(
            lines[warning + 1].contains("podcast-player-mistakes.yaml:36:5: fix: publish the elapsed time and rate 0"))
        #expect(result.stdout.contains("✓ PASS \(LintCommandTests.mistakes) (9 steps, 10 checks, 6 warnings)"))
        let quiet = try CLI.run(["replay", "--quiet", LintCommandTests.mistakes])
        #expect(!quiet.stdout.contains("⚠"))
    }

    @Test("the corpus's other scenarios lint clean: each mistake they show on purpose is allowed with a reason")
    func corpusIsClean() throws {
        let folders = try FileManager.default.contentsOfDirectory(
            atPath: CLI.packageRoot.appendingPathComponent("scenarios").path
        ).filter { $0 != "lints" }.sorted()
        #expect(folders.count > 10)
        let result = try CLI.run(["lint"] + folders.map { "scenarios/\($0)" })
        #expect(result.status == 0, "\(result.stdout)")
    }

    @Test("lints lists every lint with its statement, fix and source; a prefix narrows the list")
    func catalog() throws {
        let all = try CLI.run(["lints"])
        #expect(all.status == 0)
        let ids = all.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map(String.init)
        #expect(ids.count >= 12)
        #expect(ids.contains("nowplaying.stale-rate") && ids.contains("options.rejected"))
        #expect(all.stdout.contains("  source: §8.2 (DOC:mediaplayer/mpnowplayinginfopropertyplaybackrate"))
        let narrowed = try CLI.run(["lints", "remote"])
        #expect(
            narrowed.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }
                == ["remote.handler-never-enabled", "remote.success-without-acting", "remote.handler-added-again"])
        let unknown = try CLI.run(["lints", "nope"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("no lint starts with 'nope'"))
    }

    @Test("the schema's allowLints names exactly the lints `arbiter lints` lists")
    func schemaNamesEveryLint() throws {
        let schema = try #require(
            JSONSerialization.jsonObject(
                with: Data(try CLI.read("docs/scenario.schema.json").utf8)) as? [String: Any])
        let definitions = try #require(schema["definitions"] as? [String: Any])
        let allow = try #require(definitions["allowLints"] as? [String: Any])
        let names = try #require((allow["propertyNames"] as? [String: Any])?["enum"] as? [String])
        let listed = try CLI.run(["lints"]).stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map(String.init)
        #expect(names == listed)
    }
}
