#if canImport(Glibc)
    import Glibc
#endif

/// Wall time in seconds (CLOCK_MONOTONIC, the clock the registry events are stamped with).
func seconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// What a benchmark could not do, said in one line.
struct BenchFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// One unplug under a policy, in seconds from the destroy request: until every stream was relinked and
/// confirmed, and until the node's removal reached a client of the daemon.
struct PolicyRun {
    var total: Double, delivery: Double
    /// The policy's own part: from the removal's arrival to relinked and confirmed.
    var afterDelivery: Double { total - delivery }
}

/// Milliseconds of one measure over the runs of one size.
struct Figures {
    let samples: [Double]

    init(samples: [Double]) { self.samples = samples }

    /// One measure of each run, in milliseconds.
    init(_ runs: [PolicyRun], _ measure: KeyPath<PolicyRun, Double>) {
        samples = runs.map { $0[keyPath: measure] * 1000 }
    }

    /// The value below which `p` of the samples lie (nearest rank).
    func percentile(_ p: Double) -> Double {
        let sorted = samples.sorted()
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
    }

    var median: Double { percentile(0.5) }
    var p99: Double { percentile(0.99) }
    var max: Double { samples.max()! }
}

/// The table the benchmark prints: one row per policy and size, then the comparisons.
enum Table {
    static let columns = ["policy", "streams", "runs", "median_ms", "p99_ms", "max_ms"]

    static func row(_ cells: [String]) -> String {
        cells.map { $0.padding(toLength: max(12, $0.count + 1), withPad: " ", startingAt: 0) }.joined()
    }

    static func ms(_ value: Double) -> String { String(format: "%.2f", value) }

    /// `name median/p99/max`, in milliseconds.
    static func spread(_ name: String, _ figures: Figures) -> String {
        "\(name) \(ms(figures.median))/\(ms(figures.p99))/\(ms(figures.max))"
    }

    static func row(_ policy: String, _ streams: Int, _ figures: Figures) -> String {
        row([
            policy, String(streams), String(figures.samples.count), ms(figures.median), ms(figures.p99),
            ms(figures.max),
        ])
    }

    /// How many times faster Arbiter is than WirePlumber at one size, or why that cannot be said: from the
    /// destroy request, and from the moment the node's removal reached a client of the daemon (the daemon's own
    /// teardown comes first, and any policy waits for it). The first ratio can be at most WirePlumber's time over
    /// the delivery alone, the ratio Arbiter would reach if it took no time at all after it; that bound is said too.
    static func comparison(
        _ streams: Int, arbiter: Result<[PolicyRun], BenchFailure>?,
        wirePlumber: Result<[PolicyRun], BenchFailure>?
    ) -> String {
        let prefix = "compare \(streams) stream\(streams == 1 ? "" : "s"): "
        switch (arbiter, wirePlumber) {
        case (.success(let ours)?, .success(let theirs)?):
            let (ourTotal, theirTotal) = (Figures(ours, \.total), Figures(theirs, \.total))
            let (ourPolicy, theirPolicy) = (Figures(ours, \.afterDelivery), Figures(theirs, \.afterDelivery))
            let bound = theirTotal.median / Figures(ours, \.delivery).median
            return prefix
                + String(
                    format: "Arbiter %.1f× faster at the median, %.1f× at p99 (the daemon's delivery alone "
                        + "bounds it at %.1f× at the median); after the delivery, %.1f× at the median "
                        + "(%.2f against %.2f ms), %.1f× at p99",
                    theirTotal.median / ourTotal.median, theirTotal.p99 / ourTotal.p99, bound,
                    theirPolicy.median / ourPolicy.median, ourPolicy.median, theirPolicy.median,
                    theirPolicy.p99 / ourPolicy.p99)
        case (.failure(let failure)?, _): return prefix + "cannot compare: Arbiter not measured (\(failure))"
        case (_, .failure(let failure)?): return prefix + "cannot compare: WirePlumber not measured (\(failure))"
        default: return prefix + "cannot compare: WirePlumber not measured (--no-wireplumber)"
        }
    }
}
