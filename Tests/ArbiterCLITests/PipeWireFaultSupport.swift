import ArbiterPipeWire
import Foundation

/// A PipeWire daemon started with tools/pipewire.sh for one test, stopped by its pid.
struct TestDaemon {
    let directory: String
    let pid: pid_t

    /// Starts a daemon in `/tmp/pw.<name>.<pid>`.
    init(_ name: String) throws {
        directory = "/tmp/pw.\(name).\(getpid())"
        let status = system("cd '\(CLI.packageRoot.path)' && bash tools/pipewire.sh start \(directory) >/dev/null 2>&1")
        guard status == 0, let text = try? String(contentsOfFile: "\(directory)/pipewire.pid", encoding: .utf8),
            let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
        else {
            throw TestFailure("cannot start a PipeWire daemon in \(directory)")
        }
        self.pid = pid
    }

    func kill9() { kill(pid, SIGKILL) }

    func stop() {
        _ = system("cd '\(CLI.packageRoot.path)' && bash tools/pipewire.sh stop \(directory) >/dev/null 2>&1")
    }

    /// A shell loop that waits (5 s at most) until `pw-cli ls KIND` on this daemon lists a line with `pattern`.
    func shellWait(until kind: String, lists pattern: String) -> String {
        "for i in $(seq 1 250); do XDG_RUNTIME_DIR=\(directory) pw-cli ls \(kind) | grep -q '\(pattern)' && break; "
            + "sleep 0.02; done"
    }

    /// `arbiter repl` against this daemon, its input the output of the shell commands `input`.
    func repl(input: String) -> BackgroundArbiter {
        BackgroundArbiter(
            "repl --pipewire-remote pipewire-0", environment: "XDG_RUNTIME_DIR=\(directory)",
            input: input, timeout: 30)
    }

    /// The daemon's objects as `pw-dump` prints them (its first JSON array).
    func dump() throws -> [[String: Any]] { try GraphSnapshot.dump(runtimeDirectory: directory, remote: nil) }

    /// The first channel volume of the node `name`, if it has one.
    func volume(of name: String) throws -> Double? {
        for object in try dump() {
            let info = object["info"] as? [String: Any]
            guard (info?["props"] as? [String: Any])?["node.name"] as? String == name else { continue }
            let props = (info?["params"] as? [String: Any])?["Props"] as? [[String: Any]]
            return (props?.first { $0["channelVolumes"] != nil }?["channelVolumes"] as? [Double])?.first
        }
        return nil
    }

    /// The state of the node `name` (`running`, `idle`, `suspended`, ...), if there is one.
    func state(of name: String) throws -> String? {
        for object in try dump() {
            let info = object["info"] as? [String: Any]
            guard (info?["props"] as? [String: Any])?["node.name"] as? String == name else { continue }
            return info?["state"] as? String
        }
        return nil
    }

    /// What Arbiter left in the graph: nodes named `arbiter.*` other than the daemon's own (the bus and the built-in ports), and
    /// every link (the daemon's configuration makes none).
    func leftovers() throws -> [String] {
        let builtIn: Set = [
            "arbiter.route", "arbiter.port.builtInSpeaker", "arbiter.port.builtInReceiver", "arbiter.port.builtInMic",
        ]
        return try dump().compactMap { object in
            let type = object["type"] as? String ?? ""
            let name = ((object["info"] as? [String: Any])?["props"] as? [String: Any])?["node.name"] as? String ?? ""
            if type.hasSuffix("Link") { return "link \(object["id"] ?? "?")" }
            if type.hasSuffix("Node"), name.hasPrefix("arbiter."), !builtIn.contains(name) { return "node \(name)" }
            return nil
        }
    }
}

/// `arbiter` running in the background with its output in a file, started with system(3) (a daemon it
/// starts lives on in its own session, which a Foundation pipe would wait for).
struct BackgroundArbiter {
    let log: String
    let statusFile: String

    /// Runs `arbiter ARGUMENTS` under `timeout SECONDS`, with `environment` ("NAME=value ...") and `input` as
    /// standard input (a shell command's output), from the package root.
    init(_ arguments: String, environment: String = "", input: String = "true", timeout seconds: Int) {
        let stamp = "\(getpid()).\(UInt32.random(in: 0...UInt32.max))"
        log = "/tmp/arbiter-bg.\(stamp).log"
        statusFile = "/tmp/arbiter-bg.\(stamp).status"
        _ = system(
            "cd '\(CLI.packageRoot.path)' && ( (\(input)) | \(environment) timeout \(seconds) "
                + "'\(CLI.executable.path)' \(arguments) >\(log) 2>&1; echo $? >\(statusFile).part; "
                + "mv \(statusFile).part \(statusFile) ) >/dev/null 2>&1 &")
    }

    /// The exit status once it has ended (nil while it runs), as `timeout` reports it (124: it hung).
    var status: Int32? {
        (try? String(contentsOfFile: statusFile, encoding: .utf8)).flatMap {
            Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    var output: String { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }

    /// The REPL lines among `lines` whose command reported that the PipeWire daemon went away.
    func linesFindingDaemonGone(among lines: ClosedRange<Int>) -> [Int] {
        let text = output
        return lines.filter {
            text.contains("repl:\($0):1: error: the real system failed: the PipeWire daemon went away (")
        }
    }

    /// Waits for the end (at most `seconds`, a bound for hang detection) and returns the status.
    func waitForExit(seconds: Double = 60) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while status == nil && Date() < deadline { usleep(20_000) }
        return status
    }

    func remove() {
        unlink(log)
        unlink(statusFile)
    }
}

/// Polls `condition` every 20 ms for at most `seconds`; whether it came true.
func eventually(within seconds: Double, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if try condition() { return true }
        usleep(20_000)
    }
    return try condition()
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Writes a scenario to a temporary file and returns its path.
func temporaryScenario(_ name: String, _ text: String) throws -> String {
    let path = "/tmp/arbiter-\(name).\(getpid()).yaml"
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
}
