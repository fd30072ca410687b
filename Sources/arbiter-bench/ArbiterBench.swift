// arbiter-bench: how fast an unplug, and a duck on a live graph, reach the graph, under Arbiter and under
// WirePlumber, in the same run.
import ArgumentParser

#if canImport(Glibc)
    import Glibc
#endif

@main
struct ArbiterBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "arbiter-bench",
        abstract: "Arbiter against WirePlumber's policy, on private PipeWire daemons: an unplug, or a duck.",
        subcommands: [UnplugBench.self, DuckBench.self],
        defaultSubcommand: UnplugBench.self)

    /// Unplugs (and ducks) made before the measured runs, for both policies: the first ones after a node is made
    /// are the daemon's slowest (it sets up what it keeps for later).
    static let warmUpRuns = 3
}

/// `arbiter-bench unplug`, the default: an accessory unplugged under each policy.
struct UnplugBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "unplug",
        abstract: "Unplug to relinked: Arbiter's stage against WirePlumber's policy, on private PipeWire daemons.",
        discussion: """
            For each size, that many playing streams are routed to wired headphones and another client destroys the \
            headphones node (as `pw-cli destroy` would). Prints the median, p99 and max in milliseconds per policy \
            and size, where Arbiter's time goes (the registry event's delivery, the wake-up, the engine, the relink \
            and its round trip), when the node's removal reached WirePlumber's side, and how the two compare: from \
            the destroy request, and from the removal's arrival (the daemon's own teardown, which every policy \
            waits for). A side that cannot be measured is one line saying why; \
            the other figures still come out.
            """)

    @Argument(help: "Runs per size, for both policies (after 3 warm-up runs that are not counted).")
    var runs = 200

    @Option(help: "Stream counts, comma-separated.")
    var sizes = "1,16,64"

    @Flag(help: "Measure Arbiter only.")
    var noWireplumber = false

    @Option(help: "Seconds WirePlumber may take to link the streams before its size is given up.")
    var settle = 30.0

    func validate() throws {
        guard runs > 0 else { throw ValidationError("runs is \(runs); expected a positive number") }
        guard let counts = streamCounts, !counts.isEmpty, counts.allSatisfy({ $0 > 0 }) else {
            throw ValidationError(
                "--sizes is \(sizes); expected positive stream counts separated by commas, such as 1,16,64")
        }
        guard settle > 0 else { throw ValidationError("--settle is \(settle); expected a positive number of seconds") }
    }

    var streamCounts: [Int]? {
        let counts = sizes.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
        return counts.contains(nil) ? nil : counts.compactMap { $0 }
    }

    func run() throws {
        let counts = streamCounts!
        print(Table.row(Table.columns))
        var parts: [Int: Result<[UnplugParts], BenchFailure>] = [:]
        for count in counts {
            do {
                let samples = try measureArbiter(streams: count, runs: runs)
                parts[count] = .success(samples)
                print(Table.row("arbiter", count, Figures(samples.map(\.run), \.total)))
            } catch {
                parts[count] = .failure(error)
                print("arbiter \(count): not measured: \(error)")
            }
        }
        var theirs: [Int: Result<[PolicyRun], BenchFailure>] = [:]
        if !noWireplumber {
            let tone = "/tmp/arbiter-bench-tone.\(getpid()).wav"
            let tools = Result { () throws(BenchFailure) in try WirePlumberTools.find() }
            // Every stream plays the tone from the start to the last run; an unplug takes about a second at 64.
            if case .success = tools {
                PrivateDaemonTools.writeTone(tone, seconds: 60 + 3 * (runs + ArbiterBench.warmUpRuns))
            }
            defer { unlink(tone) }
            for count in counts {
                do {
                    let samples = try measureWirePlumber(
                        streams: count, runs: runs, settle: settle, tools: tools.get(),
                        tone: tone)
                    theirs[count] = .success(samples)
                    print(Table.row("wireplumber", count, Figures(samples, \.total)))
                } catch {
                    theirs[count] = .failure(error)
                    print("wireplumber \(count): not measured: \(error)")
                }
            }
        }
        for count in counts {
            if case .success(let samples)? = parts[count] {
                let where_ = UnplugParts.names.indices.map { index in
                    Table.spread(UnplugParts.names[index], Figures(samples: samples.map { $0.values[index] * 1000 }))
                }
                let slowest = samples.indices.max { samples[$0].total < samples[$1].total }!
                print(
                    "arbiter \(count), median/p99/max ms: " + where_.joined(separator: ", ")
                        + "; " + Table.spread("after the delivery", Figures(samples.map(\.run), \.afterDelivery))
                        + "; the slowest was measured run \(slowest + 1)")
            }
            if case .success(let samples)? = theirs[count] {
                print(
                    "wireplumber \(count), median/p99/max ms: " + Table.spread("delivery", Figures(samples, \.delivery))
                        + ", " + Table.spread("after it", Figures(samples, \.afterDelivery)))
            }
        }
        for count in counts {
            print(
                Table.comparison(
                    count, arbiter: parts[count].map { $0.map { $0.map(\.run) } },
                    wirePlumber: noWireplumber ? nil : theirs[count]))
        }
        if parts.values.contains(where: { if case .failure = $0 { true } else { false } }) { throw ExitCode(1) }
    }
}
