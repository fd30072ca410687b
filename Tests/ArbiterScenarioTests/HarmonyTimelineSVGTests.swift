import ArbiterScenario
import Foundation
import Testing

@Suite("HarmonyOS timeline pictures (SVG)")
struct HarmonyTimelineSVGTests {
    static let corpus = TimelineSVGTests.root.appendingPathComponent("scenarios/harmonyos")

    @Test("a replay without its states draws nothing; with them, a state after every entry")
    func needsStates() throws {
        let yaml = """
            scenario: Music plays
            platform: harmonyos
            apps:
              Music: { usage: music }
            steps:
              - Music: start
              - expect:
                  Music: { state: running }
            """
        let scenario = try HarmonyScenarioParser.parse(yaml, file: "plays.yaml").get()
        #expect(HarmonyTimelineSVG.render(HarmonyReplayer.replay(scenario)) == nil)
        let report = HarmonyReplayer.replay(scenario, recordStates: true)
        #expect(report.initialState != nil && report.states.count == report.entries.count)
        #expect(HarmonyTimelineSVG.render(report) != nil)
    }

    @Test("a long title goes on two smaller lines, cut with … past them, in full on hover; a box shows the focus list")
    func longTitle() throws {
        let title = String(repeating: "A navigation prompt ducks the music and a call pauses it; ", count: 5)
        let yaml = """
            scenario: \(title)
            platform: harmonyos
            apps:
              Music: { usage: music }
              Maps: { usage: navigation }
            steps:
              - Music: start
              - Maps: start
            """
        let scenario = try HarmonyScenarioParser.parse(yaml, file: "long.yaml").get()
        let svg = try #require(HarmonyTimelineSVG.render(HarmonyReplayer.replay(scenario, recordStates: true)))
        let reader = try #require(SVGReader.read(svg))
        let full = title.trimmingCharacters(in: .whitespaces)
        #expect(reader.titles(containing: full) == [full])
        let lines = reader.elements.filter { $0.name == "text" && $0.attributes["font-size"] == "13" }
        try #require(lines.count == 2 && lines.allSatisfy { $0.attributes["font-weight"] == "bold" })
        #expect(full.hasPrefix(lines[0].text + " ") && lines[1].text.hasSuffix("…"))
        #expect(full.hasPrefix(lines[0].text + " " + String(lines[1].text.dropLast())))
        #expect(reader.titles(containing: "focus list after step 2: Music.player duck, Maps.player active").count == 1)
    }

    @Test("every HarmonyOS scenario of the corpus draws well-formed XML, the same bytes twice, with a lane per app")
    func corpus() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path)
            .filter { $0.hasSuffix(".yaml") }.sorted()
        #expect(files.count >= 40)
        for file in files {
            let path = Self.corpus.appendingPathComponent(file).path
            let scenario = try HarmonyScenarioParser.parse(String(contentsOfFile: path, encoding: .utf8), file: file)
                .get()
            let svg = try #require(HarmonyTimelineSVG.render(HarmonyReplayer.replay(scenario, recordStates: true)))
            #expect(svg == HarmonyTimelineSVG.render(HarmonyReplayer.replay(scenario, recordStates: true)), "\(file)")
            let reader = try #require(SVGReader.read(svg), "\(file) is well-formed")
            for app in scenario.setup.apps {
                #expect(!reader.texts(app.name.name).isEmpty, "\(file): a lane for \(app.name)")
            }
            #expect(reader.checks("failed").isEmpty, "\(file) passes, so it draws no ✗")
            #expect(reader.checks("held").count > 0, "\(file)")
        }
    }
}
