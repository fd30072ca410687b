import Foundation
import Testing

/// Replays are deterministic: the same files give the same bytes, run after run (each run is a new process,
/// so anything that hangs on hash order or the clock shows), and a run on a real PipeWire graph gives the
/// model's very output.
@Suite("Deterministic replays", .serialized)
struct DeterminismTests {
    /// A few scenarios that exercise the graph: routes, unplugs, ducking, recording, silencing, interruptions.
    static let realGraphScenarios = [
        "scenarios/routes", "scenarios/ducking", "scenarios/players",
        "scenarios/silencing", "scenarios/interruptions/answered-call.yaml",
    ]

    @Test("every scenario replayed twice gives byte-identical text and JSON lines", arguments: [[], ["--json"]])
    func twice(format: [String]) throws {
        let first = try CLI.run(["replay"] + format + ["scenarios"])
        let second = try CLI.run(["replay"] + format + ["scenarios"])
        #expect(first.status == 0, "\(first.stdout)")
        #expect(!first.stdout.isEmpty)
        #expect(first.stdout == second.stdout, "\(firstDifference(first.stdout, second.stdout))")
    }

    @Test("a replay on a private PipeWire daemon prints exactly what the model-only replay prints")
    func pipeWireMatchesModel() throws {
        for format in [[], ["--json"]] {
            let model = try CLI.run(["replay"] + format + DeterminismTests.realGraphScenarios)
            let log = "/tmp/arbiter-determinism.\(getpid()).log"
            defer { unlink(log) }
            // system(3), not a pipe: the private daemon lives in its own session.
            let status = system(
                "cd '\(CLI.packageRoot.path)' && timeout 120 '\(CLI.executable.path)' replay "
                    + (format + ["--pipewire"] + DeterminismTests.realGraphScenarios).joined(separator: " ")
                    + " </dev/null >\(log) 2>/dev/null")
            let real = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            #expect(model.status == 0, "\(model.stdout)")
            #expect(status == 0, "\(real)")
            #expect(real == model.stdout, "\(format): \(firstDifference(model.stdout, real))")
        }
    }

    /// The first line where two outputs differ, for the failure message.
    func firstDifference(_ a: String, _ b: String) -> String {
        let left = a.components(separatedBy: "\n")
        let right = b.components(separatedBy: "\n")
        for index in 0..<max(left.count, right.count) {
            let l = index < left.count ? left[index] : "<end>"
            let r = index < right.count ? right[index] : "<end>"
            if l != r { return "line \(index + 1): \(l) ≠ \(r)" }
        }
        return "no difference"
    }
}
