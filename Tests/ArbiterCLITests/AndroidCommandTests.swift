import Foundation
import Testing

/// The `arbiter` commands on Android scenarios and on cross-platform files: replay, lint, lints and repl.
@Suite("arbiter on Android and cross-platform scenarios")
struct AndroidCommandTests {
    static let duck = """
        scenario: a prompt ducks music
        platform: android
        android: 13
        apps:
          Music: { usage: media, contentType: music }
          Maps: { usage: assistanceNavigationGuidance, contentType: speech, focusGain: gainTransientMayDuck }
        steps:
          - Music: play
          - after: 1s
            Maps: play
          - after: 250ms
            expect:
              Music: { focus: lossTransientCanDuck, ducked: true, volume: 0.6, playing: true }
              events: []
          - Maps: abandonFocus
          - after: 500ms
            expect:
              focus: Music
              Music: { ducked: false, volume: 1 }
              events: []                 # a silent duck's loss was never told, so neither is the gain
        """

    @Test("an Android scenario replays with each decision's rule and each focus change delivered, exit 0")
    func replaysAndroid() throws {
        let file = try temporaryScenario("android-duck", AndroidCommandTests.duck)
        defer { unlink(file) }
        let result = try CLI.run(["replay", file])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("(android, API 33)"), "\(result.stdout)")
        #expect(result.stdout.contains("Music: ducked to 0.2 over 500ms  [duck.automatic]"), "\(result.stdout)")
        #expect(result.stdout.contains("Music: unducked"), "\(result.stdout)")
        #expect(!result.stdout.contains("→ Music"), "\(result.stdout)")
        #expect(result.stdout.contains("✓ Music.volume = 0.6"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("1 passed, 0 failed\n"))
    }

    @Test("a failed Android check says where, what was expected, what the engine has and the rule; exit 1")
    func failingCheck() throws {
        let file = try temporaryScenario(
            "android-fail",
            AndroidCommandTests.duck
                .replacingOccurrences(of: "volume: 0.6", with: "volume: 0.9"))
        defer { unlink(file) }
        let result = try CLI.run(["replay", "--quiet", file])
        #expect(result.status == 1)
        #expect(result.stdout.contains("\(file):13:59: Music.volume: expected 0.9, got 0.6"), "\(result.stdout)")
        #expect(result.stdout.contains("because [duck.automatic]"), "\(result.stdout)")
    }

    @Test("an invalid Android file is refused with file:line:column and what was expected; exit 2")
    func invalidFile() throws {
        let file = try temporaryScenario(
            "android-bad",
            AndroidCommandTests.duck
                .replacingOccurrences(of: "usage: media,", with: "usage: podcast,"))
        defer { unlink(file) }
        let result = try CLI.run(["replay", file])
        #expect(result.status == 2)
        #expect(result.stdout.hasPrefix("\(file):5:19: error: unknown usage 'podcast'"), "\(result.stdout)")
    }

    @Test("--json gives one JSON object a line, with the platform and each decision's rule and source")
    func json() throws {
        let file = try temporaryScenario("android-json", AndroidCommandTests.duck)
        defer { unlink(file) }
        let result = try CLI.run(["replay", "--json", file])
        #expect(result.status == 0)
        let objects = try result.stdout.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
        }
        #expect(objects.first?["platform"] as? String == "android")
        let duck = objects.first { $0["rule"] as? String == "duck.automatic" }
        #expect(
            (duck?["source"] as? String)?.contains("PlaybackActivityMonitor") == true, "\(String(describing: duck))")
    }

    static let crossPlatform = """
        scenario: a podcast player and a call, on each phone
        platforms: [ios, android]
        apps:
          Pod:
            ios:
              backgroundModes: [audio]
              category: playback
              mode: spokenAudio
              reactions: { interruptionEnded: resumeIfShouldResume }
            android:
              usage: media
              contentType: speech
              reactions: { focusLossTransient: pause, focusGain: resume }
        steps:
          - Pod: play
          - after: 5s
            system: incomingCall
          - expect:
              Pod: { playing: false }
              ios: { Pod: { interrupted: true } }
              android: { Pod: { focus: lossTransient }, focus: call }
          - after: 5s
            system: declineCall
          - expect:
              Pod: { playing: true }
              android: { Pod: { focus: gain } }
          - platform: android
            Pod: abandonFocus
          - platform: android
            expect: { Pod: { focus: none } }
        """

    @Test("a cross-platform file replays once on each phone, each run named for its platform")
    func crossPlatform() throws {
        let file = try temporaryScenario("cross", AndroidCommandTests.crossPlatform)
        defer { unlink(file) }
        let result = try CLI.run(["replay", file])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("✓ PASS \(file) [ios]"), "\(result.stdout)")
        #expect(result.stdout.contains("✓ PASS \(file) [android]"), "\(result.stdout)")
        #expect(result.stdout.contains("→ Pod: interruptionBegan"), "\(result.stdout)")
        #expect(result.stdout.contains("→ Pod: lossTransient"), "\(result.stdout)")
        // A shared check and a platform block's check on one app are both made on that platform.
        #expect(result.stdout.contains("✓ Pod.playing = true\n            ✓ Pod.focus = gain"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("2 passed, 0 failed\n"))
    }

    @Test("a check in one platform's block fails that platform's run alone")
    func crossPlatformFailure() throws {
        let file = try temporaryScenario(
            "cross-fail",
            AndroidCommandTests.crossPlatform
                .replacingOccurrences(of: "focus: lossTransient }", with: "focus: loss }"))
        defer { unlink(file) }
        let result = try CLI.run(["replay", "--quiet", file])
        #expect(result.status == 1)
        #expect(result.stdout.contains("✗ FAIL \(file) [android]"), "\(result.stdout)")
        #expect(!result.stdout.contains("FAIL \(file) [ios]"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("1 passed, 1 failed\n"), "\(result.stdout)")
    }

    @Test("an iOS word in a shared step is an error of the iOS run, at its place, with the platform named")
    func crossPlatformError() throws {
        let file = try temporaryScenario(
            "cross-error",
            AndroidCommandTests.crossPlatform
                .replacingOccurrences(
                    of: "  - platform: android\n    Pod: abandonFocus\n", with: "  - Pod: abandonFocus\n"))
        defer { unlink(file) }
        let result = try CLI.run(["replay", file])
        #expect(result.status == 2)
        #expect(
            result.stdout.contains("\(file):27:10: error: unknown app verb 'abandonFocus' [ios]"), "\(result.stdout)")
        #expect(result.stdout.contains("[ios]"), "\(result.stdout)")
    }

    @Test("arbiter lint finds each Android mistake once, at the app or the step; arbiter lints lists them")
    func lints() throws {
        let result = try CLI.run(["lint", "scenarios/lints/android-focus-mistakes.yaml"])
        #expect(result.status == 1)
        for id in [
            "focus.transient-loss-ignored", "focus.playing-after-loss", "focus.ducking-by-hand",
            "focus.kept-after-stopping",
        ] {
            #expect(result.stdout.components(separatedBy: "[\(id)]").count == 2, "\(id): \(result.stdout)")
        }
        #expect(result.stdout.contains("4 warnings in 1 file"))
        let listed = try CLI.run(["lints", "focus"])
        #expect(listed.status == 0)
        #expect(listed.stdout.contains("focus.ducking-by-hand\n  from Android 8"), "\(listed.stdout)")
    }

    @Test("the Android REPL: words and YAML steps, state, why, an app declared on first mention, errors exit 1")
    func repl() throws {
        let lines = [
            "Music play", "after 1s", "Maps: { requestFocus: gainTransientMayDuck }", "after 250ms", "state",
            "why Music ducked", "Maps fly", "quit",
        ]
        let result = try CLI.run(["repl", "--platform", "android"], stdin: lines.joined(separator: "\n") + "\n")
        #expect(result.status == 1, "\(result.stdout)")
        #expect(result.stdout.contains("declared Music"), "\(result.stdout)")
        #expect(result.stdout.contains("1.25s  focus: Maps  stack: Maps, Music"), "\(result.stdout)")
        #expect(
            result.stdout.contains("Music: focus lossTransientCanDuck, ducked; main started volume 0.6"),
            "\(result.stdout)")
        #expect(result.stdout.contains("Music.ducked: [duck.automatic]"), "\(result.stdout)")
        #expect(result.stdout.contains("error: unknown app verb 'fly'"), "\(result.stdout)")
    }

    @Test(
        "the Android REPL: history, undo and goto take steps back (the clock and the file's steps too); its own words are never apps; why says what it takes"
    )
    func replGoesBack() throws {
        let lines = [
            "why", "undo", "Music play", "after 1s", "Maps: { requestFocus: gainTransientMayDuck }", "history",
            "undo", "state", "goto 1", "state", "why", "why Musik", "why Music duked", "goto 9", "quit",
        ]
        let result = try CLI.run(["repl", "--platform", "android"], stdin: lines.joined(separator: "\n") + "\n")
        #expect(result.status == 1, "\(result.stdout)")
        let out = result.stdout
        #expect(out.contains("error: no app is declared yet, so there is nothing to explain"), "\(out)")
        #expect(out.contains("nothing to undo"), "\(out)")
        #expect(!out.contains("declared undo"), "\(out)")
        #expect(out.contains("3  1s  Maps: { requestFocus: gainTransientMayDuck }"), "\(out)")
        #expect(out.contains("undid `Maps: { requestFocus: gainTransientMayDuck }`; now 1s"), "\(out)")
        #expect(out.contains("1s  focus: Music  stack: Music"), "\(out)")
        #expect(out.contains("after step 1; now 0s"), "\(out)")
        #expect(out.contains("0s  focus: Music  stack: Music"), "\(out)")
        #expect(out.contains("error: why takes an app; expected one of: Music, Maps"), "\(out)")
        #expect(out.contains("error: unknown app 'Musik'; expected one of: Music, Maps; did you mean Music?"), "\(out)")
        #expect(out.contains("error: 'duked' is not one of an app's values; expected one of: focus,"), "\(out)")
        #expect(out.contains("did you mean ducked?"), "\(out)")
        #expect(out.contains("error: goto takes a step number from 0 to 1"), "\(out)")
    }

    @Test(
        "the Android REPL refuses what is not a step without declaring anything: the iOS REPL's commands, a command in other capitals, an app with no verb, a step that fails"
    )
    func replRefusals() throws {
        let lines = ["save /tmp/x.yaml", "Undo", "Music", "Music fly", "state", "quit"]
        let result = try CLI.run(["repl", "--platform", "android"], stdin: lines.joined(separator: "\n") + "\n")
        #expect(result.status == 1, "\(result.stdout)")
        let out = result.stdout
        #expect(out.contains("error: `save` is a command of the iOS REPL; the Android REPL has"), "\(out)")
        #expect(out.contains("error: unknown command 'Undo'; did you mean `undo`?"), "\(out)")
        #expect(out.contains("error: `Music` is not a step: expected an app, system or device, then a verb"), "\(out)")
        #expect(out.contains("error: unknown app verb 'fly'"), "\(out)")
        #expect(!out.contains("declared"), "\(out)")
        #expect(out.contains("0s  focus: none  stack: empty"), "\(out)")
    }

    @Test("undo in the Android REPL gives a file's step back to `step`")
    func replUndoesAFileStep() throws {
        let file = try temporaryScenario("cross-repl-undo", AndroidCommandTests.crossPlatform)
        defer { unlink(file) }
        let result = try CLI.run(["repl", "--platform", "android", file], stdin: "step\nundo\nhistory\nrun\nquit\n")
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("no steps yet"), "\(result.stdout)")
        // A file's step is printed at its time, in the file's words, with where it is written.
        #expect(result.stdout.contains("0s  Pod: play  (/"), "\(result.stdout)")
        #expect(result.stdout.contains("✓ Pod.focus = lossTransient"), "\(result.stdout)")
    }

    @Test("the REPL opens a cross-platform file's Android half with --platform and plays its steps")
    func replOnFile() throws {
        let file = try temporaryScenario("cross-repl", AndroidCommandTests.crossPlatform)
        defer { unlink(file) }
        let result = try CLI.run(["repl", "--platform", "android", file], stdin: "run\nstate\nquit\n")
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("✓ Pod.focus = lossTransient"), "\(result.stdout)")
        #expect(result.stdout.contains("Pod: focus none"), "\(result.stdout)")
    }

    @Test("--svg draws an Android replay, and a cross-platform file's two runs as NAME-ios.svg and NAME-android.svg")
    func pictures() throws {
        let file = try temporaryScenario("cross-svg", AndroidCommandTests.crossPlatform)
        let folder = "/tmp/arbiter-svg.\(getpid())"
        defer {
            unlink(file)
            try? FileManager.default.removeItem(atPath: folder)
        }
        let one = try CLI.run(["replay", "--svg", folder + ".svg", file])
        #expect(one.status == 0, "\(one.stdout)")
        for platform in ["ios", "android"] {
            let picture = "\(folder)-\(platform).svg"
            #expect(FileManager.default.fileExists(atPath: picture), "\(picture)")
            try? FileManager.default.removeItem(atPath: picture)
        }
        let many = try CLI.run(["replay", "--svg", folder, file, "scenarios/lints/android-focus-mistakes.yaml"])
        #expect(many.status == 0, "\(many.stdout)")
        let drawn = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        let name = String(file.split(separator: "/").last!.dropLast(5))
        #expect(drawn == ["android-focus-mistakes.svg", "\(name)-android.svg", "\(name)-ios.svg"].sorted(), "\(drawn)")
        let picture = try String(contentsOfFile: "\(folder)/android-focus-mistakes.svg", encoding: .utf8)
        #expect(picture.contains("focus.loss-leaves-stack"), "the picture names the rule behind Music's loss")
    }

    @Test("every scenario docs/android.md shows replays and passes")
    func documentedScenarios() throws {
        let page = try CLI.read("docs/android.md")
        let scenarios = page.components(separatedBy: "```yaml\n").dropFirst()
            .map { String($0.prefix { _ in true }.components(separatedBy: "```")[0]) }
            .filter { $0.hasPrefix("scenario:") }
        #expect(scenarios.count >= 2)
        for (index, text) in scenarios.enumerated() {
            let file = try temporaryScenario("android-doc-\(index)", text)
            defer { unlink(file) }
            let result = try CLI.run(["replay", "--quiet", file])
            #expect(result.status == 0, "docs/android.md's scenario \(index + 1): \(result.stdout)")
        }
    }
}
