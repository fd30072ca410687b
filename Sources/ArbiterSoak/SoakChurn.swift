import ArbiterEngine
import ArbiterPipeWire
import ArbiterPipeWireReplay
import ArbiterScenario

#if canImport(Glibc)
    import Glibc
#endif

extension SoakRunner {
    /// Streams going while their connection stays: one to four plain streams made on `connection`, linked to
    /// the built-in speaker, started, then destroyed, links and all; the graph must then show none of them.
    /// Returns how many.
    func churnStreams(on connection: PipeWireConnection) throws -> Int {
        let count = Int.random(in: 1...4, using: &random)
        var handles: [Int] = []
        for index in 0..<count {
            handles.append(
                try connection.createStream(
                    nodeName: "arbiter.Churn.stream\(index)", app: "Churn",
                    mediaName: "stream\(index)", role: "Music", capture: false))
        }
        figures.streamsCreated += count
        try connection.sync()
        // A stream's ports appear a few round trips after it.
        var waiting = handles
        for _ in 0..<100 where !waiting.isEmpty {
            waiting = waiting.filter { (try? connection.link($0, to: "arbiter.port.builtInSpeaker")) == nil }
            try connection.sync()
            if !waiting.isEmpty { usleep(10_000) }
        }
        for handle in handles { connection.setActive(handle, true) }
        try connection.sync()
        for handle in handles { connection.destroyStream(handle) }
        try connection.sync()
        figures.streamsDestroyed += count
        if !waiting.isEmpty { throw SoakProblem("\(waiting.count) of \(count) plain streams got no ports to link") }
        let left = GraphLeftovers(objects: try daemon.dump())
        let churned =
            left.nodes.filter { $0.hasPrefix("arbiter.Churn.") } + left.links.filter { $0.contains("arbiter.Churn.") }
        if !churned.isEmpty {
            throw SoakProblem("destroyed streams are still in the graph: \(churned.joined(separator: ", "))")
        }
        return count
    }

    /// Replays the next scenario of the corpus through the path `arbiter replay --pipewire` takes (the
    /// replayer over `PipeWireReplayBackend`, every check read back from the graph); its path, or nil without a
    /// corpus. A scenario that does not pass counts as a disagreement, with its failures printed.
    func replayNextScenario(_ round: Int) throws -> String? {
        guard !scenarios.isEmpty else { return nil }
        let path = scenarios[(round - 1) % scenarios.count]
        guard case .success(let scenario) = ScenarioFiles.load(path) else {
            throw SoakProblem("\(path) is not a valid scenario")
        }
        let backend = try PipeWireReplayBackend(
            setup: scenario.setup, runtimeDirectory: daemon.runtimeDirectory,
            remote: daemon.remote, realtime: false)
        let streams = SoakPlan.streams(of: scenario.setup.allApps)
        let report = Replayer.replay(scenario, backend: backend)
        figures.scenariosReplayed += 1
        figures.streamsCreated += streams
        figures.streamsDestroyed += streams
        if !report.passed {
            figures.disagreements += 1
            for line in TimelineFormatter(quiet: true).lines(for: report) { say("round \(round): \(path): \(line)") }
        }
        return path + (report.passed ? " ✓" : " ✗")
    }
}
