import ArbiterPipeWire
import Foundation

/// A private session bus for a test: its own `dbus-daemon` with a minimal session configuration, listening on a
/// socket in a temporary directory. Stopped by its process id.
final class PrivateBus {
    /// The bus's address, for `SessionBus(address:)` and a child's `DBUS_SESSION_BUS_ADDRESS`.
    let address: String
    let pid: pid_t
    let directory: String
    private var stopped = false

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init() throws {
        guard access("/usr/bin/dbus-daemon", X_OK) == 0 else {
            throw Failure(
                description: "dbus-daemon is not installed (apt-get install dbus-daemon, or run "
                    + "tools/setup.sh)")
        }
        directory = try Self.temporaryDirectory()
        let socket = directory + "/bus"
        address = "unix:path=\(socket)"
        let configuration = """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>session</type>
              <listen>\(address)</listen>
              <auth>EXTERNAL</auth>
              <policy context="default">
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
                <allow own="*"/>
              </policy>
            </busconfig>
            """
        try configuration.write(toFile: directory + "/bus.conf", atomically: true, encoding: .utf8)
        pid = PrivateDaemon.spawnChild(
            ["/usr/bin/dbus-daemon", "--config-file=\(directory)/bus.conf", "--nofork"],
            environment: ["PATH=/usr/bin:/bin"], log: directory + "/dbus-daemon.log")
        guard pid > 0 else { throw Failure(description: "cannot start dbus-daemon") }
        // The socket's file is there before the bus listens on it: wait until a connection is accepted.
        for _ in 0..<500 where !PrivateSession.accepts(socket: socket) { usleep(10_000) }
        guard PrivateSession.accepts(socket: socket) else {
            stop()
            throw Failure(description: "dbus-daemon opened no socket at \(socket) within 5 s")
        }
    }

    deinit { stop() }

    /// Stops the daemon by its pid and removes its directory; stopping twice does nothing. SIGKILL: dbus-daemon
    /// leaves a SIGTERM unanswered for seconds, and a private bus has nothing to save.
    func stop() {
        guard !stopped else { return }
        stopped = true
        var status: Int32 = 0
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Ends a child of this process by pid: SIGTERM, SIGKILL if it is still there a second later, and reaps it.
    static func stop(_ pid: pid_t) {
        guard pid > 0 else { return }
        kill(pid, SIGTERM)
        var status: Int32 = 0
        for _ in 0..<100 {
            if waitpid(pid, &status, WNOHANG) != 0 { return }
            usleep(10_000)
        }
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
    }

    /// A fresh directory with a short path (socket paths are limited to 108 bytes).
    static func temporaryDirectory() throws -> String {
        var template = Array("/tmp/arbiter-bus.XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw Failure(description: "cannot make a directory in /tmp") }
        return String(cString: made)
    }
}
