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
        #expect(ScenarioOracle.findings(Array(bytes), file: name) == [])
    }

    @Test("a tag written in a file cannot move an error's position")
    func tagsDoNotPlaceErrors() throws {
        let path = FuzzRegressionTests.folder + "/word-tag-position.yaml"
        guard case .failure(let errors) = ScenarioFiles.load(path) else { Issue.record("accepted"); return }
        #expect(errors.diagnostics.map { "\($0.position.line):\($0.position.column)" } == ["3:22"])
    }
}
