import ArbiterPipeWire
import ArgumentParser

#if canImport(Glibc)
    import Glibc
#endif

/// `--pipewire` and `--pipewire-remote`, shared by `replay` and `repl`.
struct PipeWireOptions: ParsableArguments {
    @Flag(
        help: ArgumentHelp(
            "Also carry every step out on real PipeWire streams, nodes and links (a private "
                + "daemon), and read every check back from the graph."))
    var pipewire = false

    @Option(
        help: ArgumentHelp(
            "Use the running PipeWire daemon NAME (in $XDG_RUNTIME_DIR) instead of a "
                + "private one; implies --pipewire.", valueName: "NAME"))
    var pipewireRemote: String?

    var enabled: Bool { pipewire || pipewireRemote != nil }

    /// Connects once to the daemon at `--pipewire-remote` `remote`; if it cannot, says what was tried and what
    /// was expected, and exits 2.
    static func requireRunningDaemon(at remote: String) throws {
        let directory = RuntimeEnvironment.runtimeDirectory
        let socket = remote.hasPrefix("/") ? remote : "\(directory)/\(remote)"
        guard let reason = PipeWireOptions.cannotConnect(to: remote, socket: socket) else { return }
        print(
            "error: --pipewire-remote \(remote): cannot connect to a PipeWire daemon at \(socket) "
                + "(\(reason)); expected the socket of a running daemon, named relative to $XDG_RUNTIME_DIR "
                + "(\(directory)), such as `tools/pipewire.sh start DIR` runs (then XDG_RUNTIME_DIR=DIR "
                + "--pipewire-remote pipewire-0)")
        throw ExitCode(2)
    }

    /// Starts the private daemon when one is wanted and connects once to the daemon that will be used; returns
    /// the daemon (nil with a remote or without PipeWire) and the runtime directory whose socket to use.
    /// PipeWire that cannot be used (no daemon at the remote, a daemon that cannot start or does not answer) is
    /// unusable input: the error says what was tried and what was expected, and the exit status is 2.
    func start() throws -> (PrivateDaemon?, String) {
        guard enabled else { return (nil, RuntimeEnvironment.runtimeDirectory) }
        if let remote = pipewireRemote {
            try PipeWireOptions.requireRunningDaemon(at: remote)
            return (nil, RuntimeEnvironment.runtimeDirectory)
        }
        let daemon: PrivateDaemon
        do {
            daemon = try PrivateDaemon()
        } catch {
            print("error: --pipewire: cannot start a private PipeWire daemon: \(error)")
            throw ExitCode(2)
        }
        let socket = daemon.runtimeDirectory + "/pipewire-0"
        if let reason = PipeWireOptions.cannotConnect(to: socket, socket: socket) {
            daemon.stop()
            print(
                "error: --pipewire: the private PipeWire daemon (pid \(daemon.pid)) started, but arbiter cannot "
                    + "connect to its socket \(socket) (\(reason)); expected it to accept connections")
            throw ExitCode(2)
        }
        return (daemon, daemon.runtimeDirectory)
    }

    /// Why a connection to the daemon `remote` (whose socket should be `socket`) fails, or nil when it succeeds.
    static func cannotConnect(to remote: String, socket: String) -> String? {
        var info = stat()
        guard stat(socket, &info) == 0 else { return "there is no such socket" }
        guard info.st_mode & S_IFMT == S_IFSOCK else { return "it is not a socket" }
        if let refused = refusal(of: socket) { return "nothing answers on it: \(refused)" }
        do {
            _ = try PipeWireConnection(remote: remote)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// The system's reason when a plain connect(2) to the Unix socket at `path` fails (PipeWire only says
    /// "Host is down" then), or nil.
    static func refusal(of path: String) -> String? {
        switch DaemonProcess.connectUnixSocket(path) {
        case .success(let fd):
            close(fd)
            return nil
        case .failure(let error):
            return error.errno.map { String(cString: strerror($0)) }
        }
    }
}
