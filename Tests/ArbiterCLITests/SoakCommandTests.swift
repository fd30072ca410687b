import Foundation
import Testing

/// `arbiter soak`, shortened for CI: a few rounds with accessories flapping and the daemon restarted, ending with
/// nothing leaked and no disagreement. Its timings are printed, never asserted.
@Suite("arbiter soak", .serialized)
struct SoakCommandTests {
    /// The number after `label` in the summary (`daemon restarts: 2`), or nil.
    static func figure(_ label: String, in output: String) -> Int? {
        guard let range = output.range(of: label) else { return nil }
        return Int(output[range.upperBound...].prefix { $0.isNumber })
    }

    @Test("eight rounds with two daemon restarts, unplugs and plugs from outside: nothing leaks or disagrees")
    func shortSoak() throws {
        let result = try CLI.run([
            "soak", "--rounds", "8", "--restart-every", "4", "--check-every", "4", "--apps", "5",
            "--seed", "1",
        ])
        print(
            result.stdout.split(separator: "\n").filter { $0.hasPrefix("soak:") || $0.hasPrefix("  ") }
                .joined(separator: "\n"))
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("soak: passed: nothing leaked, the graph always agreed with the model"))
        #expect(result.stdout.contains("\nsoak: 8 rounds in "))
        #expect(SoakCommandTests.figure("daemon restarts: ", in: result.stdout) == 2)
        #expect((SoakCommandTests.figure("unplugged from outside: ", in: result.stdout) ?? 0) > 0)
        #expect((SoakCommandTests.figure("plugged back: ", in: result.stdout) ?? 0) > 0)
        #expect(SoakCommandTests.figure("scenarios replayed on the graph: ", in: result.stdout) == 8)
        #expect(SoakCommandTests.figure("disagreements: ", in: result.stdout) == 0)
        #expect(SoakCommandTests.figure("leak checks: ", in: result.stdout) == 2)
        let leaks = result.stdout.split(separator: "\n").filter {
            $0.contains("leaked") && !$0.contains("nothing leaked")
        }
        #expect(leaks.isEmpty, "\(leaks)")
    }

    @Test(
        "options out of range, a folder without scenarios and missing or invalid scenarios are refused with what was expected, exit 2",
        arguments: [
            (["--apps", "0"], "error: --apps 0: expected 1 to 64 apps"),
            (["--rounds", "0"], "error: --rounds 0: expected 1 or more"),
            (["--minutes", "0"], "error: --minutes 0: expected a number of minutes above 0"),
            (["--check-every", "0"], "error: --check-every 0: expected 1 or more"),
            (["--scenarios", "Sources"], "error: --scenarios Sources: no .yaml files there"),
            (["--scenarios", "/nonexistent.yaml"], "/nonexistent.yaml:1:1: error: no such file"),
            (["--scenarios", "Tests/ArbiterCLITests/Malformed"], "Tests/ArbiterCLITests/Malformed/"),
        ])
    func badArguments(arguments: [String], message: String) throws {
        let result = try CLI.run(["soak"] + arguments)
        #expect(result.status == 2)
        #expect(result.stdout.hasPrefix(message), "\(result.stdout)")
    }

    @Test("a running daemon is soaked without restarts; one that already holds Arbiter's objects is refused")
    func runningDaemon() throws {
        let daemon = try TestDaemon("soak")
        defer { daemon.stop() }
        let environment = ["XDG_RUNTIME_DIR": daemon.directory]
        let result = try CLI.run(
            ["soak", "--rounds", "2", "--apps", "3", "--pipewire-remote", "pipewire-0"],
            environment: environment)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(SoakCommandTests.figure("daemon restarts: ", in: result.stdout) == 0)
        #expect(kill(daemon.pid, 0) == 0, "the daemon it did not start is still running")
        let linger = system(
            "XDG_RUNTIME_DIR=\(daemon.directory) pw-cli create-node adapter '{ factory.name = "
                + "support.null-audio-sink node.name = arbiter.Left.main object.linger = true }' >/dev/null 2>&1; "
                + daemon.shellWait(until: "Node", lists: "arbiter.Left.main"))
        #expect(linger == 0)
        let refused = try CLI.run(
            ["soak", "--rounds", "1", "--pipewire-remote", "pipewire-0"], environment: environment)
        #expect(refused.status == 2)
        #expect(
            refused.stdout.hasPrefix(
                "error: the daemon already holds Arbiter's objects (1 node left in the daemon: "
                    + "arbiter.Left.main)"), "\(refused.stdout)")
    }
}
