#if canImport(Glibc)
    import Glibc
#endif

/// The process behind a daemon's Unix socket, so a daemon this process did not start can be watched too.
public enum DaemonProcess {
    /// The pid of the process listening on the Unix socket at `path` (the kernel's `SO_PEERCRED` of a fresh
    /// connection), or nil when nothing answers there.
    public static func pid(listeningOn path: String) -> pid_t? {
        guard case .success(let fd) = connectUnixSocket(path) else { return nil }
        defer { close(fd) }
        // struct ucred { pid_t pid; uid_t uid; gid_t gid; } (Glibc shows it only with _GNU_SOURCE).
        var credentials: (pid: pid_t, uid: uid_t, gid: gid_t) = (0, 0, 0)
        var length = socklen_t(MemoryLayout<pid_t>.size * 3)
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0, credentials.pid > 0 else {
            return nil
        }
        return credentials.pid
    }

    /// Why a connection fails: the system's `errno`, or nil when no socket could be made at all.
    public struct ConnectError: Error {
        public var errno: Int32?
    }

    /// A plain connect(2) to the Unix socket at `path`: the connected descriptor (the caller closes it), or
    /// why it failed.
    public static func connectUnixSocket(_ path: String) -> Result<Int32, ConnectError> {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return .failure(ConnectError(errno: nil)) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8.prefix(MemoryLayout.size(ofValue: address.sun_path) - 1))
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in bytes.enumerated() { buffer[index] = byte }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else {
            let error = errno
            close(fd)
            return .failure(ConnectError(errno: error))
        }
        return .success(fd)
    }
}
