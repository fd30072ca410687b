import Foundation

/// What `arbiter soak --attach` counted and measured, for its summary.
struct LiveSoakFigures {
    var rounds = 0
    var started = 0
    var restarts = 0
    var problems = 0
    /// From attach's own output, at the end: apps ducked, and programs paused over MPRIS or corked.
    var ducks = 0
    var pauses = 0
    /// attach's resident memory (kB) and open files after the first round and after the last.
    var firstMemory: Int?, lastMemory: Int?
    var firstFiles: Int?, lastFiles: Int?

    mutating func record(memory: Int?, files: Int?) {
        if rounds == 0 {
            firstMemory = memory
            firstFiles = files
        }
        lastMemory = memory
        lastFiles = files
    }

    /// Counts the ducks and pauses attach printed.
    mutating func count(_ output: String) {
        let lines = output.split(separator: "\n")
        ducks = lines.filter { $0.contains("[ducking.duck-others]") }.count
        pauses =
            lines.filter { $0.contains("→ ") && ($0.contains("[live.pause-mpris]") || $0.contains("[live.cork]")) }
            .count
    }

    func summary(seconds: Double) -> [String] {
        let minutes = Int(seconds) / 60
        return [
            "soak: \(rounds) rounds in \(minutes)m \(String(format: "%.0f", seconds - Double(minutes * 60)))s",
            "  programs started: \(started)",
            "  ducks: \(ducks)",
            "  pauses (MPRIS or cork): \(pauses)",
            "  daemon restarts: \(restarts)",
            "  problems: \(problems)",
            "  attach memory (VmRSS): \(LiveSoakProcess.megabytes(firstMemory)) after the first round, "
                + "\(LiveSoakProcess.megabytes(lastMemory)) after the last",
            "  attach open files: \(firstFiles.map(String.init) ?? "?") after the first round, "
                + "\(lastFiles.map(String.init) ?? "?") after the last",
        ]
    }
}
