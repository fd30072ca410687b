import ArbiterPipeWire
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A private graph for `arbiter attach`'s tests: a `PrivateSession` (daemon, bus, WirePlumber), programs played into
/// it, `arbiter attach` running against it, and the graph read from outside with `pw-dump`.
final class LiveGraph {
    let session: PrivateSession
    let directory: String
    private var attach: pid_t = 0
    let attachLog: String

    init(rolePolicy: Bool = false, roleNodes: Bool = false, pulse: Bool = false) throws {
        let ours = CLI.packageRoot.appendingPathComponent("tools/wireplumber").path
        session = try PrivateSession(rolePolicy: rolePolicy, roleNodes: roleNodes ? ours : nil, pulse: pulse)
        directory = session.daemon.runtimeDirectory
        attachLog = "\(directory)/attach.log"
    }

    deinit { session.stop() }

    /// A WAV file of `seconds` of a quiet tone, in the session's directory.
    func tone(seconds: Double, name: String = "tone.wav") -> String {
        let path = "\(directory)/\(name)"
        ToneFile.write(seconds: seconds, to: path)
        return path
    }

    /// `pw-play` of `file` as a program named `name` with `role`.
    func play(_ name: String, role: String?, file: String) throws -> pid_t {
        var arguments = ["/usr/bin/pw-play"]
        if let role { arguments += ["--media-role", role] }
        arguments += ["-P", "{ application.name = \"\(name)\" }", file]
        return try session.spawn(arguments, log: "\(directory)/\(name).play.log")
    }

    /// The stand-in program (`arbiter-standin`): a player named `name` with `role`, answering MPRIS when asked.
    func standIn(_ name: String, role: String, mpris: Bool) throws -> (pid: pid_t, log: String) {
        let log = "\(directory)/\(name).standin.log"
        let arguments =
            [CLI.executable(named: "arbiter-standin").path, "--name", name, "--role", role, "--log", log]
            + (mpris ? ["--mpris"] : [])
        return (try session.spawn(arguments, log: "\(directory)/\(name).standin.err"), log)
    }

    /// Starts `arbiter attach` against the graph, its output to `attachLog`; waits until it has attached.
    func startAttach(_ extra: [String] = [], guarded: Bool = true) throws {
        let arguments =
            [
                CLI.executable.path, "attach", "--pipewire-remote", "\(directory)/pipewire-0",
                "--ledger", "\(directory)/attach.ledger",
            ] + (guarded ? [] : ["--no-guard"]) + extra
        attach = try session.spawn(arguments, log: attachLog)
        try wait("arbiter attach to attach") { output.contains("attached") || session.hasExited(attach) }
    }

    /// Stops `arbiter attach` with `signal` and waits until it has ended; returns whether it said it left every
    /// program as it was (its last line).
    @discardableResult
    func stopAttach(_ signal: Int32 = SIGTERM) -> Bool {
        kill(attach, signal)
        for _ in 0..<1000 where !session.hasExited(attach) { usleep(10_000) }
        session.stop(attach)
        return output.contains("detached: ")
    }

    var output: String { (try? String(contentsOfFile: attachLog, encoding: .utf8)) ?? "" }

    /// Waits until `condition` holds, checking every 50 ms; throws after `seconds` saying what did not happen.
    func wait(_ what: String, seconds: Double = 20, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while try !condition() {
            guard Date() < deadline else {
                throw LiveGraphError("\(what) did not happen within \(Int(seconds)) s; arbiter attach said:\n\(output)")
            }
            usleep(50_000)
        }
    }

    /// A stream's node as `pw-dump` shows it: its state and the volumes of its Props.
    struct Node {
        var id: Int
        var state: String
        var channelVolumes: [Double]
        var softVolumes: [Double]
        var properties: [String: Any]
    }

    /// The stream nodes of the program `name` (its application.name), read with `pw-dump`.
    func nodes(of name: String) throws -> [Node] {
        // pw-dump prints a second array when the graph changes while it reads: the first is taken.
        let objects = try GraphSnapshot.dump(runtimeDirectory: directory, remote: "pipewire-0")
        return objects.compactMap { object -> Node? in
            guard object["type"] as? String == "PipeWire:Interface:Node", let info = object["info"] as? [String: Any],
                let props = info["props"] as? [String: Any], props["application.name"] as? String == name,
                (props["media.class"] as? String)?.hasPrefix("Stream/") == true
            else { return nil }
            let params = (info["params"] as? [String: Any])?["Props"] as? [[String: Any]] ?? []
            let volumes = params.first { $0["channelVolumes"] != nil } ?? [:]
            return Node(
                id: object["id"] as? Int ?? -1, state: info["state"] as? String ?? "?",
                channelVolumes: volumes["channelVolumes"] as? [Double] ?? [],
                softVolumes: volumes["softVolumes"] as? [Double] ?? [], properties: props)
        }
    }

    /// The channel volumes of the session manager's role node named `name` (`control.endpoint.multimedia`), read
    /// with `pw-dump`; nil while there is none.
    func roleNodeVolumes(_ name: String) throws -> [Double]? {
        let objects = try GraphSnapshot.dump(runtimeDirectory: directory, remote: "pipewire-0")
        for object in objects {
            guard object["type"] as? String == "PipeWire:Interface:Node", let info = object["info"] as? [String: Any],
                let props = info["props"] as? [String: Any], props["node.name"] as? String == name
            else { continue }
            let params = (info["params"] as? [String: Any])?["Props"] as? [[String: Any]] ?? []
            return params.first { $0["channelVolumes"] != nil }?["channelVolumes"] as? [Double]
        }
        return nil
    }

    /// The factor a program's stream's softVolumes carry over its own volume (nil while it has no stream).
    func factor(of name: String) throws -> Double? {
        guard let node = try nodes(of: name).first, let soft = node.softVolumes.first,
            let own = node.channelVolumes.first, own > 0
        else { return nil }
        return soft / own
    }

    /// The lines of a stand-in's log.
    func log(_ path: String) -> [String] {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }
}

struct LiveGraphError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
