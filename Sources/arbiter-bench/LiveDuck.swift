import ArgumentParser

#if canImport(Glibc)
    import Glibc
#endif

/// `arbiter-bench duck`: a Navigation prompt over playing Music programs on a live graph, under WirePlumber's
/// role policy and under `arbiter attach`, in the same run.
struct DuckBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "duck",
        abstract: "A Navigation prompt over Music programs: `arbiter attach` against WirePlumber's role policy.",
        discussion: """
            Each policy gets a private daemon with null sinks, WirePlumber on a private session bus (its \
            configuration and state in private folders) and the same programs: all but one are pw-play stand-ins \
            with the Music role, playing; then, each run, a Navigation one starts, plays, and ends. A registry \
            watcher of its own (tools/bench-duck-watch.c, SCHED_FIFO 20 where allowed, the same for both \
            policies) stamps what the daemon publishes as it arrives. Measured: from the Navigation node's \
            appearance in the registry to every Music program's gain seen lowered (WirePlumber lowers the \
            monitorVolumes of its Multimedia endpoint node, which every Music stream plays through: one gain for \
            all; Arbiter lowers each Music stream's own softVolumes: the first change of each counts); and from \
            the node's removal to every gain seen raised again. Prints the median, p99 and max in milliseconds \
            per policy, and how they compare. For WirePlumber, the benchmark turns on its stock role table \
            (0.4's policy.lua.d/50-endpoints-config.lua) with Multimedia streams mixing instead of corking each \
            other; for Arbiter, WirePlumber only links, and `arbiter attach` decides.
            """)

    /// Which policies to measure.
    enum PolicyChoice: String, ExpressibleByArgument, CaseIterable {
        case wireplumber, arbiter, both
        /// Arbiter at the role nodes (`attach --role-policy meet`).
        case arbiterMeet = "arbiter-meet"
        /// WirePlumber, Arbiter, and Arbiter at the role nodes.
        case all
    }

    @Argument(help: "Runs per policy (after 3 warm-up runs that are not counted).")
    var runs = 40

    @Option(help: "Programs on the graph: one Navigation, the others Music.")
    var programs = 16

    @Option(help: "wireplumber, arbiter, arbiter-meet (at the role nodes), both (the first two) or all.")
    var policy = PolicyChoice.all

    @Option(
        help: ArgumentHelp(
            "WirePlumber's configuration of role nodes for arbiter-meet.", valueName: "DIR"))
    var roleNodes = "tools/wireplumber"

    @Option(help: "The arbiter executable for Arbiter's side (default: the one beside arbiter-bench).")
    var arbiter: String?

    @Option(
        help:
            "A rules file for `arbiter attach` (default: Music programs mix, as WirePlumber's Multimedia role is made to)."
    )
    var rules: String?

    @Option(
        help: "The registry watcher (default: bench-duck-watch beside arbiter-bench; tools/bench-duck.sh builds it).")
    var watcher: String?

    @Option(
        help: ArgumentHelp(
            "The latency every program asks for, in frames at 48 kHz: the graph's quantum (default: pw-play's "
                + "100 ms, which the daemon's largest quantum, 2048 frames, bounds).", valueName: "FRAMES"))
    var quantum: Int?

    @Option(help: "Seconds the Navigation program plays on after every Music gain was lowered.")
    var hold = 0.3

    @Option(help: "Seconds a step (WirePlumber linking the programs, Arbiter attaching, one duck) may take.")
    var settle = 30.0

    func validate() throws {
        guard runs > 0 else { throw ValidationError("runs is \(runs); expected a positive number") }
        guard programs >= 2 else {
            throw ValidationError("--programs is \(programs); expected 2 or more (one is Navigation)")
        }
        if let quantum, !(32...2048).contains(quantum) {
            throw ValidationError("--quantum is \(quantum); expected 32 to 2048 frames (the daemon's limits)")
        }
        guard hold >= 0 else { throw ValidationError("--hold is \(hold); expected 0 or more seconds") }
        guard settle > 0 else { throw ValidationError("--settle is \(settle); expected a positive number of seconds") }
    }

    func run() throws {
        let settings = DuckSettings(
            runs: runs, programs: programs, hold: hold, settle: settle,
            watcher: watcher ?? besideExecutable("bench-duck-watch"), quantum: quantum)
        var policies: [DuckPolicy] = []
        let binary = arbiter ?? besideExecutable("arbiter")
        if [.wireplumber, .both, .all].contains(policy) { policies.append(.wirePlumber) }
        if [.arbiter, .both, .all].contains(policy) { policies.append(.arbiter(binary: binary, rules: rules)) }
        if [.arbiterMeet, .all].contains(policy) {
            policies.append(.arbiterMeeting(binary: binary, rules: rules, roleNodes: roleNodes))
        }
        print(
            "duck, \(programs) programs (\(programs - 1) Music playing, then Navigation), \(runs) runs per policy after "
                + "\(ArbiterBench.warmUpRuns) warm-up runs: from the Navigation node's appearance in the registry to every "
                + "Music gain seen lowered; "
                + (quantum.map {
                    "the programs ask for \($0) frames (the graph's quantum, \(Self.milliseconds($0)) ms)"
                }
                    ?? "the programs ask for pw-play's 100 ms (the graph's quantum: 2048 frames, 42.67 ms)"))
        print(Table.row(["policy", "programs", "runs", "median_ms", "p99_ms", "max_ms"]))
        let tone = "/tmp/arbiter-bench-duck.\(getpid()).wav"
        defer { unlink(tone) }
        var results: [String: Result<[DuckRun], BenchFailure>] = [:]
        var notes: [String] = []
        do throws(BenchFailure) {
            let tools = try WirePlumberTools.find()
            // The Music programs play it from their start to the last run.
            PrivateDaemonTools.writeTone(tone, seconds: 60 + Int((2 + hold) * Double(runs + ArbiterBench.warmUpRuns)))
            for side in policies {
                do {
                    let before = CPUTimes.now()
                    let measured = try measureDuck(side, settings, tools: tools, tone: tone)
                    let idle = CPUTimes.now()?.idle(since: before)
                    results[side.name] = .success(measured.runs)
                    print(Table.row(side.name, programs, Figures(samples: measured.runs.map { $0.ducked * 1000 })))
                    notes.append(
                        "\(side.name): the watcher ran \(measured.realtime ? "at SCHED_FIFO 20" : "without real-time priority")"
                            + (idle.map {
                                String(
                                    format:
                                        "; the cores were %.0f %% idle meanwhile (the benchmark's own programs included)",
                                    $0 * 100)
                            } ?? "")
                            + (measured.said.map { "; arbiter said \"\($0)\"" } ?? ""))
                } catch {
                    results[side.name] = .failure(error)
                    print("\(side.name) \(programs): not measured: \(error)")
                }
            }
        } catch {
            for side in policies { results[side.name] = .failure(error) }
            print("not measured: \(error)")
        }
        for side in policies {
            guard case .success(let samples)? = results[side.name] else { continue }
            func spread(_ name: String, _ measure: KeyPath<DuckRun, Double>) -> String {
                Table.spread(name, Figures(samples: samples.map { $0[keyPath: measure] * 1000 }))
            }
            let gains = side.gains(programs: programs)
            print(
                "\(side.name) (\(gains)), median/p99/max ms: " + spread("first lowered", \.firstDucked) + ", "
                    + spread("every one lowered", \.ducked) + "; from the Navigation node's removal: "
                    + spread("first raised", \.firstRestored) + ", " + spread("every one raised", \.restored))
            let running = samples.compactMap(\.navigationRunning).map { $0 * 1000 }
            let afterRunning = samples.compactMap(\.duckedAfterRunning).map { $0 * 1000 }
            if !running.isEmpty {
                print(
                    "\(side.name), median/p99/max ms over the \(running.count) of \(samples.count) runs where the Navigation "
                        + "stream ran: " + Table.spread("it ran after it appeared", Figures(samples: running)) + "; "
                        + Table.spread("every Music gain lowered after it ran", Figures(samples: afterRunning))
                        + " (negative: before)")
            }
        }
        notes.forEach { print($0) }
        for ours in ["arbiter", "arbiter-meet"] {
            guard let arbiterResult = results[ours], let wirePlumberResult = results["wireplumber"] else { continue }
            print(DuckBench.comparison(arbiterResult, wirePlumberResult, programs, name: ours))
        }
        if results.values.contains(where: { if case .failure = $0 { true } else { false } }) { throw ExitCode(1) }
    }

    /// A quantum of `frames` at 48 kHz in milliseconds, as `5.33`.
    static func milliseconds(_ frames: Int) -> String { String(format: "%.2f", Double(frames) / 48) }

    /// How many times faster Arbiter lowers (and raises) every Music gain than WirePlumber, or why that cannot be
    /// said.
    static func comparison(
        _ arbiter: Result<[DuckRun], BenchFailure>, _ wirePlumber: Result<[DuckRun], BenchFailure>,
        _ programs: Int, name: String = "arbiter"
    ) -> String {
        let prefix = "compare \(programs) programs, \(name): "
        switch (arbiter, wirePlumber) {
        case (.success(let ours), .success(let theirs)):
            func figures(_ runs: [DuckRun], _ measure: KeyPath<DuckRun, Double>) -> Figures {
                Figures(samples: runs.map { $0[keyPath: measure] * 1000 })
            }
            let (ourDuck, theirDuck) = (figures(ours, \.ducked), figures(theirs, \.ducked))
            let (ourRestore, theirRestore) = (figures(ours, \.restored), figures(theirs, \.restored))
            return prefix
                + String(
                    format: "every Music gain lowered: Arbiter %.2f× WirePlumber's speed at the median "
                        + "(%.2f against %.2f ms), %.2f× at p99 (%.2f against %.2f ms); raised again: %.2f× "
                        + "at the median, %.2f× at p99",
                    theirDuck.median / ourDuck.median, ourDuck.median, theirDuck.median,
                    theirDuck.p99 / ourDuck.p99, ourDuck.p99, theirDuck.p99,
                    theirRestore.median / ourRestore.median, theirRestore.p99 / ourRestore.p99)
        case (.failure(let failure), _): return prefix + "cannot compare: Arbiter not measured (\(failure))"
        case (_, .failure(let failure)): return prefix + "cannot compare: WirePlumber not measured (\(failure))"
        }
    }
}

/// The file `name` in the folder of the running arbiter-bench (the build folder).
func besideExecutable(_ name: String) -> String {
    var path = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &path, path.count - 1)
    guard count > 0 else { return name }
    let executable = String(decoding: path[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return String(executable[..<(executable.lastIndex(of: "/") ?? executable.startIndex)]) + "/" + name
}

/// The machine's CPU time so far (the first line of /proc/stat), to say how quiet it was during a measure.
struct CPUTimes {
    let busy: Double, idle: Double

    static func now() -> CPUTimes? {
        guard let file = fopen("/proc/stat", "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 512)
        guard fgets(&line, Int32(line.count), file) != nil else { return nil }
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // cpu user nice system idle iowait irq softirq steal ...
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).dropFirst().compactMap { Double($0) }
        guard fields.count >= 5 else { return nil }
        let idle = fields[3] + fields[4]
        return CPUTimes(busy: fields.reduce(0, +) - idle, idle: idle)
    }

    /// The fraction of the time since `earlier` that the cores were idle.
    func idle(since earlier: CPUTimes?) -> Double? {
        guard let earlier else { return nil }
        let (busy, idle) = (self.busy - earlier.busy, self.idle - earlier.idle)
        return busy + idle > 0 ? idle / (busy + idle) : nil
    }
}
