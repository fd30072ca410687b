import Foundation
import Testing

/// `replay --trace FILE`: the Trace Event format, as Perfetto and Chrome's trace viewer read it.
@Suite("replay --trace")
struct TraceReportTests {
    static let file = "scenarios/cross-platform/navigation-prompt-three-phones.yaml"

    static func events(_ arguments: [String]) throws -> [[String: Any]] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID().uuidString).json").path
        defer { unlink(path) }
        let result = try CLI.run(["replay", "--quiet", "--trace", path] + arguments)
        #expect(result.status == 0 || result.status == 1, "\(result.stdout)")
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
        let object = try #require(document as? [String: Any])
        #expect(object["displayTimeUnit"] as? String == "ms")
        return try #require(object["traceEvents"] as? [[String: Any]])
    }

    @Test("a process per run, a thread per app, state slices, a gain counter, flows from steps, checks as instants")
    func traceOfThreePhones() throws {
        let events = try Self.events([Self.file])
        for event in events {
            let phase = try #require(event["ph"] as? String)
            #expect(["M", "X", "C", "i", "s", "f"].contains(phase), "\(event)")
            #expect(event["name"] is String && event["pid"] is Int, "\(event)")
            if phase != "M" { #expect((event["ts"] as? Int).map { $0 >= 0 } == true, "\(event)") }
            if phase == "X" { #expect((event["dur"] as? Int).map { $0 >= 0 } == true, "\(event)") }
        }
        let processes = events.filter { $0["name"] as? String == "process_name" }.compactMap {
            ($0["args"] as? [String: Any])?["name"] as? String
        }
        #expect(processes.count == 3, "\(processes)")
        #expect(processes.map { $0.contains("[ios]") } == [true, false, false])
        #expect(processes.map { $0.contains("[android]") } == [false, true, false])
        #expect(processes.map { $0.contains("[harmonyos]") } == [false, false, true])
        let streams = events.filter { $0["name"] as? String == "thread_name" && $0["pid"] as? Int == 3 }.compactMap {
            ($0["args"] as? [String: Any])?["name"] as? String
        }
        #expect(streams == ["steps", "Music.player", "Maps.player"], "HarmonyOS's lanes are streams")
        #expect(
            events.contains {
                $0["pid"] as? Int == 3 && $0["ph"] as? String == "i"
                    && $0["name"] as? String == "Music.player: audioInterrupt begin force duck"
            })
        let threads = events.filter { $0["name"] as? String == "thread_name" && $0["pid"] as? Int == 2 }.compactMap {
            ($0["args"] as? [String: Any])?["name"] as? String
        }
        #expect(threads == ["steps", "Music", "Maps"])

        // On Android the music is ducked by the framework under the prompt: its slice names the focus loss and the
        // rule, its gain counter goes down and back.
        let music = events.filter { $0["pid"] as? Int == 2 && $0["tid"] as? Int == 1 && $0["ph"] as? String == "X" }
        let ducked = try #require(
            music.first { ($0["name"] as? String)?.hasPrefix("focus lossTransientCanDuck") == true })
        #expect(ducked["ts"] as? Int == 60_000_000)
        let decisions = (ducked["args"] as? [String: Any])?["decisions"] as? [String]
        #expect(decisions?.contains { $0.hasPrefix("[focus.loss-for-gain]") } == true, "\(ducked)")
        let gains = events.filter { $0["pid"] as? Int == 2 && $0["name"] as? String == "Music gain" }.compactMap {
            ($0["args"] as? [String: Any])?["gain"] as? Double
        }
        #expect(gains.first == 1 && gains.contains { abs($0 - 0.017783) < 1e-4 } && gains.last == 1, "\(gains)")

        // Each flow starts on the steps thread and ends on an app's, at the same time.
        let starts = events.filter { $0["ph"] as? String == "s" }
        let finishes = events.filter { $0["ph"] as? String == "f" }
        #expect(!starts.isEmpty && starts.count == finishes.count)
        for start in starts {
            let finish = try #require(finishes.first { $0["id"] as? Int == start["id"] as? Int })
            #expect(start["tid"] as? Int == 0 && (finish["tid"] as? Int ?? 0) > 0 && finish["bp"] as? String == "e")
            #expect(start["ts"] as? Int == finish["ts"] as? Int && start["pid"] as? Int == finish["pid"] as? Int)
        }
        let checks = events.filter { ($0["args"] as? [String: Any])?["kind"] as? String == "checkHeld" }
        #expect(checks.contains { $0["name"] as? String == "Music.ducked = true" && $0["tid"] as? Int == 1 })
    }

    @Test("a failed check is an instant with its place; the same files give the same bytes")
    func failedChecksAndDeterminism() throws {
        let events = try Self.events(["Tests/ArbiterCLITests/Golden/failing.yaml"])
        let failed = events.filter { ($0["args"] as? [String: Any])?["kind"] as? String == "checkFailed" }
        #expect(
            failed.contains {
                ($0["args"] as? [String: Any])?["position"] as? String
                    == "Tests/ArbiterCLITests/Golden/failing.yaml:15:16"
            })
        let paths = (0..<2).map {
            FileManager.default.temporaryDirectory.appendingPathComponent("trace-\($0)-\(getpid()).json").path
        }
        defer { paths.forEach { unlink($0) } }
        for path in paths { _ = try CLI.run(["replay", "--quiet", "--trace", path, Self.file, "scenarios/ducking/"]) }
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: paths[0])) == Data(contentsOf: URL(fileURLWithPath: paths[1])))
    }
}
