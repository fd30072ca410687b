import ArbiterPipeWire
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A player that plays across rounds, until the soak stops it or the daemon restarts under it: the stand-in
/// program, as a music player or as a program with no role, answering MPRIS or not.
struct LiveSoakPlayer {
    let name: String
    let mpris: Bool
    let pid: pid_t
    /// The stand-in's log (its format is at the top of Sources/arbiter-standin/standin.c).
    let log: String

    /// `Music (pid 123, MPRIS)`.
    var label: String { "\(name) (pid \(pid)\(mpris ? ", MPRIS" : ""))" }

    /// The lines of its log so far.
    var lines: [String] {
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// Its stream's state, as it last logged it (`streaming`, `paused`, ...); nil before the first.
    var streamState: String? {
        lines.last { $0.hasPrefix("state ") }?.split(separator: " ").dropFirst(3).first.map(String.init)
    }

    /// Whether the last MPRIS call it was told was Pause: left paused.
    var toldPauseLast: Bool {
        let calls = lines.filter { $0 == "mpris Pause" || $0 == "mpris Play" }
        return calls.last == "mpris Pause"
    }
}

/// What a round does besides its players: programs that come and end by themselves, or are killed.
enum LiveSoakMoment: String, CaseIterable {
    /// A navigation prompt (`pw-play`, role Navigation), which ducks the players and ends.
    case prompt
    /// A call through pipewire-pulse (`paplay`, role phone), which pauses the players and ends.
    case call
    /// A call as a Communication `pw-play`.
    case communication
    /// A long prompt killed (SIGKILL) once it has ducked the players.
    case promptKilled = "prompt killed"
    /// A long call killed once it has paused the players.
    case callKilled = "call killed"
    /// A player killed while a prompt ducks it.
    case playerKilled = "player killed"
}

/// The players' places: a music player, and two programs that set no role (mixable, so they play together).
enum LiveSoakSlots {
    static let names = ["Music", "Podcast", "Radio"]
    static let roles: [String?] = ["Music", nil, nil]
}

/// `arbiter attach`'s process as the soak sees it from outside: its memory and its open files.
enum LiveSoakProcess {
    /// The resident set size in kB (`VmRSS` of /proc/PID/status), or nil.
    static func residentKB(_ pid: pid_t) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return nil }
        return Int(line.split(separator: " ").dropFirst().first ?? "")
    }

    /// The number of open file descriptors (entries of /proc/PID/fd), or nil.
    static func openFiles(_ pid: pid_t) -> Int? {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd"))?.count
    }

    /// `24.1 MB`.
    static func megabytes(_ kilobytes: Int?) -> String {
        kilobytes.map { String(format: "%.1f MB", Double($0) / 1024) } ?? "unknown"
    }
}
