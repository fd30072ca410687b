import ArbiterEngine
import ArbiterScenario
import Foundation
import Synchronization
import Testing

/// A timeline picture rendered to PNG by rsvg-convert (installed by tools/setup.sh), and what can be read back:
/// the PNG's size, and each text's drawn width (rsvg-convert --export-id renders one element, its PNG as wide
/// as the ink).
struct RenderedPicture {
    let svg: String
    let reader: SVGReader
    let file: String

    init(_ svg: String, name: String) throws {
        self.svg = svg
        reader = try #require(SVGReader.read(svg), "the SVG is well-formed XML")
        file =
            FileManager.default.temporaryDirectory.appendingPathComponent("arbiter-render-\(getpid())-\(name).svg").path
        try svg.write(toFile: file, atomically: true, encoding: .utf8)
    }

    func remove() {
        for path in [file, file + ".png"] { unlink(path) }
    }

    /// Runs rsvg-convert with `arguments`; its status.
    static func rsvg(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["rsvg-convert"] + arguments
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// The width and height of a PNG, from its IHDR chunk.
    static func size(ofPNG path: String) throws -> (width: Int, height: Int) {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        try #require(
            data.count > 24 && data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
            "\(path) is a PNG")
        func word(_ at: Int) -> Int { data[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }

    /// Renders the whole picture; the PNG's size.
    func renderPNG() throws -> (width: Int, height: Int) {
        let status = try RenderedPicture.rsvg([file, "-o", file + ".png"])
        try #require(status == 0, "rsvg-convert failed (\(status)); install it with tools/setup.sh --deps-only")
        return try RenderedPicture.size(ofPNG: file + ".png")
    }

    /// A text's box on the picture: its drawn width from rendering it alone, placed by its anchor; its height
    /// from its font size (ascent 0.8 em, descent 0.25 em), with its halo if it has one.
    struct Box: CustomStringConvertible {
        var id: String, text: String
        var x0: Double, x1: Double, y0: Double, y1: Double

        func overlaps(_ other: Box, by margin: Double = 0.75) -> Bool {
            min(x1, other.x1) - max(x0, other.x0) > margin && min(y1, other.y1) - max(y0, other.y0) > margin
        }

        var description: String { "\(id) “\(text)” x \(Int(x0))…\(Int(x1)) y \(Int(y0))…\(Int(y1))" }
    }

    /// The box of every text, each rendered alone (two at a time).
    func textBoxes() throws -> [Box] {
        let texts = reader.elements.filter { $0.name == "text" }
        let widths = Mutex([Int](repeating: -1, count: texts.count))
        let file = self.file
        DispatchQueue.concurrentPerform(iterations: texts.count) { index in
            let id = texts[index].attributes["id"] ?? ""
            let png = "\(file).\(id).png"
            defer { unlink(png) }
            guard (try? RenderedPicture.rsvg(["--export-id=\(id)", file, "-o", png])) == 0,
                let width = try? RenderedPicture.size(ofPNG: png).width
            else { return }
            widths.withLock { $0[index] = width }
        }
        let measured = widths.withLock { $0 }
        return try texts.indices.map { index in
            let text = texts[index]
            let attributes = text.attributes
            try #require(measured[index] >= 0, "rsvg-convert rendered \(attributes["id"] ?? "?") alone")
            let x = Double(attributes["x"] ?? "") ?? 0
            let y = Double(attributes["y"] ?? "") ?? 0
            let size = Double(attributes["font-size"] ?? "") ?? 12
            let halo = (Double(attributes["stroke-width"] ?? "") ?? 0) / 2
            let width = Double(measured[index])
            let x0 =
                switch attributes["text-anchor"] {
                case "middle": x - width / 2
                case "end": x - width
                default: x
                }
            return Box(
                id: attributes["id"] ?? "?", text: text.text, x0: x0, x1: x0 + width,
                y0: y - 0.8 * size - halo, y1: y + 0.25 * size + halo)
        }
    }
}

@Suite("Timeline pictures rendered: an even axis, names, Now Playing, and nothing on top of anything")
struct TimelineRenderTests {
    func picture(_ file: String) throws -> TimelinePicture {
        guard case .success(let scenario) = ScenarioFiles.load(TimelineSVGTests.root.appendingPathComponent(file).path)
        else {
            throw TimelineSVGTests.TestFailure("\(file) does not load")
        }
        return try #require(TimelinePicture(report: Replayer.replay(scenario, recordStates: true)))
    }

    /// A crowded scenario: four apps, steps a few milliseconds apart and several at one instant, notifications
    /// and checks piling up, names long and short.
    static let crowded = """
        scenario: A crowded afternoon with an app whose name is far too long for its lane
        profile: { duckLevel: 0.2 }
        device: { accessories: [wiredHeadphones] }
        apps:
          Music: { backgroundModes: [audio], category: playback, remoteCommands: [play, pause], players: { main: avPlayer } }
          Maps: { backgroundModes: [audio], category: playback, mode: voicePrompt, options: [mixWithOthers, duckOthers] }
          Podcasts: { backgroundModes: [audio], category: playback, mode: spokenAudio, remoteCommands: [play, pause] }
          TheExtraordinarilyLongNamedPlayer: { backgroundModes: [audio], category: playback, remoteCommands: [play] }
        steps:
          - Music: play
          - Music: { nowPlayingInfo: { title: Song, duration: 240, elapsed: 62, rate: 1 } }
          - Maps: play
          - expect:
              Music: { playing: true, ducked: true, audible: true }
              Maps: { playing: true, audible: true }
              nowPlaying: { app: Music }
          - after: 5ms
            Maps: stop
          - after: 5ms
            Maps: { deactivate: { notifyOthers: true } }
          - after: 10ms
            Podcasts: foreground
          - Podcasts: play
          - after: 1ms
            device: { disconnect: wiredHeadphones }
          - device: { connect: wiredHeadphones }
          - TheExtraordinarilyLongNamedPlayer: play
          - expect:
              Music: { playing: false }
              Podcasts: { playing: false, interrupted: true }
              route: { outputs: [headphones] }
              nowPlaying: { app: TheExtraordinarilyLongNamedPlayer }
          - after: 2s
            system: incomingCall
          - after: 5ms
            system: endCall
          - after: 5ms
            Music: play
          - expect:
              Music: { playing: true }
              Maps: { playing: true }
              events: []
          - after: 20s
            Music: pause
        """

    @Test("the spoken-audio picture renders to a PNG of its size; its ticks and steps sit on an even axis, 28 s folded")
    func evenAxis() throws {
        let rendered = try RenderedPicture(
            TimelineSVG.render(try picture("scenarios/interruptions/spoken-audio.yaml")),
            name: "even")
        defer { rendered.remove() }
        let size = try rendered.renderPNG()
        let svg = try #require(rendered.reader.elements.first { $0.name == "svg" })
        #expect(
            size.width == 1100 && Double(size.height) == Double(svg.attributes["height"] ?? ""),
            "the PNG is \(size), the SVG \(svg.attributes["width"] ?? "?") × \(svg.attributes["height"] ?? "?")")
        // Nothing happens between 0 s and 30 s: all but a second at each side is folded, and says how long it is.
        let folds = rendered.reader.elements.filter { $0.attributes["class"] == "fold" }
        let foldLabels = rendered.reader.elements.filter { $0.attributes["class"] == "fold-label" }
        #expect(folds.count == 1 && foldLabels.map(\.text) == ["28s"])
        // The grid's ticks and their labels on them: 0 s, then every second from 30 s, evenly spaced.
        let ticks = rendered.reader.elements.filter { $0.attributes["class"] == "tick" }.compactMap {
            Double($0.attributes["x1"] ?? "")
        }
        let labels = rendered.reader.elements.filter { $0.attributes["class"] == "tick-label" }
        try #require(ticks.count >= 5 && labels.count == ticks.count)
        #expect(labels.map(\.text) == ["0s"] + (30..<(30 + ticks.count - 1)).map { "\($0)s" })
        let spacing = ticks[2] - ticks[1]
        #expect(zip(ticks.dropFirst(), ticks.dropFirst(2)).allSatisfy { abs(($1 - $0) - spacing) <= 0.11 }, "\(ticks)")
        #expect(zip(labels, ticks).allSatisfy { Double($0.attributes["x"] ?? "") == $1 })
        // Every step where its time says: 0 s on the first tick; after the fold, x = the 30 s tick + seconds × pixels
        // a second; and the fold is narrower than the seconds it stands for.
        let steps = rendered.reader.elements.filter { $0.attributes["class"] == "step" }.compactMap {
            Double($0.attributes["x1"] ?? "")
        }
        #expect(steps.first == ticks[0])
        #expect(steps.dropFirst().map { 30 + (($0 - ticks[1]) / spacing * 10).rounded() / 10 } == [30, 33, 33])
        #expect(ticks[1] - ticks[0] < 28 * spacing / 4)
    }

    @Test("step names are drawn in the steps lane; steps at one instant get a box with the state after each")
    func namesAndInstants() throws {
        let reader = try #require(
            SVGReader.read(TimelineSVG.render(try picture("scenarios/interruptions/spoken-audio.yaml"))))
        let names = reader.elements.filter { $0.attributes["class"] == "label step" }.map(\.text)
        #expect(names == ["Podcasts: play", "Maps: play", "Maps: stop", "Maps: deactivate notifyOthers"])
        #expect(reader.texts("at 33s: 2 steps").count == 1)
        #expect(reader.texts("1  Maps: stop").count == 1 && reader.texts("2  Maps: deactivate notifyOthers").count == 1)
        #expect(reader.titles(containing: "Podcasts before 33s: not playing, not audible, interrupted").count == 1)
        #expect(reader.titles(containing: "Podcasts after step 2: playing, audible; interruptionEnded").count == 1)
        #expect(
            reader.titles(containing: "2 steps at 33s: Maps: stop; Maps: deactivate notifyOthers").count == 1,
            "the instant is marked on the axis")
    }

    @Test("at most 24 instant boxes; a line says how many more there are, whose marks on the axis list their steps")
    func mostBoxes() throws {
        let steps = (1...30).map { "  - at: \($0)s\n    Music: play\n  - Music: pause\n" }.joined()
        let text =
            "scenario: thirty instants\napps:\n  Music: { backgroundModes: [audio], category: playback }\nsteps:\n"
            + steps
        guard case .success(let scenario) = ScenarioParser.parse(text, file: "thirty.yaml") else {
            throw TimelineSVGTests.TestFailure("does not parse")
        }
        let picture = try #require(TimelinePicture(report: Replayer.replay(scenario, recordStates: true)))
        let reader = try #require(SVGReader.read(TimelineSVG.render(picture)))
        #expect(reader.elements.filter { $0.name == "text" && $0.text.hasSuffix(": 2 steps") }.count == 24)
        #expect(
            reader.texts(
                "6 more instants with several steps, from 25s: hover over their marks on the axis for their steps"
            ).count == 1)
        #expect(reader.titles(containing: "2 steps at 30s: Music: play; Music: pause").count == 1)
    }

    @Test("Now Playing has a lane: the app, its elapsed time and rate, a new segment when the rate changes")
    func nowPlayingLane() throws {
        let reader = try #require(
            SVGReader.read(TimelineSVG.render(try picture("scenarios/nowplaying/stale-rate-pitfall.yaml"))))
        #expect(reader.texts("Music 0:12 ×1").count == 1)
        #expect(reader.texts("Music 0:42 ×0").count == 1)
        #expect(
            reader.titles(containing: "0s–50s  Now Playing Music “Song”, elapsed 0:12 → 1:02, rate 1").count == 1,
            "\(reader.titles(containing: "Now Playing Music"))")
    }

    @Test(
        "no text is drawn over another, in the example picture and in a crowded one", arguments: ["example", "crowded"])
    func nothingOverlaps(_ which: String) throws {
        let picture: TimelinePicture
        if which == "crowded" {
            guard case .success(let scenario) = ScenarioParser.parse(TimelineRenderTests.crowded, file: "crowded.yaml")
            else {
                throw TimelineSVGTests.TestFailure("the crowded scenario does not parse")
            }
            picture = try #require(TimelinePicture(report: Replayer.replay(scenario, recordStates: true)))
        } else {
            picture = try self.picture("scenarios/interruptions/spoken-audio.yaml")
        }
        let rendered = try RenderedPicture(TimelineSVG.render(picture), name: which)
        defer { rendered.remove() }
        #expect(try rendered.renderPNG().width == 1100)
        let boxes = try rendered.textBoxes()
        #expect(boxes.count > 40)
        var overlaps: [String] = []
        for (index, box) in boxes.enumerated() {
            for other in boxes[(index + 1)...] where box.overlaps(other) { overlaps.append("\(box)  ×  \(other)") }
            if box.x0 < 0 || box.x1 > 1100 { overlaps.append("\(box) is off the picture") }
        }
        #expect(overlaps.isEmpty, "\(overlaps.joined(separator: "\n"))")
    }
}
