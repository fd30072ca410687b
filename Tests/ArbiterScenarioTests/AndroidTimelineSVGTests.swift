import ArbiterScenario
import Foundation
import Testing

@Suite("Android timeline pictures (SVG)")
struct AndroidTimelineSVGTests {
    /// A navigation prompt ducks music (a 500 ms strong duck), the radio then takes focus for good (a 2 s fade),
    /// two steps share an instant, and one check is written to fail.
    static let scenario = """
        scenario: A prompt ducks music, then the radio takes over
        platform: android
        android: 14
        apps:
          Music:
            usage: media
            contentType: music
          Maps:
            usage: assistanceNavigationGuidance
            contentType: speech
            focusGain: gainTransientMayDuck
          Radio:
            usage: media
            contentType: music
        steps:
          - Music: play
          - after: 10s
            Maps: play
          - after: 1s
            expect:
              focus: Maps
              Music: { focus: lossTransientCanDuck, ducked: true, volume: 0.017783 }
          - after: 2s
            Maps: abandonFocus
          - after: 1s
            expect:
              Music: { ducked: false, volume: 1 }
              Maps: { playing: true }
          - after: 4s
            Radio: play
          - Maps: stop
          - after: 1s
            expect:
              focus: Radio
              Music: { faded: true }
              Radio: { playing: false }
          - after: 7s
            expect:
              Music: { focus: loss, faded: false }
        """

    func report() throws -> AndroidScenarioReport {
        let scenario = try AndroidScenarioParser.parse(Self.scenario, file: "prompt.yaml").get()
        return AndroidReplayer.replay(scenario, recordStates: true)
    }

    func svg() throws -> String {
        let report = try report()
        return try #require(AndroidTimelineSVG.render(report))
    }

    func reader() throws -> SVGReader {
        let svg = try svg()
        return try #require(SVGReader.read(svg), "the SVG is well-formed XML")
    }

    @Test("a lane per app, the focus changes' rules in titles, ✓ and ✗, well-formed, byte-identical twice")
    func lanesAndMarks() throws {
        let report = try report()
        let svg = try svg()
        let again = try self.report()
        #expect(svg == AndroidTimelineSVG.render(again))
        let reader = try #require(SVGReader.read(svg), "the SVG is well-formed XML")
        for app in ["Music", "Maps", "Radio"] {
            #expect(reader.texts(app).filter { $0.attributes["font-size"] == "14" }.count == 1, "\(app)'s lane")
        }
        let delivered = report.entries.flatMap { entry -> [String] in
            guard case .step(let step) = entry else { return [] }
            return step.outcome.notifications.map { "\($0.app) ← \($0.change)  [\($0.rule.id)]" }
        }
        #expect(!delivered.isEmpty)
        for text in delivered { #expect(!reader.titles(containing: text).isEmpty, "a mark for \(text)") }
        #expect(reader.titles(containing: "Music ← loss  [").count == 1, "Music is told it lost focus for good")
        #expect(reader.checks("held").count == report.checkCount - 1)
        #expect(reader.checks("failed").map(\.text) == ["✗"], "\(reader.titles(containing: "✗"))")
        #expect(reader.titles(containing: "✗ Radio.playing: expected false, got true  (prompt.yaml:").count == 1)
        #expect(reader.titles(containing: "✓ Music.ducked = true  (prompt.yaml:").count == 1)
    }

    @Test("the duck's ramp and the fade are slopes on the volume line")
    func volumeSlopes() throws {
        let reader = try reader()
        let music = try #require(reader.elements.first { $0.attributes["class"] == "volume" })
        let points = (music.attributes["points"] ?? "").split(separator: " ").compactMap { pair -> (Double, Double)? in
            let parts = pair.split(separator: ",").compactMap { Double($0) }
            return parts.count == 2 ? (parts[0], parts[1]) : nil
        }
        // The steps are at 0s, 10s (the prompt ducks Music), 13s (it ends), 18s (the radio takes focus), 18s.
        let steps = reader.elements.filter { $0.attributes["class"] == "step" }
            .compactMap { Double($0.attributes["x1"] ?? "") }
        try #require(steps.count == 5)
        let falling = zip(points, points.dropFirst()).filter { $0.0 < $1.0 && $0.1 < $1.1 }.map(\.0.0)
        #expect(falling.filter { $0 >= steps[1] && $0 < steps[2] }.count >= 4, "the 500 ms duck is a slope: \(points)")
        #expect(falling.filter { $0 >= steps[3] }.count >= 8, "the 2 s fade is a slope: \(points)")
        let rising = zip(points, points.dropFirst()).filter { $0.0 < $1.0 && $0.1 > $1.1 }.map(\.0.0)
        #expect(rising.filter { $0 >= steps[2] && $0 < steps[3] }.count >= 4, "the unduck climbs back: \(points)")
        #expect(reader.titles(containing: "Music faded").count == 1, "\(reader.titles(containing: "Music f"))")
        #expect(reader.titles(containing: "Music focus: lossTransientCanDuck").count == 1)
    }

    @Test("steps at one instant share its place and get a box; who holds focus is named over time")
    func instantsAndFocus() throws {
        let reader = try reader()
        #expect(reader.titles(containing: "2 steps at 18s: Radio: play; Maps: stop").count == 1)
        #expect(reader.texts("at 18s: 2 steps").count == 1, "a box shows the instant's steps")
        #expect(reader.titles(containing: "Music before 18s: focus gain, playing").count == 1)
        #expect(
            reader.titles(containing: "Music after step 1: focus loss, playing, faded; ← ").isEmpty,
            "the LOSS waits for the fade's end")
        #expect(reader.titles(containing: "Music after step 1: focus loss, playing, faded").count == 1)
        #expect(reader.titles(containing: "Maps after step 2: focus none, not playing").count == 1)
        #expect(reader.titles(containing: "10s–13s  focus: Maps; stack: Maps, Music").count == 1)
    }

    @Test("a call mutes media on the phone; the car's lane names every holder")
    func callAndCar() throws {
        let phone = try AndroidScenarioParser.parse(
            """
            scenario: A call mutes music
            platform: android
            apps:
              Music: { usage: media, contentType: music }
            steps:
              - Music: play
              - after: 2s
                system: incomingCall
              - after: 1s
                expect:
                  Music: { muted: true }
            """, file: "call.yaml"
        ).get()
        let callPicture = try #require(AndroidTimelineSVG.render(AndroidReplayer.replay(phone, recordStates: true)))
        let call = try #require(SVGReader.read(callPicture))
        #expect(!call.titles(containing: "Music muted").isEmpty, "\(call.titles(containing: "Music"))")
        #expect(
            !call.titles(containing: "focus: call; stack: call, Music; call ringing").isEmpty,
            "\(call.titles(containing: "focus"))")
        let car = try AndroidScenarioParser.parse(
            """
            scenario: Navigation beside music in the car
            platform: androidAutomotive
            apps:
              Music: { usage: media, contentType: music }
              Maps: { usage: assistanceNavigationGuidance, contentType: speech, focusGain: gainTransientMayDuck }
            steps:
              - Music: play
              - after: 2s
                Maps: play
              - after: 1s
                expect:
                  holders: [Maps, Music]
            """, file: "car.yaml"
        ).get()
        let carPicture = try #require(AndroidTimelineSVG.render(AndroidReplayer.replay(car, recordStates: true)))
        let reader = try #require(SVGReader.read(carPicture))
        #expect(reader.texts("holders").count == 1)
        #expect(!reader.titles(containing: "holders: Maps + Music").isEmpty, "\(reader.titles(containing: "holders"))")
    }

    @Test("a report replayed without states has no picture")
    func noStates() throws {
        let scenario = try AndroidScenarioParser.parse(Self.scenario, file: "prompt.yaml").get()
        #expect(AndroidTimelineSVG.render(AndroidReplayer.replay(scenario)) == nil)
    }

    @Test(
        "rsvg-convert draws it, and no text is drawn over another",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/rsvg-convert")))
    func renders() throws {
        let picture = try RenderedPicture(try svg(), name: "android")
        defer { picture.remove() }
        let size = try picture.renderPNG()
        #expect(size.width == 1100)
        let boxes = try picture.textBoxes()
        for (index, box) in boxes.enumerated() {
            for other in boxes[(index + 1)...] where box.overlaps(other) {
                Issue.record("\(box) overlaps \(other)")
            }
        }
    }

    @Test(
        "a crowded car: long names, steps milliseconds apart, nothing drawn over anything",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/rsvg-convert")))
    func crowded() throws {
        let scenario = try AndroidScenarioParser.parse(
            """
            scenario: A crowded drive with an app whose name is far too long for its lane
            platform: androidAutomotive
            apps:
              Music: { usage: media, contentType: music }
              Maps: { usage: assistanceNavigationGuidance, contentType: speech, focusGain: gainTransientMayDuck }
              TheExtraordinarilyLongNamedPlayer: { usage: media, contentType: music }
            steps:
              - Music: play
              - after: 5ms
                Maps: play
              - expect:
                  holders: [Maps, Music]
                  Music: { ducked: true, playing: true }
                  Maps: { playing: true, focus: gain }
              - after: 5ms
                Maps: abandonFocus
              - after: 3ms
                TheExtraordinarilyLongNamedPlayer: play
              - Maps: stop
              - system: { assistant: begin }
              - after: 1ms
                expect:
                  Music: { focus: loss, playing: true }
                  TheExtraordinarilyLongNamedPlayer: { playing: true }
            """, file: "crowded.yaml"
        ).get()
        let svg = try #require(AndroidTimelineSVG.render(AndroidReplayer.replay(scenario, recordStates: true)))
        let picture = try RenderedPicture(svg, name: "android-crowded")
        defer { picture.remove() }
        #expect(try picture.renderPNG().width == 1100)
        let boxes = try picture.textBoxes()
        for (index, box) in boxes.enumerated() {
            for other in boxes[(index + 1)...] where box.overlaps(other) {
                Issue.record("\(box) overlaps \(other)")
            }
        }
    }
}
