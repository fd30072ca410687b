private import CArbiterPipeWire
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A private PipeWire daemon: its own runtime directory and the project's config (null devices for the
/// built-in ports, no hardware, no session manager). Stopped by its process id.
public final class PrivateDaemon: @unchecked Sendable {
    /// The runtime directory clients connect through.
    public let runtimeDirectory: String
    /// The daemon's process (another one after `restart`).
    public private(set) var pid: pid_t

    /// The project's daemon configuration (tools/pipewire/arbiter.conf).
    public static let defaultConfiguration = DaemonConfig.text

    /// Starts a daemon and waits for its socket. Throws with install instructions if PipeWire is missing.
    public init(configuration: String = PrivateDaemon.defaultConfiguration) throws(PipeWireError) {
        guard let binary = PrivateDaemon.find("pipewire") else {
            throw PipeWireError(
                "PipeWire is not installed (no `pipewire` on PATH); install it with: "
                    + "apt-get install pipewire-bin libpipewire-0.3-dev libspa-0.2-dev (or run tools/setup.sh)")
        }
        StreamLimits.raiseOpenFileLimit()  // the daemon inherits it; it holds several descriptors a stream
        // Short paths: unix socket paths are limited to 108 bytes.
        let temporary = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array("\(temporary)/arbiter-pw.XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            throw PipeWireError("cannot make a runtime directory in \(temporary)")
        }
        let directory = String(cString: made)
        runtimeDirectory = directory
        let config = directory + "/arbiter.conf"
        guard let file = fopen(config, "w") else { throw PipeWireError("cannot write \(config)") }
        fputs(configuration, file)
        fclose(file)
        pid = 0
        try launch(binary)
    }

    /// Stops the daemon (SIGTERM, or SIGKILL as a crash would) and starts another on the same runtime directory
    /// and socket: a client that connects again finds a new, empty graph.
    /// `whileStopped` runs between the two (to stop the daemon's session manager, say).
    public func restart(crash: Bool = false, whileStopped: () -> Void = {}) throws(PipeWireError) {
        guard PrivateDaemon.unregister(pid), let binary = PrivateDaemon.find("pipewire") else {
            throw PipeWireError("the private daemon was stopped; expected a running one to restart")
        }
        PrivateDaemon.end(pid, signal: crash ? SIGKILL : SIGTERM)
        unlink(runtimeDirectory + "/pipewire-0")  // a killed daemon leaves its socket behind
        whileStopped()
        try launch(binary)
    }

    /// Starts the daemon in the runtime directory and waits for its socket.
    private func launch(_ binary: String) throws(PipeWireError) {
        let directory = runtimeDirectory
        let log = directory + "/pipewire.log"
        var environment = [
            "XDG_RUNTIME_DIR=\(directory)", "PIPEWIRE_RUNTIME_DIR=\(directory)",
            "PIPEWIRE_CONFIG_DIR=\(directory)", "PIPEWIRE_CONFIG_NAME=arbiter.conf",
            "PATH=/usr/bin:/bin",
        ]
        if let home = getenv("HOME") { environment.append("HOME=\(String(cString: home))") }
        let child = PrivateDaemon.spawnChild([binary], environment: environment, log: log)
        guard child > 0 else { throw PipeWireError("cannot start \(binary)") }
        pid = child
        PrivateDaemon.register(child, directory: directory)
        let expected = "expected it to open its socket \(directory)/pipewire-0"
        for _ in 0..<200 {
            if access(directory + "/pipewire-0", F_OK) == 0 { return }
            var exitStatus: Int32 = 0
            if waitpid(child, &exitStatus, WNOHANG) == child {
                let said = PrivateDaemon.lastLines(of: log)
                PrivateDaemon.unregister(child)
                try? FileManager.default.removeItem(atPath: directory)
                throw PipeWireError(
                    "tried \(binary) with the project's configuration; it exited at start with "
                        + "status \(exitStatus >> 8)\(said); \(expected)")
            }
            usleep(25_000)
        }
        let said = PrivateDaemon.lastLines(of: log)
        stop()
        throw PipeWireError(
            "tried \(binary) with the project's configuration; it did not open its socket within "
                + "5 s\(said); \(expected)")
    }

    /// The end of the daemon's log, as `: it said "..."`, or nothing when it said nothing (the log goes with its
    /// runtime directory).
    static func lastLines(of log: String) -> String {
        guard let text = try? String(contentsOfFile: log, encoding: .utf8) else { return "" }
        let lines = text.split(separator: "\n").suffix(2).map { $0.trimmingCharacters(in: .whitespaces) }
        return lines.isEmpty ? "" : ": it said \"\(lines.joined(separator: " / "))\""
    }

    deinit { stop() }

    /// Stops the daemon by its pid and removes its runtime directory.
    public func stop() {
        guard PrivateDaemon.unregister(pid) else { return }
        PrivateDaemon.end(pid, signal: SIGTERM)
        try? FileManager.default.removeItem(atPath: runtimeDirectory)
    }

    /// Sends `signal`, waits up to a second for the process to end, then kills and reaps it.
    private static func end(_ pid: pid_t, signal: Int32) {
        kill(pid, signal)
        var status: Int32 = 0
        for _ in 0..<100 {
            if waitpid(pid, &status, WNOHANG) == pid { return }
            usleep(10_000)
        }
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
    }

    /// Whether the daemon process is still running.
    public var isRunning: Bool { kill(pid, 0) == 0 }

    // MARK: Process bookkeeping, so Ctrl-C can stop every daemon.

    /// Pids of the running daemons, in a fixed buffer a signal handler can read; 0 marks a free slot. Changed
    /// only under `lock`. Beside each, the files to remove (C strings made in advance: a handler may not allocate).
    nonisolated(unsafe) private static let pids: UnsafeMutablePointer<pid_t> = {
        let buffer = UnsafeMutablePointer<pid_t>.allocate(capacity: 64)
        buffer.initialize(repeating: 0, count: 64)
        return buffer
    }()
    nonisolated(unsafe) private static let paths: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let buffer = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: 64 * 5)
        buffer.initialize(repeating: nil, count: 64 * 5)
        return buffer
    }()
    private static let lock = Mutex(())
    static let files = ["pipewire-0", "pipewire-0.lock", "pipewire.log", "arbiter.conf"]

    /// Kills every daemon and removes their runtime directories; async-signal-safe.
    private static func killAll() {
        for slot in 0..<64 where pids[slot] != 0 {
            kill(pids[slot], SIGKILL)
            for index in 0..<5 { if let path = paths[slot * 5 + index] { _ = index < 4 ? unlink(path) : rmdir(path) } }
        }
    }

    private static func register(_ pid: pid_t, directory: String) {
        lock.withLock { _ in
            for slot in 0..<64 where pids[slot] == 0 {
                pids[slot] = pid
                for (index, name) in (files.map { "\(directory)/\($0)" } + [directory]).enumerated() {
                    paths[slot * 5 + index] = strdup(name)
                }
                break
            }
        }
        signal(SIGINT) { _ in
            PrivateDaemon.killAll()
            _exit(130)
        }
        signal(SIGTERM) { _ in
            PrivateDaemon.killAll()
            _exit(143)
        }
        signal(SIGHUP) { _ in
            PrivateDaemon.killAll()
            _exit(129)
        }
        signal(SIGQUIT) { _ in
            PrivateDaemon.killAll()
            _exit(131)
        }
    }

    /// Starts a helper process in its own session that dies with this one (PR_SET_PDEATHSIG), with output to
    /// `log`. Returns its pid, or -1.
    public static func spawnChild(_ arguments: [String], environment: [String], log: String? = nil) -> pid_t {
        withCStrings(arguments) { argv in
            withCStrings(environment) { envp in
                arbiter_spawn_child(arguments[0], argv, envp, log)
            }
        }
    }

    /// Forgets a daemon; false if it was not registered (already stopped).
    @discardableResult
    private static func unregister(_ pid: pid_t) -> Bool {
        lock.withLock { _ in
            for slot in 0..<64 where pids[slot] == pid {
                pids[slot] = 0
                for index in 0..<5 {
                    free(paths[slot * 5 + index])
                    paths[slot * 5 + index] = nil
                }
                return true
            }
            return false
        }
    }

    static func find(_ program: String) -> String? {
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(program)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    static func withCStrings<R>(_ strings: [String], _ body: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> R)
        -> R
    {
        var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
        pointers.append(nil)
        defer { pointers.forEach { free($0) } }
        return pointers.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
    }
}
