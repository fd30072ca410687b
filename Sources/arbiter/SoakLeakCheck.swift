import ArbiterPipeWire
#if canImport(Glibc)
import Glibc
#endif

/// With every connection of the soak closed: the runner's descriptors back to their baseline, the daemon's
/// back to its own, and nothing of Arbiter's left in the daemon. The daemon handles a disconnection
/// asynchronously, so each is read again for a few seconds before it counts as a leak.
enum SoakLeakCheck {
    /// What leaked, a line each; empty when nothing did. Updates the figures' descriptors and memory.
    static func run(runner baseline: FileDescriptorCensus, daemon: SoakDaemon, figures: inout SoakFigures,
                    seconds: Double = 5) -> [String] {
        figures.leakChecks += 1
        let deadline = PipeWireConnection.now + seconds
        func settled(_ condition: () -> Bool) {
            while !condition() && PipeWireConnection.now < deadline { usleep(50_000) }
        }
        var lines: [String] = []
        var leftovers: GraphLeftovers?
        var unreadable: String?
        settled {
            do {
                leftovers = GraphLeftovers(objects: try daemon.dump())
                unreadable = nil
            } catch {
                unreadable = "\(error)"
            }
            return leftovers?.isEmpty == true
        }
        if let unreadable { lines.append("cannot read the daemon's graph to look for leftovers: \(unreadable)") }
        lines += leftovers?.lines ?? []
        var runner = FileDescriptorCensus.ofThisProcess()
        settled {
            runner = FileDescriptorCensus.ofThisProcess()
            return runner.count <= baseline.count
        }
        figures.runnerDescriptors.end = runner.count
        if let leak = runner.leak(since: baseline, whose: "the runner") { lines.append(leak) }
        if let start = daemon.baseline {
            var now = daemon.descriptors()
            settled {
                now = daemon.descriptors()
                return (now?.count ?? 0) <= start.count
            }
            figures.daemonDescriptors = (start.count, now?.count)
            // Other clients of a shared daemon open and close descriptors of their own: only a daemon of the
            // soak's own answers for every one of them.
            if daemon.canRestart, let now, let leak = now.leak(since: start, whose: "the daemon") { lines.append(leak) }
        }
        let resident = FileDescriptorCensus.residentKilobytes()
        figures.residentKilobytes.end = resident
        figures.residentKilobytes.peak = max(figures.residentKilobytes.peak, resident)
        return lines
    }
}
