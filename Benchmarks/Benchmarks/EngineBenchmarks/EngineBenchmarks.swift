import ArbiterEngine
import Benchmark
import CHeapInUse
import Workloads

/// One benchmark iteration is one engine event; throughput is events a second. The engine runs through a
/// 10,000-event synthetic workload and starts again from its setup when the workload is used up. The caller keeps
/// one outcome for the run (`handle(_:at:into:)`), as a caller handling a stream of events does; one benchmark
/// also reads every event's decisions (spelled out from the engine's codes, as a replay or the REPL reads them),
/// and the last makes a new outcome for every event (`handle(_:at:)`), as a caller that keeps every outcome does.
let benchmarks: @Sendable () -> Void = {
    let eventMetrics = Benchmark.Configuration(metrics: [.wallClock, .throughput, .mallocCountTotal],
                                               scalingFactor: .kilo, maxDuration: .seconds(3))
    /// One event per iteration into one kept outcome; with `readDecisions`, its decisions are spelled out too.
    func keptOutcome(_ name: String, _ workload: SyntheticWorkload, readDecisions: Bool) {
        Benchmark(name, configuration: eventMetrics) { benchmark in
            var run = WorkloadRun(workload)
            var outcome = Outcome(time: .zero, event: .advance, result: .succeeded)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                let next = run.nextEvent()
                run.engine.handle(workload.events[next].event, at: workload.events[next].time, into: &outcome)
                if readDecisions { blackHole(outcome.decisions) } else { blackHole(outcome.decisionCount) }
            }
        }
    }
    for appCount in [10, 100, 1000] {
        keptOutcome("Engine events, \(appCount) apps", SyntheticWorkload(appCount: appCount, eventCount: 10_000),
                    readDecisions: false)
    }
    let workload = SyntheticWorkload(appCount: 100, eventCount: 10_000)
    keptOutcome("Engine events, 100 apps, decisions read", workload, readDecisions: true)
    Benchmark("Engine events, 100 apps, an outcome made per event", configuration: eventMetrics) { benchmark in
        var run = WorkloadRun(workload)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let next = run.nextEvent()
            blackHole(run.engine.handle(workload.events[next].event, at: workload.events[next].time))
        }
    }

    // The heap an engine holds after running the whole workload (what its apps, players, sessions and derived
    // values take), per app: malloc's bytes in use after minus before, so outcomes already freed do not count.
    for appCount in [10, 100, 1000] {
        let workload = SyntheticWorkload(appCount: appCount, eventCount: 10_000)
        Benchmark("Engine state per app, \(appCount) apps",
                  configuration: .init(metrics: [.custom("bytes per app", useScalingFactor: false)],
                                       maxDuration: .seconds(2), maxIterations: 5)) { benchmark in
            let before = arbiter_heap_in_use()
            var engine = try! Engine(workload.setup)
            for (time, event) in workload.events { blackHole(engine.handle(event, at: time)) }
            let after = arbiter_heap_in_use()
            benchmark.measurement(.custom("bytes per app", useScalingFactor: false), (Int(after) - Int(before)) / appCount)
            blackHole(engine)
        }
    }
}

/// An engine walking a workload's events: the index of the next one, starting again from the setup (with a new
/// engine) when they are used up.
struct WorkloadRun {
    let workload: SyntheticWorkload
    var engine: Engine
    private var next = 0

    init(_ workload: SyntheticWorkload) {
        self.workload = workload
        engine = try! Engine(workload.setup)
    }

    /// The index in `workload.events` of the event to handle now.
    @inline(__always)
    mutating func nextEvent() -> Int {
        if next == workload.events.count {
            engine = try! Engine(workload.setup)
            next = 0
        }
        defer { next += 1 }
        return next
    }
}
