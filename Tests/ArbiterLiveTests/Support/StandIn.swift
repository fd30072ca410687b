import ArbiterPipeWire
import Foundation

/// The built `arbiter-standin` program playing one stream on a private PipeWire daemon (and serving MPRIS on a
/// private bus when asked), with its log. Stopped by its process id.
final class StandIn {
    let name: String
    let pid: pid_t
    /// Its log file (the format is at the top of Sources/arbiter-standin/standin.c).
    let logPath: String
    let daemon: PrivateDaemon
    private var stopped = false

    /// Starts `arbiter-standin --name NAME` with `arguments` against `daemon`, with `bus` as its session bus.
    init(name: String, arguments: [String] = [], daemon: PrivateDaemon, bus: PrivateBus? = nil) throws {
        self.name = name
        self.daemon = daemon
        logPath = daemon.runtimeDirectory + "/standin-\(name).log"
        let runtime = daemon.runtimeDirectory
        var environment = [
            "XDG_RUNTIME_DIR=\(runtime)", "PIPEWIRE_RUNTIME_DIR=\(runtime)", "PATH=/usr/bin:/bin",
            "PIPEWIRE_LOG=/dev/null",
        ]
        if let bus { environment.append("DBUS_SESSION_BUS_ADDRESS=\(bus.address)") }
        let program = try Self.executable()
        pid = PrivateDaemon.spawnChild(
            [program, "--name", name, "--log", logPath] + arguments,
            environment: environment, log: daemon.runtimeDirectory + "/standin-\(name).err")
        guard pid > 0 else { throw PrivateBus.Failure(description: "cannot start \(program)") }
    }

    deinit { stop() }

    /// Ends it by pid (SIGTERM, then SIGKILL); stopping twice does nothing.
    func stop() {
        guard !stopped else { return }
        stopped = true
        PrivateBus.stop(pid)
    }

    /// Ends it with SIGTERM and returns its exit status (nil if it had to be killed or was not a plain exit).
    func terminate() -> Int32? {
        guard !stopped else { return nil }
        stopped = true
        kill(pid, SIGTERM)
        var status: Int32 = 0
        for _ in 0..<500 {
            if waitpid(pid, &status, WNOHANG) == pid { return status & 0x7f == 0 ? (status >> 8) & 0xff : nil }
            usleep(10_000)
        }
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        return nil
    }

    /// Sends it a signal (SIGUSR1: the user presses pause or play in it).
    func signal(_ number: Int32) { kill(pid, number) }

    /// The lines of its log so far.
    var lines: [String] {
        ((try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Waits (up to 10 s) for a line after the first `after` lines that `matches`; returns it, or throws with the
    /// whole log.
    @discardableResult
    func waitForLine(after: Int = 0, _ what: String, matching matches: (String) -> Bool) throws -> String {
        for _ in 0..<1000 {
            if let line = lines.dropFirst(after).first(where: matches) { return line }
            usleep(10_000)
        }
        let log = lines.joined(separator: "\n")
        throw PrivateBus.Failure(description: "\(name) never logged \(what); its log:\n\(log)")
    }

    /// Waits for the exact line `line` after the first `after` lines.
    @discardableResult
    func waitForLine(after: Int = 0, _ line: String) throws -> String {
        try waitForLine(after: after, "`\(line)`") { $0 == line }
    }

    /// Does what a session manager does for its stream on a daemon without one: sets its ports up (PortConfig, dsp,
    /// stereo) and links them to `sink`'s playback ports, then waits for its `ready` line.
    func link(to sink: String = "arbiter.port.builtInSpeaker") throws {
        let format =
            "{ direction: Output, mode: dsp, format: { mediaType: audio, mediaSubtype: raw, format: F32P, "
            + "rate: 48000, channels: 2, position: [ FL FR ] } }"
        // The node exists once the stream has connected (its state reaches paused).
        try waitForLine("its stream connecting") { $0.hasPrefix("state connecting -> paused") }
        _ = try tool(["pw-cli", "set-param", name, "PortConfig", format])
        var ports = ""
        for _ in 0..<200 where !ports.contains("\(name):output_FR") {
            usleep(10_000)
            ports = try tool(["pw-link", "-o"])
        }
        for channel in ["FL", "FR"] {
            _ = try tool(["pw-link", "\(name):output_\(channel)", "\(sink):playback_\(channel)"])
        }
        try waitForLine("ready") { $0.hasPrefix("ready ") }
    }

    /// Runs a PipeWire tool against the daemon; its standard output.
    func tool(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/" + arguments[0])
        process.arguments = Array(arguments.dropFirst())
        process.environment = [
            "XDG_RUNTIME_DIR": daemon.runtimeDirectory,
            "PIPEWIRE_RUNTIME_DIR": daemon.runtimeDirectory, "PIPEWIRE_LOG": "/dev/null",
        ]
        let output = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let command = arguments.joined(separator: " ")
            throw PrivateBus.Failure(description: "\(command) failed (status \(process.terminationStatus))")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// The built `arbiter-standin` beside the test bundle (`swift build` builds it).
    static func executable() throws -> String {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = testBinary.deletingLastPathComponent()
        while directory.path != "/" {
            let candidate = directory.appendingPathComponent("arbiter-standin").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        throw PrivateBus.Failure(description: "no arbiter-standin near \(testBinary.path); build it with `swift build`")
    }
}
