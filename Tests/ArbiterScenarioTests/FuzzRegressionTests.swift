import Foundation
import Testing
import ArbiterEngine
@testable import ArbiterScenario

/// The inputs tools/fuzz.sh found problems with (FuzzRegressions/), each checked as the fuzz target checks it.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("FuzzRegressions").path

    static var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    @Test("the folder holds the regression inputs")
    func folderIsThere() {
        #expect(FuzzRegressionTests.files.count >= 2)
    }

    @Test("each input ends in a scenario that replays and saves unchanged, or in errors placed inside the file",
          arguments: FuzzRegressionTests.files)
    func regression(name: String) throws {
        let path = FuzzRegressionTests.folder + "/" + name
        let bytes = try #require(FileManager.default.contents(atPath: path))
        switch ScenarioFiles.decode(Array(bytes), file: name) {
        case .success(let scenario):
            _ = Replayer.replay(scenario)
            let saved = SaveRoundTrip.check(scenario)
            #expect(saved == nil, "\(saved ?? "")")
        case .failure(let errors):
            #expect(!errors.diagnostics.isEmpty)
            let lines = SaveRoundTrip.lineBreaks(bytes) + 1
            for diagnostic in errors.diagnostics {
                #expect(diagnostic.position.file == name, "\(diagnostic)")
                #expect((1...lines + 1).contains(diagnostic.position.line), "\(diagnostic)")
                #expect(diagnostic.position.column >= 1, "\(diagnostic)")
            }
        }
    }

    @Test("a tag written in a file cannot move an error's position")
    func tagsDoNotPlaceErrors() throws {
        let path = FuzzRegressionTests.folder + "/word-tag-position.yaml"
        guard case .failure(let errors) = ScenarioFiles.load(path) else { Issue.record("accepted"); return }
        #expect(errors.diagnostics.map { "\($0.position.line):\($0.position.column)" } == ["3:22"])
    }
}

/// Saving a scenario as the REPL's `save` does and decoding it again gives the same setup, events and times.
enum SaveRoundTrip {
    /// nil when the saved file decodes to the same scenario; otherwise what differs, with the saved text.
    static func check(_ scenario: Scenario) -> String? {
        let events: [(time: Time, event: Event)] = scenario.steps.compactMap { step in
            if case .event(let event, _) = step.action { return (step.time, event) }
            return nil
        }
        let text = ScenarioWriter.text(setup: scenario.setup, steps: events, title: scenario.title)
        switch ScenarioParser.parse(text, file: "saved.yaml") {
        case .success(let saved):
            if saved.title != scenario.title { return "the saved title differs:\n\(text)" }
            if saved.setup != scenario.setup { return "the saved setup differs:\n\(text)" }
            let savedEvents: [(time: Time, event: Event)] = saved.steps.compactMap { step in
                if case .event(let event, _) = step.action { return (step.time, event) }
                return nil
            }
            if savedEvents.map(\.event) != events.map(\.event) { return "the saved events differ:\n\(text)" }
            if savedEvents.map(\.time) != events.map(\.time) { return "the saved times differ:\n\(text)" }
            return nil
        case .failure(let errors):
            return "the saved scenario does not decode: \(errors)\n\(text)"
        }
    }

    /// At least as many line breaks as YAML sees: `\n`, `\r`, NEL, LS and PS.
    static func lineBreaks(_ bytes: Data) -> Int {
        let bytes = Array(bytes)
        var count = 0
        for (index, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"): count += 1
            case 0x85 where index > 0 && bytes[index - 1] == 0xC2: count += 1
            case 0xA8...0xA9 where index > 1 && bytes[index - 2] == 0xE2 && bytes[index - 1] == 0x80: count += 1
            default: break
            }
        }
        return count
    }
}
