import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A private graph as a desktop has one: a private daemon, a session bus of its own, and WirePlumber linking
/// streams to the null sinks, each with its own state and configuration directories (nothing of the user's is read
/// or written). WirePlumber's role-based policy (0.4's endpoints) is on only when asked for. Programs started with
/// `spawn` play into it. Everything is stopped by process id.
public final class PrivateSession: @unchecked Sendable {
    public let daemon: PrivateDaemon
    /// `unix:path=...` of the session bus.
    public let busAddress: String
    /// The environment a program needs to play into this graph and find this bus.
    public let environment: [String]
    private var helpers: [pid_t] = []
    /// Whether pipewire-pulse runs beside WirePlumber; the processes of both.
    private let pulse: Bool
    private var managers: [pid_t] = []

    /// Starts the daemon, the bus and WirePlumber (and pipewire-pulse, for PulseAudio programs such as `paplay`).
    /// `rolePolicy` turns WirePlumber 0.4's stock role table on; `roleNodes` is a directory laid out as WirePlumber's
    /// configuration (`policy.lua.d/`, `main.lua.d/`), such as `tools/wireplumber` (role nodes that all mix, their
    /// volumes never saved), copied into its configuration.
    public init(
        rolePolicy: Bool = false, roleNodes: String? = nil, pulse: Bool = false, timeout: Double = 20
    ) throws(PipeWireError) {
        self.pulse = pulse
        guard let dbus = PrivateDaemon.find("dbus-daemon"), PrivateDaemon.find("wireplumber") != nil else {
            throw PipeWireError(
                "dbus-daemon or wireplumber is not installed; install them with: apt-get install "
                    + "dbus-daemon wireplumber (or run tools/setup.sh)")
        }
        // WirePlumber makes its own `default` metadata: the daemon's is left out.
        let configuration = PrivateDaemon.defaultConfiguration.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.contains("metadata.name = default") }.joined(separator: "\n")
        daemon = try PrivateDaemon(configuration: configuration)
        let directory = daemon.runtimeDirectory
        busAddress = "unix:path=\(directory)/bus"
        environment = [
            "XDG_RUNTIME_DIR=\(directory)", "PIPEWIRE_RUNTIME_DIR=\(directory)", "PIPEWIRE_REMOTE=pipewire-0",
            "PULSE_SERVER=unix:\(directory)/pulse/native",
            "DBUS_SESSION_BUS_ADDRESS=\(busAddress)", "PATH=/usr/bin:/bin", "HOME=\(directory)",
            "XDG_STATE_HOME=\(directory)/state", "XDG_CONFIG_HOME=\(directory)/config",
        ]
        if rolePolicy { try PrivateSession.enableRolePolicy(configHome: "\(directory)/config") }
        if let roleNodes { try PrivateSession.install(configuration: roleNodes, configHome: "\(directory)/config") }
        let bus = PrivateDaemon.spawnChild(
            [dbus, "--session", "--nofork", "--address=\(busAddress)"],
            environment: environment, log: "\(directory)/dbus.log")
        guard bus > 0 else {
            daemon.stop()
            throw PipeWireError("cannot run \(dbus)")
        }
        helpers.append(bus)
        let deadline = PrivateSession.now() + timeout
        // The socket's file is there before the bus listens on it: wait until a connection is accepted.
        while !PrivateSession.accepts(socket: "\(directory)/bus") {
            guard PrivateSession.now() < deadline else {
                PrivateSession.terminate([bus])
                daemon.stop()
                throw PipeWireError("dbus-daemon opened no socket within \(Int(timeout)) s")
            }
            usleep(10_000)
        }
        do {
            try startManager(timeout: timeout)
        } catch {
            stop()
            throw error
        }
    }

    deinit { stop() }

    /// The directory of WirePlumber's saved state (its restore-stream file lives under it).
    public var stateDirectory: String { "\(daemon.runtimeDirectory)/state/wireplumber" }

    /// Starts a program in this graph's environment (plus `extra`), its output to `log`; it dies with this process
    /// and is stopped with the session.
    public func spawn(_ arguments: [String], extra: [String] = [], log: String? = nil) throws(PipeWireError) -> pid_t {
        let pid = PrivateDaemon.spawnChild(arguments, environment: environment + extra, log: log)
        guard pid > 0 else { throw PipeWireError("cannot run \(arguments[0])") }
        helpers.append(pid)
        return pid
    }

    /// Stops one program started with `spawn`: SIGTERM, then SIGKILL if it is still there a second later.
    public func stop(_ pid: pid_t) {
        PrivateSession.terminate([pid])
        helpers.removeAll { $0 == pid }
    }

    /// Stops every program, WirePlumber, the bus and the daemon, last started first.
    public func stop() {
        PrivateSession.terminate(helpers.reversed())
        helpers = []
        daemon.stop()
    }

    /// Restarts the daemon as a user's restarts (or, with `crash`, dies and is started again): the daemon is
    /// stopped, then WirePlumber and pipewire-pulse; the daemon starts again on the same runtime directory and
    /// socket, then WirePlumber and pipewire-pulse again. Programs connected to the old daemon lose it.
    public func restartDaemon(crash: Bool = false, timeout: Double = 20) throws(PipeWireError) {
        try daemon.restart(crash: crash) {
            PrivateSession.terminate(managers.reversed())
            helpers.removeAll { managers.contains($0) }
            managers = []
        }
        try startManager(timeout: timeout)
    }

    /// Starts WirePlumber (and pipewire-pulse, when asked for) on the daemon, and waits for pipewire-pulse's socket.
    private func startManager(timeout: Double) throws(PipeWireError) {
        let directory = daemon.runtimeDirectory
        let deadline = PrivateSession.now() + timeout
        guard let wireplumber = PrivateDaemon.find("wireplumber") else {
            throw PipeWireError("wireplumber is not installed")
        }
        let manager = PrivateDaemon.spawnChild(
            [wireplumber], environment: environment,
            log: "\(directory)/wireplumber.log")
        guard manager > 0 else { throw PipeWireError("cannot run \(wireplumber)") }
        helpers.append(manager)
        managers.append(manager)
        // A stream that comes before WirePlumber has chosen a default sink is refused ("no node available").
        while !defaultSinkChosen() {
            guard PrivateSession.now() < deadline else {
                throw PipeWireError("WirePlumber chose no default sink within \(Int(timeout)) s")
            }
            usleep(50_000)
        }
        guard pulse else { return }
        guard let server = PrivateDaemon.find("pipewire-pulse") else {
            throw PipeWireError("pipewire-pulse is not installed; install it with: apt-get install pipewire-pulse")
        }
        unlink("\(directory)/pulse/native")  // a pipewire-pulse that was killed leaves its socket behind
        let pulseServer = PrivateDaemon.spawnChild([server], environment: environment, log: "\(directory)/pulse.log")
        guard pulseServer > 0 else { throw PipeWireError("cannot run \(server)") }
        helpers.append(pulseServer)
        managers.append(pulseServer)
        while access("\(directory)/pulse/native", F_OK) != 0 {
            guard PrivateSession.now() < deadline else {
                throw PipeWireError("pipewire-pulse opened no socket within \(Int(timeout)) s")
            }
            usleep(10_000)
        }
    }

    /// Whether a program started with `spawn` has ended (and is reaped).
    public func hasExited(_ pid: pid_t) -> Bool {
        var status: Int32 = 0
        return waitpid(pid, &status, WNOHANG) == pid || kill(pid, 0) != 0
    }

    /// Whether something listens on the unix socket at `path` (a connection to it is accepted).
    public static func accepts(socket path: String) -> Bool {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return false }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0
            }
        }
    }

    /// Whether WirePlumber has written the default sink into the `default` metadata (`pw-metadata`, stopped after
    /// a second: it may stay to listen).
    private func defaultSinkChosen() -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: PrivateDaemon.find("pw-metadata") ?? "/usr/bin/pw-metadata")
        process.arguments = ["-n", "default"]
        process.environment = Dictionary(
            uniqueKeysWithValues: environment.map {
                let parts = $0.split(separator: "=", maxSplits: 1)
                return (String(parts[0]), String(parts[1]))
            })
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 1, execute: watchdog)
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.cancel()
        return String(decoding: data, as: UTF8.self).contains("default.audio.sink")
    }

    static func terminate(_ pids: [pid_t]) {
        for pid in pids { kill(pid, SIGTERM) }
        let deadline = now() + 1
        for pid in pids {
            var status: Int32 = 0
            while waitpid(pid, &status, WNOHANG) == 0 {
                if now() > deadline { kill(pid, SIGKILL) }
                usleep(5_000)
            }
        }
    }

    /// WirePlumber 0.4's role endpoints: the stock `50-endpoints-config.lua` without its comment markers, in the
    /// session's own configuration directory.
    static func enableRolePolicy(configHome: String) throws(PipeWireError) {
        let stock = "/usr/share/wireplumber/policy.lua.d/50-endpoints-config.lua"
        guard let text = try? String(contentsOfFile: stock, encoding: .utf8), text.contains("--[[") else {
            throw PipeWireError("cannot read WirePlumber 0.4's \(stock) to turn its role policy on")
        }
        let enabled = text.replacingOccurrences(of: "--[[", with: "").replacingOccurrences(of: "]]--", with: "")
        let directory = "\(configHome)/wireplumber/policy.lua.d"
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try enabled.write(toFile: "\(directory)/50-endpoints-config.lua", atomically: true, encoding: .utf8)
        } catch {
            throw PipeWireError("cannot write WirePlumber's role policy under \(directory): \(error)")
        }
    }

    /// Copies the `.lua` files of a directory laid out as WirePlumber 0.4's configuration into `configHome`'s
    /// `wireplumber`, each into the same subdirectory.
    static func install(configuration source: String, configHome: String) throws(PipeWireError) {
        let target = "\(configHome)/wireplumber"
        let files =
            FileManager.default.enumerator(atPath: source)?.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".lua") } ?? []
        guard !files.isEmpty else { throw PipeWireError("no WirePlumber configuration (.lua files) in \(source)") }
        do {
            for file in files.sorted() {
                let to = "\(target)/\(file)"
                try FileManager.default.createDirectory(
                    atPath: (to as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                if FileManager.default.fileExists(atPath: to) { try FileManager.default.removeItem(atPath: to) }
                try FileManager.default.copyItem(atPath: "\(source)/\(file)", toPath: to)
            }
        } catch {
            throw PipeWireError("cannot install WirePlumber's configuration from \(source) under \(target): \(error)")
        }
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
