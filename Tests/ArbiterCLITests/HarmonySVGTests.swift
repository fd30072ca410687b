import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An SVG read back as XML: each element with its attributes, its text, and the hover title of the group it is in.
final class HoverSVG: NSObject, XMLParserDelegate {
    struct Element {
        var name: String
        var attributes: [String: String]
        var text = ""
        /// The `<title>` of the innermost `<g>` around it.
        var title = ""
    }
    var elements: [Element] = []
    private var open: [Int] = []
    private var groupTitles: [String] = []

    /// nil when the text is not well-formed XML.
    static func read(_ svg: String) -> HoverSVG? {
        let reader = HoverSVG()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = reader
        return parser.parse() ? reader : nil
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String]
    ) {
        if name == "g" { groupTitles.append("") }
        open.append(elements.count)
        elements.append(Element(name: name, attributes: attributes, title: groupTitles.last ?? ""))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        guard let last = open.last else { return }
        elements[last].text += string
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        let element = elements[open.removeLast()]
        if name == "title", !groupTitles.isEmpty { groupTitles[groupTitles.count - 1] = element.text }
        if name == "g" { groupTitles.removeLast() }
    }

    /// The elements whose `class` is `kind`.
    func marks(_ kind: String) -> [Element] { elements.filter { $0.attributes["class"] == kind } }
    func texts(_ content: String) -> [Element] { elements.filter { $0.name == "text" && $0.text == content } }
}

@Suite("replay --svg on HarmonyOS")
struct HarmonySVGTests {
    static let scenario = """
        scenario: Maps ducks the music, a call pauses it, and hanging up resumes it
        platform: harmonyos
        apps:
          Music:
            usage: music
            reactions: { resume: start }
          Maps: { usage: navigation }
        steps:
          - Music: start
          - after: 1s
            Maps: start
          - expect:
              Music: { volume: 0.5 }
          - after: 2s
            Maps: stop
          - after: 1s
            system: incomingCall
          - after: 2s
            system: endCall
          - expect:
              Music: { state: running }
        """

    func folder() -> String { "/tmp/arbiter-harmony-svg.\(getpid()).\(UInt32.random(in: 0...UInt32.max))" }

    @Test("a HarmonyOS replay's picture: lanes per app and stream and for the call, marks titled with rule and source")
    func picture() throws {
        let file = try temporaryScenario("harmony-svg", Self.scenario)
        let folder = folder()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer {
            unlink(file)
            try? FileManager.default.removeItem(atPath: folder)
        }
        let result = try CLI.run(["replay", "--svg", folder + "/one.svg", file])
        #expect(result.status == 1, "the volume check fails: \(result.stdout)")
        #expect(!result.stdout.contains("draws no"), "\(result.stdout)")
        let text = try String(contentsOfFile: folder + "/one.svg", encoding: .utf8)
        let svg = try #require(HoverSVG.read(text), "the picture is well-formed XML")
        for lane in ["Music", "Maps", "call", "steps", "focus list", "player", "ring", "state", "focus", "volume"] {
            #expect(!svg.texts(lane).isEmpty, "a lane or row named \(lane)")
        }
        #expect(svg.texts("alarm").isEmpty && svg.texts("assistant").isEmpty, "no lane for owners that never sound")
        #expect(svg.texts("session").isEmpty, "no session row when no app activates one")
        let duck = try #require(svg.marks("interrupt begin force duck").first)
        #expect(duck.text == "▼" && duck.attributes["stroke"] == nil, "FORCE is drawn filled")
        #expect(
            duck.title.hasPrefix("1s  Music.player ← audioInterrupt begin force duck  [harmony.focus.duck-existing] "),
            "\(duck.title)")
        #expect(duck.title.contains("(source: ") && duck.title.contains("DUCK_FACTOR"), "\(duck.title)")
        #expect(svg.marks("interrupt end force unduck").first?.title.hasPrefix("3s  Music.player ←") == true)
        #expect(svg.marks("interrupt begin force pause").first?.text == "❚❚")
        let resume = try #require(svg.marks("interrupt end share resume").first)
        #expect(resume.attributes["stroke"] != nil && resume.attributes["fill"] == "#ffffff", "SHARE is outlined")
        #expect(resume.title.hasPrefix("6s  Music.player ← audioInterrupt end share resume  [harmony."))
        #expect(resume.title.hasSuffix("; the app's handler: start"), "\(resume.title)")
        let failed = svg.marks("check failed")
        #expect(failed.count == 1 && failed.first?.text == "✗")
        #expect(failed.first?.title.contains("✗ Music.player.volume: expected 0.5, got 0.2") == true)
        #expect(failed.first?.title.contains("[harmony.focus.duck-existing]") == true, "the rule behind the value")
        #expect(svg.marks("check held").count == 1)
        #expect(
            svg.elements.contains { $0.name == "title" && $0.text == "1s–3s  Music.player focus duck" },
            "the focus row shows the duck's span")
        #expect(text.contains(">harmonyos, API 20: 5 steps over 6s; 1 ✓, 1 ✗</text>"))

        let again = try CLI.run(["replay", "--svg", folder + "/two.svg", file])
        #expect(again.status == 1)
        #expect(try String(contentsOfFile: folder + "/two.svg", encoding: .utf8) == text, "two runs byte-identical")
    }

    @Test("an AudioSession's row, its timeout as the system's step, and audioSessionDeactivated as a mark")
    func session() throws {
        let folder = folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try CLI.run([
            "replay", "--svg", folder + ".svg",
            "scenarios/harmonyos/session-timeout-stops-paused-and-unducks-ducked.yaml",
        ])
        defer { unlink(folder + ".svg") }
        #expect(result.status == 0, "\(result.stdout)")
        let svg = try #require(HoverSVG.read(try String(contentsOfFile: folder + ".svg", encoding: .utf8)))
        #expect(!svg.texts("session").isEmpty && !svg.texts("default, holds focus").isEmpty)
        let timeout = svg.elements.first { $0.text == "Chat's AudioSession times out" }
        #expect(timeout?.attributes["fill"] == "#5b2f91", "drawn as the system's doing")
        let mark = try #require(svg.marks("session-deactivated timeout").first)
        #expect(
            mark.text == "⊘" && mark.title.contains("Chat ← audioSessionDeactivated timeout  [harmony.session.timeout]")
        )
        #expect(svg.marks("interrupt end force stop").first?.title.contains("Music.player") == true)
    }

    @Test("a capturer's rows are its state and focus alone: it has no volume")
    func capturer() throws {
        let picture = folder() + ".svg"
        defer { unlink(picture) }
        let result = try CLI.run(["replay", "--svg", picture, "scenarios/harmonyos/calls-stop-a-recording.yaml"])
        #expect(result.status == 0, "\(result.stdout)")
        let svg = try #require(HoverSVG.read(try String(contentsOfFile: picture, encoding: .utf8)))
        #expect(svg.texts("state").count == 5 && svg.texts("focus").count == 5, "Memo.recorder, Meet's two, call's two")
        #expect(svg.texts("volume").count == 3, "Meet.voice, call.ring and call.voice play; the two capturers do not")
        #expect(svg.elements.contains { $0.name == "title" && $0.text.hasPrefix("Meet.mic: audioCapturer") })
    }

    @Test("a file for three platforms draws NAME-ios.svg, NAME-android.svg and NAME-harmonyos.svg")
    func crossPlatform() throws {
        let folder = folder()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = "scenarios/cross-platform/navigation-prompt-three-phones.yaml"
        let one = try CLI.run(["replay", "--svg", folder + "/three.svg", file])
        #expect(one.status == 0, "\(one.stdout)")
        let many = try CLI.run(["replay", "--svg", folder + "/all", file, "scenarios/harmonyos/movie-stops-music.yaml"])
        #expect(many.status == 0, "\(many.stdout)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
                == ["all", "three-android.svg", "three-harmonyos.svg", "three-ios.svg"])
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder + "/all").sorted()
                == [
                    "movie-stops-music.svg", "navigation-prompt-three-phones-android.svg",
                    "navigation-prompt-three-phones-harmonyos.svg", "navigation-prompt-three-phones-ios.svg",
                ])
        let harmony = try String(contentsOfFile: folder + "/three-harmonyos.svg", encoding: .utf8)
        #expect(harmony.contains("Music.player ← audioInterrupt begin force duck"))
    }
}
