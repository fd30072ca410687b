import ArbiterEngine
import Foundation
import Testing

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

    @Test(
        "each input ends in a scenario that replays and saves unchanged, or in errors placed inside the file",
        arguments: FuzzRegressionTests.files)
    func regression(name: String) throws {
        let path = FuzzRegressionTests.folder + "/" + name
        let bytes = try #require(FileManager.default.contents(atPath: path))
        #expect(ScenarioOracle.findings(Array(bytes), file: name) == [])
    }

    /// Every iOS scenario of the corpus (scenarios/), by its path from the package root. The writer and the fuzz
    /// target are iOS's: an Android or cross-platform file (a top-level `platform:` or `platforms:`) is left out.
    static var corpus: [String] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        let files = FileManager.default.enumerator(atPath: root + "/scenarios")?.compactMap { $0 as? String } ?? []
        return files.filter { $0.hasSuffix(".yaml") }.sorted().map { root + "/scenarios/" + $0 }.filter { path in
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            return !text.hasPrefix("platform") && !text.contains("\nplatform: ") && !text.contains("\nplatforms: ")
        }
    }

    @Test(
        "every scenario of the corpus holds what the fuzz target checks: it replays, and saves and reloads unchanged",
        arguments: FuzzRegressionTests.corpus)
    func corpusScenario(path: String) throws {
        let bytes = try #require(FileManager.default.contents(atPath: path))
        #expect(ScenarioOracle.findings(Array(bytes), file: path) == [])
    }

    @Test("a tag written in a file cannot move an error's position")
    func tagsDoNotPlaceErrors() throws {
        let path = FuzzRegressionTests.folder + "/word-tag-position.yaml"
        guard case .failure(let errors) = ScenarioFiles.load(path) else {
            Issue.record("accepted")
            return
        }
        #expect(errors.diagnostics.map { "\($0.position.line):\($0.position.column)" } == ["3:22"])
    }
}
