// Runs the synthetic workload through the engine once, for a profiler (valgrind --tool=callgrind, perf):
//   engine-profile [APPS] [EVENTS]
import ArbiterEngine
import Workloads

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let appCount = arguments.first ?? 100
let eventCount = arguments.dropFirst().first ?? 20_000
let workload = SyntheticWorkload(appCount: appCount, eventCount: eventCount)
var engine = try Engine(workload.setup)
var decisions = 0, rejected = 0, failed = 0
for (time, event) in workload.events {
    let outcome = engine.handle(event, at: time)
    decisions += outcome.decisions.count
    switch outcome.result {
    case .rejected: rejected += 1
    case .failed: failed += 1
    case .succeeded: break
    }
}
print("\(appCount) apps, \(eventCount) events: \(decisions) decisions, \(failed) failed (iOS errors), \(rejected) rejected")
