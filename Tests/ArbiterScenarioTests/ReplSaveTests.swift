import ArbiterEngine
import ArbiterScenario
import Foundation
import Testing

@Suite("REPL save")
struct ReplSaveTests {
    /// Runs `lines` in a new session; the replies' lines.
    func run(_ lines: [String]) throws -> [String] {
        var session = try ReplSession()
        return lines.flatMap { session.execute($0).lines }
    }

    @Test("saved N steps counts the steps written, not the apps declared on the way")
    func countsSteps() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("arbiter-save-\(getpid()).yaml").path
        defer { unlink(path) }
        let output = try run([
            "app Music category=playback background=audio", "app Maps category=playback",
            "Music play", "after 30s", "Maps play", "save \(path)",
        ])
        #expect(output.last == "saved 2 steps to \(path)")
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written.components(separatedBy: "\n  - at: ").count - 1 == 2, "\(written)")

        #expect(try run(["app Music", "Music play", "save \(path)"]).last == "saved 1 step to \(path)")
        #expect(try run(["app Music", "save \(path)"]).last == "saved 0 steps to \(path)")
    }
}
