import Foundation
import Testing

/// `arbiter replay --pipewire`: the same scenarios on real streams, nodes and links.
@Suite("arbiter replay --pipewire", .serialized)
struct PipeWireReplayTests {
    @Test("every scenario in scenarios/ also passes on a private PipeWire daemon, which is gone afterwards")
    func corpusOnPipeWire() throws {
        let temporary = "/tmp/arbiter-corpus.\(getpid())"
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        let result = try CLI.run(["replay", "--quiet", "--pipewire", "scenarios"], environment: ["TMPDIR": temporary])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix(" passed, 0 failed\n"))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: temporary)
        #expect(leftovers.isEmpty, "the daemon's runtime directory was left behind: \(leftovers)")
    }

    @Test("the output with --pipewire is the same timeline")
    func sameTimeline() throws {
        let plain = try CLI.run(["replay", "Tests/ArbiterCLITests/Golden/passing.yaml"])
        let real = try CLI.run(["replay", "--pipewire", "Tests/ArbiterCLITests/Golden/passing.yaml"])
        #expect(real.status == 0)
        #expect(real.stdout == plain.stdout)
    }

    @Test("--pipewire-remote uses a daemon that is already running")
    func remoteDaemon() throws {
        let directory = "/tmp/pw.remote.\(getpid())"
        #expect(system("cd '\(CLI.packageRoot.path)' && bash tools/pipewire.sh start \(directory) >/dev/null 2>&1") == 0)
        defer { _ = system("cd '\(CLI.packageRoot.path)' && bash tools/pipewire.sh stop \(directory) >/dev/null 2>&1") }
        let log = "/tmp/arbiter-remote.\(getpid()).log"
        defer { unlink(log) }
        let status = system("cd '\(CLI.packageRoot.path)' && XDG_RUNTIME_DIR=\(directory) .build/debug/arbiter replay "
            + "--quiet --pipewire-remote pipewire-0 scenarios/routes >\(log) 2>&1")
        let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(status == 0, "\(output)")
        #expect(output.hasSuffix(" passed, 0 failed\n"))
    }

    @Test("without PipeWire installed, the error says how to install it")
    func notInstalled() throws {
        let log = "/tmp/arbiter-missing.\(getpid()).log"
        defer { unlink(log) }
        let status = system("cd '\(CLI.packageRoot.path)' && PATH=/nonexistent .build/debug/arbiter replay --pipewire "
            + "Tests/ArbiterCLITests/Golden/passing.yaml >\(log) 2>&1")
        let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(status != 0)
        #expect(output.contains("PipeWire is not installed"))
        #expect(output.contains("apt-get install pipewire-bin"))
    }

    @Test("an unreachable remote daemon is a clear error, not a hang")
    func unreachableRemote() throws {
        let log = "/tmp/arbiter-unreachable.\(getpid()).log"
        defer { unlink(log) }
        let status = system("cd '\(CLI.packageRoot.path)' && XDG_RUNTIME_DIR=/tmp timeout 30 .build/debug/arbiter replay "
            + "--pipewire-remote nobody-here Tests/ArbiterCLITests/Golden/passing.yaml >\(log) 2>&1")
        let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(status != 0 && (status >> 8) != 124, "\(output)")
        #expect(output.contains("error: PipeWire"))
    }
}
