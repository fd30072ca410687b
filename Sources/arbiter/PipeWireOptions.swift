import ArgumentParser
import ArbiterPipeWire
#if canImport(Glibc)
import Glibc
#endif

/// `--pipewire` and `--pipewire-remote`, shared by `replay` and `repl`.
struct PipeWireOptions: ParsableArguments {
    @Flag(help: ArgumentHelp("Also carry every step out on real PipeWire streams, nodes and links (a private "
        + "daemon), and read every check back from the graph."))
    var pipewire = false

    @Option(help: ArgumentHelp("Use the running PipeWire daemon NAME (in $XDG_RUNTIME_DIR) instead of a "
        + "private one; implies --pipewire.", valueName: "NAME"))
    var pipewireRemote: String?

    var enabled: Bool { pipewire || pipewireRemote != nil }

    /// Starts the private daemon when one is wanted; returns it (nil with a remote or without PipeWire) and the
    /// runtime directory whose socket to use. A daemon that cannot start exits with status 2.
    func start() throws -> (PrivateDaemon?, String) {
        guard enabled && pipewireRemote == nil else { return (nil, RuntimeEnvironment.runtimeDirectory) }
        do {
            let daemon = try PrivateDaemon()
            return (daemon, daemon.runtimeDirectory)
        } catch {
            print("error: \(error)")
            throw ExitCode(2)
        }
    }
}

enum RuntimeEnvironment {
    /// `$XDG_RUNTIME_DIR`, where a running daemon's socket is.
    static var runtimeDirectory: String {
        getenv("XDG_RUNTIME_DIR").map { String(cString: $0) } ?? "/run/user/\(getuid())"
    }
}
