import Foundation
import Testing

/// tools/pipewire.sh starts a private daemon with the built-in ports as null devices, and stops it by pid.
@Suite("The private PipeWire daemon")
struct PipeWireDaemonTests {
    /// Runs a shell command synchronously with `system(3)` (the daemon it may start lives on in its own
    /// session), returning its exit status and output.
    func shell(_ command: String, environment: String = "") throws -> (status: Int32, output: String) {
        let log = "/tmp/arbiter-shell.\(getpid()).log"
        defer { unlink(log) }
        let status = system("cd '\(CLI.packageRoot.path)' && \(environment) \(command) </dev/null >'\(log)' 2>&1")
        let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return (status == -1 ? -1 : (status >> 8) & 0xff, output)
    }

    @Test("start brings up the built-in speaker, receiver and mic; stop ends the daemon and its directory")
    func startAndStop() throws {
        let directory = "/tmp/pw.test.\(getpid())"
        let started = try shell("bash tools/pipewire.sh start \(directory)")
        #expect(started.status == 0, "\(started.output)")
        defer { _ = try? shell("bash tools/pipewire.sh stop \(directory)") }
        let pid = try String(contentsOfFile: "\(directory)/pipewire.pid", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let nodes = try shell("pw-cli ls Node", environment: "XDG_RUNTIME_DIR=\(directory)")
        #expect(nodes.status == 0)
        for name in ["arbiter.port.builtInSpeaker", "arbiter.port.builtInReceiver", "arbiter.port.builtInMic"] {
            #expect(nodes.output.contains("node.name = \"\(name)\""), "\(name) missing:\n\(nodes.output)")
        }
        let stopped = try shell("bash tools/pipewire.sh stop \(directory)")
        #expect(stopped.status == 0)
        #expect(kill(pid_t(pid)!, 0) != 0, "the daemon is gone")
        #expect(!FileManager.default.fileExists(atPath: directory))
    }
}
