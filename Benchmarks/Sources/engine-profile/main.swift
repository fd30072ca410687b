// Runs the synthetic workload through the engine, for a profiler (valgrind --tool=callgrind, perf) or to train
// profile-guided optimization (tools/pgo.sh):
//   engine-profile [APPS] [EVENTS] [RUNS] [SEED]
//                                           exits 1 if the engine rejected an event as bad input; RUNS (1 by
//                                           default) runs the workload again with a new engine each time, for a
//                                           sampling profiler (perf record -e cpu-clock) that needs seconds; SEED
//                                           (1 by default, the benchmarks' seed) picks another stream of events
//   engine-profile repl [APPS] [EVENTS] [SEED]   prints the workload as REPL lines instead (for `arbiter repl`)
//   engine-profile yaml [APPS] [STEPS] [SEED]    prints the workload as a scenario file instead
//   engine-profile scenarios PATH...        replays the scenario files at PATH (a file, or the .yaml and .yml files
//                                           under a folder) once each, every platform's run of a file as
//                                           `arbiter replay` does, so a profile also counts the rules they reach;
//                                           exits 1 if a file is not a valid scenario
// Anything else prints this usage and exits 2.
import ArbiterEngine
import ArbiterScenario
import Workloads

#if canImport(Glibc)
    import Glibc
#endif

/// Writes a line to standard error.
func printError(_ line: String) {
    var text = line + "\n"
    text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
}

/// Prints the usage and why the arguments were refused, and exits 2.
func refuse(_ why: String) -> Never {
    printError(
        "engine-profile: \(why)\nusage: engine-profile [APPS] [EVENTS] [RUNS] [SEED]\n"
            + "       engine-profile repl [APPS] [EVENTS] [SEED] | yaml [APPS] [STEPS] [SEED]\n"
            + "       engine-profile scenarios PATH...")
    exit(2)
}

/// The word that picks a mode (nil when the first argument is a number, or there is none), and the arguments after it.
let word = CommandLine.arguments.dropFirst().first.flatMap { Int($0) == nil ? $0 : nil }
let rest = Array(CommandLine.arguments.dropFirst(word == nil ? 1 : 2))
if word == "scenarios" {
    if rest.isEmpty { refuse("expected at least one scenario file or folder after scenarios") }
    let files = ScenarioFiles.expand(rest)
    var steps = 0
    var invalid = 0
    for file in files {
        switch ScenarioFiles.loadDocument(file) {
        case .success(let document):
            for run in document.runs {
                switch run {
                case .ios(let scenario): steps += Replayer.replay(scenario).entries.count
                case .android(let scenario): steps += AndroidReplayer.replay(scenario).entries.count
                case .harmonyos(let scenario): steps += HarmonyReplayer.replay(scenario).entries.count
                }
            }
        case .failure(let errors):
            invalid += 1
            printError("\(errors)")
        }
    }
    print("\(files.count) scenario files, \(steps) steps replayed, \(invalid) invalid")
    exit(files.isEmpty || invalid > 0 ? 1 : 0)
}
if let word, word != "repl", word != "yaml" { refuse("unknown mode '\(word)'; expected repl, yaml or scenarios") }
let numbers = rest.compactMap { Int($0) }
if numbers.count != rest.count || !numbers.allSatisfy({ $0 > 0 }) {
    refuse("expected positive whole numbers, got \(rest.joined(separator: " "))")
}
if numbers.count > (word == nil ? 4 : 3) { refuse("expected at most \(word == nil ? 4 : 3) numbers") }
let appCount = numbers.first ?? 100
let eventCount = numbers.dropFirst().first ?? 20_000
let runs = word == nil ? numbers.dropFirst(2).first ?? 1 : 1
let seed = UInt64(numbers.dropFirst(word == nil ? 3 : 2).first ?? 1)
if word == "yaml" {
    print(SyntheticWorkload.scenarioText(appCount: appCount, stepCount: eventCount, seed: seed), terminator: "")
    exit(0)
}
let workload = SyntheticWorkload(appCount: appCount, eventCount: eventCount, seed: seed)
if word == "repl" {
    for line in workload.replDeclarations + workload.replLines { print(line) }
    exit(0)
}
/// Runs every event through one engine (in a function, so the loop's variables are locals, not globals that
/// Swift checks for exclusive access on every use). Returns decisions, failed and rejected events.
func run(_ workload: SyntheticWorkload) throws -> (decisions: Int, failed: Int, rejected: Int) {
    var engine = try Engine(workload.setup)
    var decisions = 0
    var rejected = 0
    var failed = 0
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
print(
    "\(appCount) apps, \(eventCount) events\(times): \(decisions) decisions, \(failed) failed (iOS errors), "
        + "\(rejected) rejected")
// The workload is made of valid events only: a rejected one means the generator and the engine disagree.
if rejected > 0 { exit(1) }
