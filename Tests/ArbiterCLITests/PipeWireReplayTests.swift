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

    @Test("a plug the model refuses (connected twice, or not connected) says why with --pipewire, as without")
    func refusedPlugsSameTimeline() throws {
        let file = try temporaryScenario(
            "refused-plugs",
            """
            scenario: plugged twice
            apps:
              Music: { backgroundModes: [audio], category: playback }
            steps:
              - device: { connect: wiredHeadphones }
              - device: { connect: wiredHeadphones }
              - device: { disconnect: bluetoothHeadphones }
            """)
        defer { unlink(file) }
        let plain = try CLI.run(["replay", file])
        let real = try CLI.run(["replay", "--pipewire", file])
        #expect(real.status == 1)
        #expect(real.stdout == plain.stdout)
        #expect(
            real.stdout.contains(
                "cannot be applied: wiredHeadphones is already connected; expected a name for a "
                    + "second wiredHeadphones, for example { accessory: wiredHeadphones, name: Second }"),
            "\(real.stdout)")
        #expect(real.stdout.contains("cannot be applied: bluetoothHeadphones is not connected"), "\(real.stdout)")
    }

    @Test(
        "the open-file limit counts the streams made (a recorder's only once it records): 150 playing apps fit in 2,048 descriptors (with their recorders they did not), 200 do not (they need 2,046 at the peak)"
    )
    func openFileLimit() throws {
        func scenario(_ apps: Int) -> String {
            "scenario: \(apps) players\napps:\n"
                + (1...apps).map {
                    "  App\($0): { backgroundModes: [audio], category: playback, options: [mixWithOthers] }\n"
                }.joined()
                + "steps:\n" + (1...apps).map { "  - App\($0): play\n" }.joined()
                + "  - expect:\n      App\(apps): { playing: true }\n"
        }
        for (apps, fits) in [(150, true), (200, false)] {
            let file = try temporaryScenario("open-files-\(apps)", scenario(apps))
            defer { unlink(file) }
            let log = "/tmp/arbiter-open-files.\(getpid()).log"
            defer { unlink(log) }
            let status = system(
                "cd '\(CLI.packageRoot.path)' && (ulimit -n 2048 && "
                    + ".build/debug/arbiter replay --quiet --pipewire \(file)) >\(log) 2>&1")
            let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            if fits {
                #expect(status == 0, "\(output)")
            } else {
                #expect(status != 0)
                #expect(
                    output.contains(
                        "too many streams for the open-file limit: 200 streams need about 2456 descriptors (11 a stream)"
                    ),
                    "\(output)")
            }
        }
    }

    @Test("--pipewire-remote uses a daemon that is already running")
    func remoteDaemon() throws {
        let directory = "/tmp/pw.remote.\(getpid())"
        #expect(
            system("cd '\(CLI.packageRoot.path)' && bash tools/pipewire.sh start \(directory) >/dev/null 2>&1") == 0)
        defer { _ = system("cd '\(CLI.packageRoot.path)' && bash tools/pipewire.sh stop \(directory) >/dev/null 2>&1") }
        let log = "/tmp/arbiter-remote.\(getpid()).log"
        defer { unlink(log) }
        let status = system(
            "cd '\(CLI.packageRoot.path)' && XDG_RUNTIME_DIR=\(directory) .build/debug/arbiter replay "
                + "--quiet --pipewire-remote pipewire-0 scenarios/routes >\(log) 2>&1")
        let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(status == 0, "\(output)")
        #expect(output.hasSuffix(" passed, 0 failed\n"))
    }

    @Test("without PipeWire installed, the error says how to install it")
    func notInstalled() throws {
        let log = "/tmp/arbiter-missing.\(getpid()).log"
        defer { unlink(log) }
        let status = system(
            "cd '\(CLI.packageRoot.path)' && PATH=/nonexistent .build/debug/arbiter replay --pipewire "
                + "Tests/ArbiterCLITests/Golden/passing.yaml >\(log) 2>&1")
        let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(status >> 8 == 2, "\(output)")
        #expect(
            output.hasPrefix("error: --pipewire: cannot start a private PipeWire daemon: PipeWire is not installed"))
        #expect(output.contains("apt-get install pipewire-bin"))
    }

    /// Runs `arbiter ARGUMENTS` from the package root under `timeout 30` with `environment`; its exit status
    /// and output.
    func run(_ arguments: String, environment: String) -> (status: Int32, output: String) {
        let log = "/tmp/arbiter-unusable.\(getpid()).log"
        defer { unlink(log) }
        let status = system(
            "cd '\(CLI.packageRoot.path)' && \(environment) timeout 30 '\(CLI.executable.path)' "
                + "\(arguments) </dev/null >\(log) 2>&1")
        return (status >> 8, (try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
    }

    @Test(
        "no daemon at --pipewire-remote is unusable input: exit 2 before any file, saying what was tried and expected")
    func unreachableRemote() throws {
        let result = run("replay --pipewire-remote nobody-here scenarios/routes", environment: "XDG_RUNTIME_DIR=/tmp")
        #expect(result.status == 2, "\(result.output)")
        #expect(
            result.output == "error: --pipewire-remote nobody-here: cannot connect to a PipeWire daemon at "
                + "/tmp/nobody-here (there is no such socket); expected the socket of a running daemon, named relative to "
                + "$XDG_RUNTIME_DIR (/tmp), such as `tools/pipewire.sh start DIR` runs (then XDG_RUNTIME_DIR=DIR "
                + "--pipewire-remote pipewire-0)\n", "one line, and no file is replayed")
        let repl = run("repl --pipewire-remote nobody-here", environment: "XDG_RUNTIME_DIR=/tmp")
        #expect(repl.status == 2, "\(repl.output)")
        #expect(repl.output.hasPrefix("error: --pipewire-remote nobody-here: cannot connect"), "\(repl.output)")
        // The soak says the same, in the same words.
        let soak = run("soak --rounds 1 --pipewire-remote nobody-here", environment: "XDG_RUNTIME_DIR=/tmp")
        #expect(soak.status == 2, "\(soak.output)")
        #expect(soak.output == result.output, "\(soak.output)")
    }

    @Test("a remote that is not a socket, or a socket nobody answers on, exits 2 with the reason")
    func deadRemote() throws {
        let directory = "/tmp/arbiter-dead-remote.\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = FileManager.default.createFile(atPath: directory + "/file", contents: Data())
        // A socket bound and never listened on: what a daemon killed with -9 leaves behind.
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in "\(directory)/stale".utf8.enumerated() { buffer[index] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        try #require(bound == 0)
        let file = run(
            "replay --pipewire-remote file Tests/ArbiterCLITests/Golden/passing.yaml",
            environment: "XDG_RUNTIME_DIR=\(directory)")
        #expect(file.status == 2, "\(file.output)")
        #expect(
            file.output.contains("at \(directory)/file (it is not a socket); expected the socket of a running daemon"),
            "\(file.output)")
        let stale = run(
            "replay --pipewire-remote stale Tests/ArbiterCLITests/Golden/passing.yaml",
            environment: "XDG_RUNTIME_DIR=\(directory)")
        #expect(stale.status == 2, "\(stale.output)")
        #expect(
            stale.output.contains("at \(directory)/stale (nothing answers on it: Connection refused); expected"),
            "\(stale.output)")
    }

    @Test("a private daemon that cannot start exits 2, with what it said and what was expected, and leaves nothing")
    func daemonCannotStart() throws {
        let directory = "/tmp/arbiter-broken-pipewire.\(getpid())"
        let temporary = directory + "/tmp"
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // A `pipewire` first on PATH that fails as a broken installation would.
        try "#!/bin/sh\necho 'failed to load config: broken' >&2\nexit 3\n".write(
            toFile: directory + "/pipewire",
            atomically: true, encoding: .utf8)
        chmod(directory + "/pipewire", 0o755)
        for command in ["replay --pipewire Tests/ArbiterCLITests/Golden/passing.yaml", "repl --pipewire"] {
            let result = run(command, environment: "PATH=\(directory):$PATH TMPDIR=\(temporary)")
            #expect(result.status == 2, "\(command): \(result.output)")
            #expect(
                result.output.hasPrefix(
                    "error: --pipewire: cannot start a private PipeWire daemon: tried "
                        + "\(directory)/pipewire with the project's configuration; it exited at start with status 3: it said "
                        + "\"failed to load config: broken\"; expected it to open its socket \(temporary)/arbiter-pw."),
                "\(command): \(result.output)")
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: temporary).isEmpty, "its runtime directory is removed")
    }
}
