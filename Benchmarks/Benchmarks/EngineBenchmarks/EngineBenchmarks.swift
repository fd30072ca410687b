import ArbiterEngine
import Benchmark
import CHeapInUse
import Workloads

/// One benchmark iteration is one engine event; throughput is events a second. The engine runs through a
/// 10,000-event synthetic workload and starts again from its setup when the workload is used up. The caller keeps
/// one outcome for the run (`handle(_:at:into:)`), as a caller handling a stream of events does; the last
/// benchmark makes a new outcome for every event (`handle(_:at:)`), as a caller that keeps every outcome does.
let benchmarks: @Sendable () -> Void = {
    for appCount in [10, 100, 1000] {
        let workload = SyntheticWorkload(appCount: appCount, eventCount: 10_000)
        Benchmark("Engine events, \(appCount) apps",
                  configuration: .init(metrics: [.wallClock, .throughput, .mallocCountTotal],
                                       scalingFactor: .kilo, maxDuration: .seconds(3))) { benchmark in
            var engine = try! Engine(workload.setup)
            var outcome = Outcome(time: .zero, event: .advance, result: .succeeded)
            var next = 0
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                if next == workload.events.count {
                    engine = try! Engine(workload.setup)
                    next = 0
                }
                engine.handle(workload.events[next].event, at: workload.events[next].time, into: &outcome)
                blackHole(outcome.decisions.count)
                next += 1
            }
        }
    }
    let workload = SyntheticWorkload(appCount: 100, eventCount: 10_000)
    Benchmark("Engine events, 100 apps, an outcome made per event",
              configuration: .init(metrics: [.wallClock, .throughput, .mallocCountTotal],
                                   scalingFactor: .kilo, maxDuration: .seconds(3))) { benchmark in
        var engine = try! Engine(workload.setup)
        var next = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            if next == workload.events.count {
                engine = try! Engine(workload.setup)
                next = 0
            }
            blackHole(engine.handle(workload.events[next].event, at: workload.events[next].time))
            next += 1
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
