import ArbiterPipeWire

#if canImport(Glibc)
    import Glibc
#endif

/// With every connection of the soak closed: the runner's descriptors back to their baseline and the daemon's
/// back to its own (both after the warm-up), and nothing of Arbiter's left in the daemon. The
/// daemon handles a disconnection asynchronously, so each is read again for a few seconds before it counts as
/// a leak. A line starting `note:` is a figure, not a leak.
public enum SoakLeakCheck {
    /// What leaked, a line each; empty when nothing did. Updates the figures' descriptors and memory.
    static func run(
        runner baseline: FileDescriptorCensus, daemon: SoakDaemon, figures: inout SoakFigures,
        seconds: Double = 5
    ) -> [String] {
        figures.leakChecks += 1
        let deadline = PipeWireConnection.now + seconds
        var lines = leftovers(in: daemon, until: deadline)
        var runner = FileDescriptorCensus.ofThisProcess()
        settle(until: deadline) {
            runner = FileDescriptorCensus.ofThisProcess()
            return runner.count <= baseline.count
        }
        figures.runnerDescriptors.end = runner.count
        if let leak = runner.leak(since: baseline, whose: "the runner") { lines.append(leak) }
        if let start = daemon.baseline {
            var now = daemon.descriptors()
            settle(until: deadline) {
                now = daemon.descriptors()
                return (now?.count ?? 0) <= start.count
            }
            figures.daemonDescriptors = (start.count, now?.count)
            // Other clients of a shared daemon open and close descriptors of their own: only a daemon of the
            // soak's own answers for every one of them.
            if daemon.canRestart, let now { lines += daemonLeak(now, since: start) }
        }
        let resident = FileDescriptorCensus.residentKilobytes()
        figures.residentKilobytes.end = resident
        figures.residentAtChecks.append(resident)
        figures.residentKilobytes.peak = max(figures.residentKilobytes.peak, resident)
        return lines
    }

    /// What of Arbiter's is left in the daemon (`GraphLeftovers`), a line each; empty when nothing is. The daemon
    /// removes a closed connection's objects asynchronously, so its graph is read again until nothing is left or
    /// `deadline` (on `PipeWireConnection.now`'s clock) has passed.
    public static func leftovers(in daemon: SoakDaemon, until deadline: Double) -> [String] {
        var leftovers: GraphLeftovers?
        var unreadable: String?
        settle(until: deadline) {
            do {
                leftovers = GraphLeftovers(objects: try daemon.dump())
                unreadable = nil
            } catch {
                unreadable = "\(error)"
            }
            return leftovers?.isEmpty == true
        }
        return (unreadable.map { ["cannot read the daemon's graph to look for leftovers: \($0)"] } ?? [])
            + (leftovers?.lines ?? [])
    }

    /// Checks `condition` every 50 ms until it holds or `deadline` has passed.
    private static func settle(until deadline: Double, _ condition: () -> Bool) {
        while !condition() && PipeWireConnection.now < deadline { usleep(50_000) }
    }

    /// After some rounds PipeWire 0.3.65 keeps one node activation block (the 64 KB memfd each node has) whose
    /// node is gone, and never more than one: one memfd more than the baseline is a note; any other
    /// descriptor, or a second memfd, is a leak.
    public static func daemonLeak(_ now: FileDescriptorCensus, since start: FileDescriptorCensus) -> [String] {
        func memfds(_ census: FileDescriptorCensus) -> Int {
            census.targets.values.filter { $0.hasPrefix("/memfd:pipewire-memfd") }.count
        }
        let kept = memfds(now) > memfds(start) ? 1 : 0
        guard now.count - start.count > kept else {
            return kept == 0
                ? []
                : [
                    "note: the daemon keeps one activation block more than after its warm-up: "
                        + now.opened(since: start).joined(separator: ", ")
                ]
        }
        var opened = now.opened(since: start)
        if kept == 1, let block = opened.firstIndex(where: { $0.contains(" /memfd:") }) { opened.remove(at: block) }
        let extra = now.count - start.count - kept
        return [
            "the daemon leaked \(extra) file descriptor\(extra == 1 ? "" : "s") (\(start.count) after its warm-up, "
                + "\(now.count) now\(kept == 1 ? ", one kept activation block aside" : "")): "
                + opened.prefix(12).joined(separator: ", ") + (opened.count > 12 ? ", ..." : "")
        ]
    }
}
