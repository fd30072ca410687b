import ArbiterEngine
import ArbiterScenario
import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Reads an SVG back: whether it is well-formed XML, and its elements with their attributes and text.
final class SVGReader: NSObject, XMLParserDelegate {
    struct Element {
        var name: String
        var attributes: [String: String]
        var text = ""
    }
    var elements: [Element] = []
    private var open: [Int] = []

    static func read(_ svg: String) -> SVGReader? {
        let reader = SVGReader()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = reader
        return parser.parse() ? reader : nil
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String]
    ) {
        open.append(elements.count)
        elements.append(Element(name: name, attributes: attributes))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if let last = open.last { elements[last].text += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        open.removeLast()
    }

    func texts(_ content: String) -> [Element] { elements.filter { $0.name == "text" && $0.text == content } }
    /// The ✓ or ✗ marks of checks (not the legend's).
    func checks(_ kind: String) -> [Element] { elements.filter { $0.attributes["class"] == "check \(kind)" } }
    func titles(containing content: String) -> [String] {
        elements.filter { $0.name == "title" && $0.text.contains(content) }.map(\.text)
    }
}

@Suite("Timeline pictures (SVG)")
struct TimelineSVGTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func picture(_ file: String) throws -> (TimelinePicture, ScenarioReport) {
        guard case .success(let scenario) = ScenarioFiles.load(Self.root.appendingPathComponent(file).path) else {
            throw TestFailure("\(file) does not load")
        }
        let report = Replayer.replay(scenario, recordStates: true)
        return (try #require(TimelinePicture(report: report)), report)
    }

    struct TestFailure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    @Test("a lane per app, a mark per check, well-formed, byte-identical twice")
    func lanesAndChecks() throws {
        let (picture, report) = try picture("scenarios/interruptions/spoken-audio.yaml")
        let svg = TimelineSVG.render(picture)
        #expect(svg == TimelineSVG.render(picture))
        let reader = try #require(SVGReader.read(svg), "the SVG is well-formed XML")
        #expect(reader.texts("Podcasts").filter { $0.attributes["font-size"] == "14" }.count == 1, "Podcasts' lane")
        #expect(reader.texts("Maps").filter { $0.attributes["font-size"] == "14" }.count == 1, "Maps' lane")
        #expect(reader.checks("held").count == report.checkCount)
        #expect(reader.checks("held").allSatisfy { $0.text == "✓" })
        #expect(reader.checks("failed").isEmpty)
        // Podcasts is interrupted by the spoken audio and gets the began and ended notifications.
        #expect(reader.titles(containing: "Podcasts interrupted 30s–33s").count == 1)
        #expect(reader.titles(containing: "30s  interruptionBegan").count == 1)
        #expect(reader.titles(containing: "33s  interruptionEnded").count == 1)
    }

    @Test("the gain line follows the duck ramp, with points between full and ducked")
    func gainRamp() throws {
        let (picture, _) = try picture("scenarios/ducking/duck-others-ramp.yaml")
        let reader = try #require(SVGReader.read(TimelineSVG.render(picture)))
        let music = try #require(reader.elements.filter { $0.name == "polyline" }.first)
        let ys = Set(
            (music.attributes["points"] ?? "").split(separator: " ").compactMap {
                $0.split(separator: ",").last.flatMap { Double($0) }
            })
        #expect(ys.count > 5, "a ramp needs intermediate values: \(ys.sorted())")
    }

    @Test("a failed check is drawn as ✗ with what was expected and what happened")
    func failedCheck() throws {
        let text = """
            scenario: a failing check
            apps:
              Music: { category: playback }
            steps:
              - Music: play
              - expect:
                  Music: { playing: false }
            """
        guard case .success(let scenario) = ScenarioParser.parse(text, file: "fail.yaml") else {
            throw TestFailure("does not parse")
        }
        let picture = try #require(TimelinePicture(report: Replayer.replay(scenario, recordStates: true)))
        let reader = try #require(SVGReader.read(TimelineSVG.render(picture)))
        #expect(reader.checks("failed").map(\.text) == ["✗"])
        #expect(
            reader.titles(containing: "✗ Music.playing: expected false, got true  (fail.yaml:7:16)").count == 1,
            "\(reader.titles(containing: "✗"))")
    }

    @Test("steps at one instant share its place on the axis; a box shows the state after each of them")
    func sameInstant() throws {
        let (picture, _) = try picture("scenarios/routes/ios17-route-disconnected.yaml")
        #expect(picture.frames.allSatisfy { $0.time == .zero })
        let reader = try #require(SVGReader.read(TimelineSVG.render(picture)))
        #expect(Set(reader.elements.filter { $0.attributes["class"] == "step" }.map { $0.attributes["x1"] }) == ["150"])
        #expect(reader.texts("at 0s: 3 steps").count == 1)
        #expect(reader.titles(containing: "Music at the start: not playing").count == 1)
        #expect(
            reader.titles(containing: "Music after step 1: playing, audible").count == 1,
            "Music plays before the unplug")
        #expect(
            reader.titles(containing: "Music after step 3: not playing, not audible, interrupted").count == 1,
            "and is interrupted after it")
        #expect(reader.titles(containing: "Music playing").isEmpty, "its playing lasts no time on the axis")
    }

    @Test("text from scenarios is escaped")
    func escaping() throws {
        let text = """
            scenario: "Tom & Jerry <3"
            apps:
              Music: { category: playback }
            steps:
              - Music: play
            """
        guard case .success(let scenario) = ScenarioParser.parse(text, file: "escape.yaml") else {
            throw TestFailure("does not parse")
        }
        let picture = try #require(TimelinePicture(report: Replayer.replay(scenario, recordStates: true)))
        let reader = try #require(SVGReader.read(TimelineSVG.render(picture)))
        #expect(reader.texts("Tom & Jerry <3").count == 1)
    }
}
