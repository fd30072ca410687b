import ArbiterEngine
import Benchmark
import CHeapInUse
import Workloads

/// One benchmark iteration is a thousand engine events (the figures are per event); throughput is events a second.
/// The iterations walk through a 10,000-event synthetic workload, a thousand events each, and start again from its
/// setup, with a new engine, when it is used up: the engine and the place in the workload are kept from one iteration
/// to the next, so every part of the workload is measured in turn (an iteration that started from the setup every time
/// measured only the workload's first thousand events, on a device not yet busy). Making the new engine is not
/// measured. The caller keeps one outcome for the run (`handle(_:at:into:)`), as a caller handling a stream of events
/// does; one benchmark also reads every event's decisions (spelled out from the engine's codes, as a replay or the
/// REPL reads them), and the last makes a new outcome for every event (`handle(_:at:)`), as a caller that keeps every
/// outcome does.
let benchmarks: @Sendable () -> Void = {
    let eventMetrics = Benchmark.Configuration(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        scalingFactor: .kilo, maxDuration: .seconds(3))
    /// One event per inner iteration into one kept outcome; with `readDecisions`, its decisions are spelled out too.
    func keptOutcome(_ name: String, _ workload: SyntheticWorkload, readDecisions: Bool) {
        let kept = KeptRun(workload)
        Benchmark(name, configuration: eventMetrics) { benchmark in
            var (run, outcome) = kept.take(benchmark.scaledIterations.count)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                let next = run.nextEvent()
                run.engine.handle(workload.events[next].event, at: workload.events[next].time, into: &outcome)
                if readDecisions { blackHole(outcome.decisions) } else { blackHole(outcome.decisionCount) }
            }
            benchmark.stopMeasurement()
            kept.put(run, outcome)
        }
    }
    for appCount in [10, 100, 1000] {
        keptOutcome(
            "Engine events, \(appCount) apps", SyntheticWorkload(appCount: appCount, eventCount: 10_000),
            readDecisions: false)
    }
    let workload = SyntheticWorkload(appCount: 100, eventCount: 10_000)
    keptOutcome("Engine events, 100 apps, decisions read", workload, readDecisions: true)
    let kept = KeptRun(workload)
    Benchmark("Engine events, 100 apps, an outcome made per event", configuration: eventMetrics) { benchmark in
        let taken = kept.take(benchmark.scaledIterations.count)
        var run = taken.0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let next = run.nextEvent()
            blackHole(run.engine.handle(workload.events[next].event, at: workload.events[next].time))
        }
        benchmark.stopMeasurement()
        kept.put(run, taken.1)
    }

    // The heap an engine holds after running the whole workload (what its apps, players, sessions and derived
    // values take), per app: malloc's bytes in use after minus before, so outcomes already freed do not count.
    for appCount in [10, 100, 1000] {
        let workload = SyntheticWorkload(appCount: appCount, eventCount: 10_000)
        Benchmark(
            "Engine state per app, \(appCount) apps",
            configuration: .init(
                metrics: [.custom("bytes per app", useScalingFactor: false)],
                maxDuration: .seconds(2), maxIterations: 5)
        ) { benchmark in
            let before = arbiter_heap_in_use()
            var engine = try! Engine(workload.setup)
            for (time, event) in workload.events { blackHole(engine.handle(event, at: time)) }
            let after = arbiter_heap_in_use()
            benchmark.measurement(
                .custom("bytes per app", useScalingFactor: false), (Int(after) - Int(before)) / appCount)
            blackHole(engine)
        }
    }
}

/// An engine walking a workload's events: the index of the next one.
struct WorkloadRun {
    let workload: SyntheticWorkload
    var engine: Engine
    private var next = 0

    init(_ workload: SyntheticWorkload) {
        self.workload = workload
        engine = try! Engine(workload.setup)
    }

    /// Starts again from the setup, with a new engine, when fewer than `count` events are left.
    mutating func ensure(_ count: Int) {
        if next + count > workload.events.count {
            engine = try! Engine(workload.setup)
            next = 0
        }
    }

    /// The index in `workload.events` of the event to handle now (`ensure` made sure there is one).
    @inline(__always)
    mutating func nextEvent() -> Int {
        defer { next += 1 }
        return next
    }
}

/// A run and its outcome kept between a benchmark's iterations. An iteration takes them out (so the engine it
/// mutates is not shared, and is not copied on its first write) and puts them back when its measurement stops.
final class KeptRun: @unchecked Sendable {
    private var run: WorkloadRun?
    private var outcome: Outcome? = Outcome(time: .zero, event: .advance, result: .succeeded)

    init(_ workload: SyntheticWorkload) { run = WorkloadRun(workload) }

    /// The run, with at least `count` events left, and the outcome.
    func take(_ count: Int) -> (WorkloadRun, Outcome) {
        var taken = run!
        run = nil
        taken.ensure(count)
        let kept = outcome!
        outcome = nil
        return (taken, kept)
    }

    func put(_ run: WorkloadRun, _ outcome: Outcome) {
        self.run = run
        self.outcome = outcome
    }
}
