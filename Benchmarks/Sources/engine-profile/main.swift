// Runs the synthetic workload through the engine, for a profiler (valgrind --tool=callgrind, perf) or to train
// profile-guided optimization (tools/pgo.sh):
//   engine-profile [APPS] [EVENTS] [RUNS] [SEED]
//                                           exits 1 if the engine rejected an event as bad input; RUNS (1 by
//                                           default) runs the workload again with a new engine each time, for a
//                                           sampling profiler (perf record -e cpu-clock) that needs seconds; SEED
//                                           (1 by default, the benchmarks' seed) picks another stream of events
//   engine-profile repl [APPS] [EVENTS]     prints the workload as REPL lines instead (for `arbiter repl`)
//   engine-profile scenarios PATH...        replays the scenario files at PATH (a file, or a folder's .yaml files)
//                                           once each, so a profile also counts the rules they reach; exits 1 if a
//                                           file is not a valid scenario
//   engine-profile yaml [APPS] [STEPS]      prints it as a scenario file instead
import ArbiterEngine
import ArbiterScenario
import Workloads
#if canImport(Glibc)
import Glibc
#endif

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let appCount = arguments.first ?? 100
let eventCount = arguments.dropFirst().first ?? 20_000
let runs = arguments.dropFirst(2).first ?? 1
let seed = UInt64(clamping: arguments.dropFirst(3).first ?? 1)
let workload = SyntheticWorkload(appCount: appCount, eventCount: eventCount, seed: seed)
switch CommandLine.arguments.dropFirst().first {
case "repl":
    for line in workload.replDeclarations + workload.replLines { print(line) }
    exit(0)
case "yaml":
    print(SyntheticWorkload.scenarioText(appCount: appCount, stepCount: eventCount), terminator: "")
    exit(0)
case "scenarios":
    let files = ScenarioFiles.expand(Array(CommandLine.arguments.dropFirst(2)))
    var steps = 0, invalid = 0
    for file in files {
        switch ScenarioFiles.load(file) {
        case .success(let scenario): steps += Replayer.replay(scenario).entries.count
        case .failure(let errors):
            invalid += 1
            print(errors)
        }
    }
    print("\(files.count) scenario files, \(steps) steps replayed, \(invalid) invalid")
    exit(files.isEmpty || invalid > 0 ? 1 : 0)
default: break
}
/// Runs every event through one engine (in a function, so the loop's variables are locals, not globals that
/// Swift checks for exclusive access on every use). Returns decisions, failed and rejected events.
func run(_ workload: SyntheticWorkload) throws -> (decisions: Int, failed: Int, rejected: Int) {
    var engine = try Engine(workload.setup)
    var decisions = 0, rejected = 0, failed = 0
    // One outcome for the whole run, as a caller handling a stream of events keeps one.
    var outcome = Outcome(time: .zero, event: .advance, result: .succeeded)
    for (time, event) in workload.events {
        engine.handle(event, at: time, into: &outcome)
        decisions += outcome.decisionCount
        switch outcome.result {
        case .rejected: rejected += 1
        case .failed: failed += 1
        case .succeeded: break
        }
    }
    return (decisions, failed, rejected)
}

var (decisions, failed, rejected) = try run(workload)
for _ in 1..<max(runs, 1) {
    let again = try run(workload)
    decisions += again.decisions
    failed += again.failed
    rejected += again.rejected
}
let times = runs > 1 ? " × \(runs)" : ""
print("\(appCount) apps, \(eventCount) events\(times): \(decisions) decisions, \(failed) failed (iOS errors), "
      + "\(rejected) rejected")
// The workload is made of valid events only: a rejected one means the generator and the engine disagree.
if rejected > 0 { exit(1) }
