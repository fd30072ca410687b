import Foundation
import Testing

@Suite("Timeline pictures from the CLI: replay --svg and the REPL's timeline")
struct TimelineCommandTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "arbiter-svg-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    ).path

    /// Renders an SVG to PNG with rsvg-convert (installed by tools/setup.sh); returns the PNG's size in bytes.
    func render(_ svg: String) -> Int {
        let png = svg + ".png"
        guard system("rsvg-convert '\(svg)' -o '\(png)' >/dev/null 2>&1") == 0 else { return 0 }
        return (try? FileManager.default.attributesOfItem(atPath: png)[.size] as? Int) ?? 0
    }

    @Test("replay --svg FILE draws one picture that renders; the report is unchanged")
    func oneFile() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let picture = folder + "/spoken.svg"
        let plain = try CLI.run(["replay", "scenarios/interruptions/spoken-audio.yaml"])
        let drawn = try CLI.run(["replay", "--svg", picture, "scenarios/interruptions/spoken-audio.yaml"])
        #expect(drawn.status == 0)
        #expect(drawn.stdout == plain.stdout, "drawing does not change what replay prints")
        let svg = try String(contentsOfFile: picture, encoding: .utf8)
        #expect(svg.hasPrefix("<svg "))
        #expect(svg.contains(">Navigation prompts pause a podcast and duck music</text>"))
        #expect(render(picture) > 10_000, "rsvg-convert renders it")
    }

    @Test("replay --svg FOLDER with several files draws NAME.svg for each, failing ones included")
    func severalFiles() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try CLI.run([
            "replay", "--quiet", "--svg", folder, "scenarios/ducking",
            "Tests/ArbiterCLITests/Golden/failing.yaml",
        ])
        #expect(result.status == 1)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        let expected =
            try CLI.files(in: "scenarios/ducking", ending: ".yaml").map {
                ($0.split(separator: "/").last ?? "").replacingOccurrences(of: ".yaml", with: ".svg")
            } + ["failing.svg"]
        #expect(names == expected.sorted())
        let failing = try String(contentsOfFile: folder + "/failing.svg", encoding: .utf8)
        #expect(failing.contains("class=\"check failed\""))
    }

    @Test("files of one name in different folders get their folders in their pictures' names, none drawn over another")
    func sameNames() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try CLI.run([
            "replay", "--quiet", "--svg", folder, "scenarios/android/ducking/will-pause-when-ducked.yaml",
            "scenarios/android-automotive/ducking/will-pause-when-ducked.yaml",
            "scenarios/ducking/duck-others-ramp.yaml",
        ])
        #expect(result.status == 0, "\(result.stdout)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(
            names == [
                "android-automotive-ducking-will-pause-when-ducked.svg", "android-ducking-will-pause-when-ducked.svg",
                "duck-others-ramp.svg",
            ])
    }

    @Test("--svg naming a file when there are several scenarios is refused before anything runs")
    func fileForSeveral() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/one.svg"
        _ = FileManager.default.createFile(atPath: file, contents: Data())
        let result = try CLI.run(["replay", "--svg", file, "scenarios/ducking", "scenarios/routes"])
        #expect(result.status == 2)
        #expect(result.stdout.contains("error: --svg \(file) is a file, but there are"))
    }

    @Test("a picture that cannot be written is an error with the system's reason and status 2; the run still passes")
    func unwritablePicture() throws {
        // /proc exists, so the path passes the check made before replaying; the kernel refuses the file.
        let result = try CLI.run([
            "replay", "--quiet", "--svg", "/proc/x.svg", "scenarios/ducking/duck-others-ramp.yaml",
        ])
        #expect(result.status == 2)
        #expect(
            result.stdout.contains(
                "scenarios/ducking/duck-others-ramp.yaml: error: cannot write the picture /proc/x.svg (No such file or directory); expected a writable path"
            ), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("1 passed, 0 failed\n"))
        let missing = try CLI.run([
            "replay", "--quiet", "--svg", "/nonexistent/x.svg", "scenarios/ducking/duck-others-ramp.yaml",
        ])
        #expect(missing.status == 2 && missing.stdout.hasPrefix("error: --svg /nonexistent/x.svg: the folder"))
    }

    @Test("the REPL's timeline keeps a file's checks, and undo takes them back")
    func replTimelineChecks() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try CLI.run(
            ["repl", "scenarios/interruptions/spoken-audio.yaml"],
            stdin: "run\ntimeline \(folder)/all.svg\nundo\nundo\ntimeline \(folder)/two.svg\n")
        #expect(result.status == 0, "\(result.stdout)")
        let all = try String(contentsOfFile: folder + "/all.svg", encoding: .utf8)
        let two = try String(contentsOfFile: folder + "/two.svg", encoding: .utf8)
        #expect(all.components(separatedBy: "class=\"check held\"").count - 1 == 8)
        #expect(two.components(separatedBy: "class=\"check held\"").count - 1 == 6)
    }

    @Test("the REPL's timeline draws the session so far")
    func replTimeline() throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let picture = folder + "/session.svg"
        let result = try CLI.run(
            ["repl"],
            stdin: """
                app Music category=playback background=audio
                app Maps category=playback options=duckOthers background=audio
                Music play
                after 10s
                Maps play
                after 5s
                timeline \(picture)

                """)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("drew 4 steps to \(picture)"))
        let svg = try String(contentsOfFile: picture, encoding: .utf8)
        #expect(svg.contains(">Music</text>") && svg.contains(">Maps</text>"))
        #expect(svg.contains("Music playing 0s–16.25s"), "the picture reaches the session's clock")
        #expect(render(picture) > 10_000)
    }
}

@Suite("The documentation's timeline picture")
struct TimelineDocumentationTests {
    @Test("docs/timeline-example.svg is what replay --svg draws today")
    func exampleIsCurrent() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("arbiter-doc-\(getpid()).svg").path
        defer { unlink(path) }
        let result = try CLI.run(["replay", "--quiet", "--svg", path, "scenarios/interruptions/spoken-audio.yaml"])
        #expect(result.status == 0)
        let drawn = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            drawn == (try CLI.read("docs/timeline-example.svg")),
            "redraw it: arbiter replay --svg docs/timeline-example.svg scenarios/interruptions/spoken-audio.yaml")
    }
}
