#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization

/// A private PipeWire daemon: its own runtime directory and the project's config (null devices for the
/// built-in ports, no hardware, no session manager). Stopped by its process id.
public final class PrivateDaemon: @unchecked Sendable {
    /// The runtime directory clients connect through.
    public let runtimeDirectory: String
    public let pid: pid_t

    /// The project's daemon configuration (tools/pipewire/arbiter.conf).
    public static let defaultConfiguration = DaemonConfig.text

    /// Starts a daemon and waits for its socket. Throws with install instructions if PipeWire is missing.
    public init(configuration: String = PrivateDaemon.defaultConfiguration) throws(PipeWireError) {
        guard let binary = PrivateDaemon.find("pipewire") else {
            throw PipeWireError("PipeWire is not installed (no `pipewire` on PATH); install it with: "
                + "apt-get install pipewire-bin libpipewire-0.3-dev libspa-0.2-dev (or run tools/setup.sh)")
        }
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
        let log = directory + "/pipewire.log"
        var environment = ["XDG_RUNTIME_DIR=\(directory)", "PIPEWIRE_RUNTIME_DIR=\(directory)",
                           "PIPEWIRE_CONFIG_DIR=\(directory)", "PIPEWIRE_CONFIG_NAME=arbiter.conf",
                           "PATH=/usr/bin:/bin"]
        if let home = getenv("HOME") { environment.append("HOME=\(String(cString: home))") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        posix_spawnattr_setflags(&attributes, 0x80)  // POSIX_SPAWN_SETSID (glibc)
        var child: pid_t = 0
        let arguments = [binary]
        let status = PrivateDaemon.withCStrings(arguments) { argv in
            PrivateDaemon.withCStrings(environment) { envp in
                posix_spawn(&child, binary, &actions, &attributes, argv, envp)
            }
        }
        posix_spawn_file_actions_destroy(&actions)
        posix_spawnattr_destroy(&attributes)
        guard status == 0 else { throw PipeWireError("cannot start \(binary): error \(status)") }
        pid = child
        PrivateDaemon.register(child)
        for _ in 0..<200 {
            if access(directory + "/pipewire-0", F_OK) == 0 { return }
            var exitStatus: Int32 = 0
            if waitpid(child, &exitStatus, WNOHANG) == child {
                PrivateDaemon.unregister(child)
                throw PipeWireError("the PipeWire daemon exited at start; see \(log)")
            }
            usleep(25_000)
        }
        stop()
        throw PipeWireError("the PipeWire daemon did not start within 5 s; see \(log)")
    }

    deinit { stop() }

    /// Stops the daemon by its pid and removes its runtime directory.
    public func stop() {
        guard PrivateDaemon.unregister(pid) else { return }
        kill(pid, SIGTERM)
        var status: Int32 = 0
        for _ in 0..<100 {
            if waitpid(pid, &status, WNOHANG) == pid { break }
            usleep(10_000)
        }
        kill(pid, SIGKILL)
        waitpid(pid, &status, WNOHANG)
        try? FileManager.default.removeItem(atPath: runtimeDirectory)
    }

    /// Whether the daemon process is still running.
    public var isRunning: Bool { kill(pid, 0) == 0 }

    // MARK: Process bookkeeping, so Ctrl-C can stop every daemon.

    /// Pids of the running daemons, in a fixed buffer a signal handler can read; 0 marks a free slot. Changed
    /// only under `lock`.
    nonisolated(unsafe) private static let pids: UnsafeMutablePointer<pid_t> = {
        let buffer = UnsafeMutablePointer<pid_t>.allocate(capacity: 64)
        buffer.initialize(repeating: 0, count: 64)
        return buffer
    }()
    private static let lock = Mutex(())

    private static func register(_ pid: pid_t) {
        lock.withLock { _ in
            for slot in 0..<64 where pids[slot] == 0 {
                pids[slot] = pid
                break
            }
        }
        signal(SIGINT) { _ in
            for slot in 0..<64 where PrivateDaemon.pids[slot] != 0 { kill(PrivateDaemon.pids[slot], SIGKILL) }
            _exit(130)
        }
        signal(SIGTERM) { _ in
            for slot in 0..<64 where PrivateDaemon.pids[slot] != 0 { kill(PrivateDaemon.pids[slot], SIGKILL) }
            _exit(143)
        }
    }

    /// Forgets a daemon; false if it was not registered (already stopped).
    @discardableResult
    private static func unregister(_ pid: pid_t) -> Bool {
        lock.withLock { _ in
            for slot in 0..<64 where pids[slot] == pid {
                pids[slot] = 0
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

    static func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
        var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
        pointers.append(nil)
        defer { pointers.forEach { free($0) } }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
