import ArbiterPipeWire
import Foundation

/// The daemon a soak runs against: a private one it starts, kills and starts again, or a running one
/// (`--pipewire-remote`) it only uses and watches.
public final class SoakDaemon {
    private var owned: PrivateDaemon?
    /// `--pipewire-remote NAME`, or nil for a private daemon.
    public let remote: String?
    public private(set) var runtimeDirectory: String
    /// The daemon's process, when it can be found (its socket's peer).
    public private(set) var pid: pid_t?
    /// The daemon's descriptors once nothing of the soak's is connected (after a warm-up round); nil until then,
    /// or when they cannot be read.
    public var baseline: FileDescriptorCensus?

    /// Starts a private daemon, or finds the running one at `remote`.
    public init(remote: String?) throws {
        self.remote = remote
        if remote != nil {
            runtimeDirectory = RuntimeEnvironment.runtimeDirectory
            pid = nil
            pid = DaemonProcess.pid(listeningOn: socket)
        } else {
            let daemon = try PrivateDaemon()
            owned = daemon
            runtimeDirectory = daemon.runtimeDirectory
            pid = daemon.pid
        }
    }

    /// Whether the soak started the daemon, so may kill it and start another.
    public var canRestart: Bool { owned != nil }

    /// The path of the daemon's socket.
    public var socket: String {
        guard let remote else { return runtimeDirectory + "/pipewire-0" }
        return remote.hasPrefix("/") ? remote : "\(runtimeDirectory)/\(remote)"
    }

    /// A new connection to the daemon.
    public func connect() throws -> PipeWireConnection { try PipeWireConnection(remote: socket) }

    /// The daemon's objects, as `pw-dump` prints them.
    public func dump() throws -> [[String: Any]] {
        try GraphSnapshot.dump(runtimeDirectory: runtimeDirectory, remote: remote)
    }

    /// The streams as the graph shows them.
    public func snapshot() throws -> GraphSnapshot {
        try GraphSnapshot.read(runtimeDirectory: runtimeDirectory, remote: remote)
    }

    /// The daemon's open descriptors now, when they can be read.
    public func descriptors() -> FileDescriptorCensus? { pid.flatMap(FileDescriptorCensus.of(pid:)) }

    /// Kills the private daemon as a crash would (`SIGKILL`); the connections to it are dead from then on.
    public func kill9() {
        if let pid = owned?.pid { kill(pid, SIGKILL) }
    }

    /// Reaps the killed daemon, removes its runtime directory and starts another (whose baseline is unknown).
    public func restart() throws {
        owned?.stop()
        owned = nil
        let next = try PrivateDaemon()
        owned = next
        runtimeDirectory = next.runtimeDirectory
        pid = next.pid
        baseline = nil
    }

    /// Stops a private daemon; a running one is left alone.
    public func stop() {
        owned?.stop()
        owned = nil
    }
}
