import ArbiterPipeWire
import Foundation

/// Arbiter's side of the duck benchmark: `arbiter attach` as a user would start it, on the benchmark's daemon,
/// ready once it prints `attached: N programs`.
enum ArbiterAttach {
    /// Starts `binary attach --pipewire-remote REMOTE [--rules FILE]` with its output in `log`, and waits until it
    /// says it is attached; returns its pid and that line.
    static func start(
        binary: String, rules: String?, extra: [String] = [], remote: String, environment: [String], log: String,
        within limit: Double
    ) throws(BenchFailure) -> (pid: pid_t, attached: String) {
        try check(binary)
        var arguments = [binary, "attach", "--pipewire-remote", remote]
        if let rules { arguments += ["--rules", rules] }
        arguments += extra
        // Its output goes to a file: line-buffered, so that the `attached` line shows as soon as it is printed.
        if let stdbuf = PrivateDaemonTools.find("stdbuf") { arguments = [stdbuf, "-oL"] + arguments }
        let pid = try PrivateDaemonTools.spawn(arguments, environment: environment, log: log)
        let deadline = seconds() + limit
        while true {
            let said = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            if let line = said.split(separator: "\n").first(where: { $0.hasPrefix("attached:") }) {
                return (pid, String(line))
            }
            if PrivateDaemonTools.hasExited(pid) {
                if said.contains("attach") && (said.contains("Unexpected argument") || said.contains("Unknown")) {
                    throw BenchFailure("\(binary) has no `attach` command yet (\(lastWords(in: log)))")
                }
                throw BenchFailure("\(binary) attach ended before it was attached (\(lastWords(in: log)))")
            }
            guard seconds() < deadline else {
                PrivateDaemonTools.stop([pid])
                throw BenchFailure("\(binary) attach did not print `attached: N programs` within \(limit) s")
            }
            usleep(10_000)
        }
    }

    /// The rules Arbiter's side runs with unless others are given: the Music programs mix, as WirePlumber's
    /// Multimedia role is made to mix for its side. By default a Music program is not mixable (Music on iOS), so
    /// each would interrupt the one before and only the newest would play.
    static func musicMixes(in directory: String) throws(BenchFailure) -> String {
        let path = directory + "/music-mixes.yaml"
        let text = """
            programs:
              - match: { media.role: Music }
                category: playback
                options: [mixWithOthers]
                backgroundModes: [audio]

            """
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else {
            throw BenchFailure("cannot write the rules \(path)")
        }
        return path
    }

    /// Fails when there is no executable at `binary`.
    static func check(_ binary: String) throws(BenchFailure) {
        guard access(binary, X_OK) == 0 else {
            throw BenchFailure("no arbiter at \(binary) (tools/bench-duck.sh builds it; or give --arbiter PATH)")
        }
    }

    /// The last lines of its output, as `it said: ...`.
    static func lastWords(in log: String) -> String {
        let said = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return "it said: " + said.split(separator: "\n").suffix(3).joined(separator: " / ")
    }
}
