import ArbiterPipeWire
import ArbiterScenario
import Foundation

/// What a soak did and saw, counted as it goes and printed at the end.
struct SoakFigures {
    var rounds = 0
    var apps = 0
    var streamsCreated = 0
    var streamsDestroyed = 0
    var unplugs = 0
    var plugs = 0
    var restarts = 0
    var scenariosReplayed = 0
    var graphChecks = 0
    var disagreements = 0
    var errors = 0
    var leakChecks = 0
    /// The runner's descriptors and resident memory at the start (after the warm-up) and at the last check.
    var runnerDescriptors = (start: 0, end: 0)
    var residentKilobytes = (start: 0, end: 0, peak: 0)
    /// Resident memory at each leak check, in kilobytes: growth that stops is the allocator warming up.
    var residentAtChecks: [Int] = []
    /// The current daemon's descriptors at its baseline (after its warm-up) and at the last check (nil: not
    /// readable).
    var daemonDescriptors: (start: Int?, end: Int?) = (nil, nil)
    /// How long the daemon's death took to reach a connection, in seconds, at each restart.
    var deathNoticed: [Double] = []
    var roundSeconds: [Double] = []
    /// Lines saying what leaked, from the last leak check.
    var leaks: [String] = []

    /// The summary, a line each.
    func summary(wallSeconds: Double) -> [String] {
        let perRound =
            roundSeconds.isEmpty
            ? ""
            : String(
                format: " (%.2f s a round on average, %.2f s at most)",
                roundSeconds.reduce(0, +) / Double(roundSeconds.count),
                roundSeconds.max()!)
        let noticed =
            deathNoticed.isEmpty
            ? ""
            : String(
                format: " (the death reached the open connections within %.3f s at most)",
                deathNoticed.max()!)
        let growth = residentKilobytes.end - residentKilobytes.start
        let middle = residentAtChecks.isEmpty ? nil : residentAtChecks[(residentAtChecks.count - 1) / 2]
        let secondHalf = middle.map { ", \(signed(residentKilobytes.end - $0)) KB since the middle check" } ?? ""
        return [
            "soak: \(counted(rounds, "round")) in \(String(format: "%.1f", wallSeconds)) s\(perRound)",
            "  apps staged: \(apps); streams created: \(streamsCreated), destroyed: \(streamsDestroyed)",
            "  accessories unplugged from outside: \(unplugs), plugged back: \(plugs)",
            "  daemon restarts: \(restarts)\(noticed)",
            "  scenarios replayed on the graph: \(scenariosReplayed)",
            "  graph checks: \(graphChecks), disagreements: \(disagreements), errors: \(errors)",
            "  leak checks: \(leakChecks); runner file descriptors: \(runnerDescriptors.start) at the start, "
                + "\(runnerDescriptors.end) at the end",
            "  daemon file descriptors (the last daemon's): "
                + (daemonDescriptors.start.map { "\($0) at its baseline, " } ?? "not readable")
                + (daemonDescriptors.end.map { "\($0) at the end" } ?? ""),
            "  runner resident memory: \(residentKilobytes.start) KB at the start, \(residentKilobytes.end) KB at the end "
                + "(\(signed(growth)) KB\(secondHalf)), \(residentKilobytes.peak) KB at most",
        ]
    }

    private func signed(_ value: Int) -> String { value >= 0 ? "+\(value)" : "\(value)" }
}
