import ArbiterEngine
import ArbiterScenario
import Benchmark
import Workloads

#if canImport(Glibc)
    import Glibc
#endif

/// Scenario files and the front ends: decoding and replaying a 10,000-step file, one REPL command, and a whole
/// `arbiter replay` of a 20-step file including process start.
let benchmarks: @Sendable () -> Void = {
    let appCount = 20
    // Decoding and replay at two lengths, to show how they grow with steps.
    for stepCount in [1_000, 10_000] {
        let text = SyntheticWorkload.scenarioText(appCount: appCount, stepCount: stepCount)
        let file = "synthetic-\(stepCount).yaml"
        let scenario = try! ScenarioParser.parse(text, file: file).get()
        let slow = Benchmark.Configuration(
            metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident],
            maxDuration: .seconds(5), maxIterations: 30)
        let steps = stepCount == 1_000 ? "1,000" : "10,000"

        Benchmark("Scenario decode, \(steps) steps", configuration: slow) { _ in
            blackHole(ScenarioParser.parse(text, file: file))
        }

        Benchmark("Scenario replay, \(steps) steps", configuration: slow) { _ in
            blackHole(Replayer.replay(scenario))
        }

        Benchmark("Scenario replay and report, \(steps) steps", configuration: slow) { _ in
            blackHole(TimelineFormatter().lines(for: Replayer.replay(scenario)))
        }
    }

    // One iteration is one typed line, decoded, run and explained as `arbiter repl` prints it; a session takes
    // a thousand lines and then starts afresh.
    let workload = SyntheticWorkload(appCount: appCount, eventCount: 1_000)
    Benchmark(
        "REPL command, \(appCount) apps",
        configuration: .init(
            metrics: [.wallClock, .throughput, .mallocCountTotal], scalingFactor: .kilo,
            maxDuration: .seconds(3))
    ) { benchmark in
        var session = try! ReplSession()
        for line in workload.replDeclarations { _ = session.execute(line) }
        benchmark.startMeasurement()
        for index in benchmark.scaledIterations {
            blackHole(session.execute(workload.replLines[index % workload.replLines.count]))
        }
    }

    // The release binary, built by tools/bench.sh before the benchmarks run (in the build folder it names in
    // ARBITER_BUILD, from the checkout's root unless absolute), on the corpus's twenty-step file.
    let root = String(#filePath).components(separatedBy: "/Benchmarks/Benchmarks/")[0]
    let build = getenv("ARBITER_BUILD").map { String(cString: $0) } ?? ".build"
    let arbiter = (build.hasPrefix("/") ? build : root + "/" + build) + "/release/arbiter"
    let twenty = root + "/scenarios/journeys/commute.yaml"
    Benchmark(
        "arbiter replay, 20 steps, process start included",
        configuration: .init(metrics: [.wallClock], maxDuration: .seconds(5), maxIterations: 200)
    ) { _ in
        let status = run([arbiter, "replay", twenty])
        precondition(status == 0, "\(arbiter) replay \(twenty) exited with \(status)")
    }
}

/// Runs a command with its output discarded and returns its exit status.
func run(_ arguments: [String]) -> Int32 {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    defer { posix_spawn_file_actions_destroy(&actions) }
    var argv = arguments.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid = pid_t()
    guard posix_spawn(&pid, arguments[0], &actions, nil, &argv, environ) == 0 else { return -1 }
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    return (status >> 8) & 0xff
}
