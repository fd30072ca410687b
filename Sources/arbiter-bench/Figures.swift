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

/// Milliseconds of one measure over the runs of one size.
struct Figures {
    let samples: [Double]

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
        cells.map { $0.padding(toLength: 12, withPad: " ", startingAt: 0) }.joined()
    }

    static func ms(_ value: Double) -> String { String(format: "%.2f", value) }

    static func row(_ policy: String, _ streams: Int, _ figures: Figures) -> String {
        row([policy, String(streams), String(figures.samples.count), ms(figures.median), ms(figures.p99), ms(figures.max)])
    }

    /// How many times faster Arbiter is than WirePlumber at one size, or why that cannot be said. With the
    /// registry event's delivery to Arbiter (the daemon's own teardown, which any policy waits for), also the most
    /// that ratio could be if Arbiter took no time at all after it.
    static func comparison(_ streams: Int, arbiter: Result<Figures, BenchFailure>?,
                           wirePlumber: Result<Figures, BenchFailure>?, delivery: Figures? = nil) -> String {
        let prefix = "compare \(streams) stream\(streams == 1 ? "" : "s"): "
        switch (arbiter, wirePlumber) {
        case (.success(let ours)?, .success(let theirs)?):
            let median = theirs.median / ours.median, p99 = theirs.p99 / ours.p99
            let bound = delivery.map { String(format: " (the daemon's delivery alone bounds it at %.1f× at the median)",
                                              theirs.median / $0.median) } ?? ""
            return prefix + String(format: "Arbiter %.1f× faster at the median, %.1f× at p99", median, p99) + bound
        case (.failure(let failure)?, _): return prefix + "cannot compare: Arbiter not measured (\(failure))"
        case (_, .failure(let failure)?): return prefix + "cannot compare: WirePlumber not measured (\(failure))"
        default: return prefix + "cannot compare: WirePlumber not measured (--no-wireplumber)"
        }
    }
}
