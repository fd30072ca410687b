import Foundation
import Testing

/// `arbiter-bench`, the unplug benchmark: figures come out even when a comparison cannot be measured.
@Suite("arbiter-bench", .serialized)
struct BenchCommandTests {
    @Test(
        "a WirePlumber side that cannot be measured is one line; Arbiter's figures and the comparison line still come out"
    )
    func comparisonNotMeasured() throws {
        // WirePlumber is given no time to settle (or is not installed): its side cannot be measured.
        let result = try CLI.run(
            ["3", "--sizes", "1", "--settle", "0.001"],
            environment: ["PIPEWIRE_LOG": "/tmp/arbiter-bench-test.log"], program: "arbiter-bench")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("policy") == true)
        let row = try #require(lines.first { $0.hasPrefix("arbiter ") && !$0.contains(",") }, "\(result.stdout)")
        let cells = row.split(separator: " ").map(String.init)
        #expect(cells.prefix(3) == ["arbiter", "1", "3"], "\(row)")
        let median = try #require(Double(cells[3]))
        #expect(median > 0)
        #expect(lines.contains { $0.hasPrefix("wireplumber 1: not measured: ") }, "\(result.stdout)")
        #expect(lines.contains { $0.hasPrefix("arbiter 1, median/p99/max ms: delivery ") })
        #expect(lines.contains { $0.hasPrefix("compare 1 stream: cannot compare: WirePlumber not measured (") })
        #expect(!result.stderr.contains("Fatal error"))
    }

    @Test(
        "with WirePlumber installed: both sides measured and split at the removal's arrival; the comparison says how far the delivery bounds it and how the policies compare after it",
        .enabled(
            if: ["/usr/bin/wireplumber", "/usr/bin/dbus-daemon", "/usr/bin/pw-play"].allSatisfy {
                FileManager.default.isExecutableFile(atPath: $0)
            }, "tools/bench-unplug.sh installs wireplumber and dbus"))
    func comparisonMeasured() throws {
        let result = try CLI.run(
            ["3", "--sizes", "1"], environment: ["PIPEWIRE_LOG": "/tmp/arbiter-bench-test.log"],
            program: "arbiter-bench")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let row = try #require(lines.first { $0.hasPrefix("wireplumber ") }, "\(result.stdout)")
        #expect(row.split(separator: " ").prefix(3) == ["wireplumber", "1", "3"], "\(row)")
        let compare = try #require(lines.first { $0.hasPrefix("compare 1 stream: Arbiter ") }, "\(result.stdout)")
        // "Arbiter 2.0× faster at the median, 3.0× at p99 (the daemon's delivery alone bounds it at 2.5× at the
        // median); after the delivery, 6.1× at the median (0.31 against 1.90 ms), 5.2× at p99"
        let factors = compare.split(separator: " ").filter { $0.hasSuffix("×") }.compactMap { Double($0.dropLast()) }
        #expect(factors.count == 5, "\(compare)")
        #expect(compare.contains("(the daemon's delivery alone bounds it at "), "\(compare)")
        #expect(compare.contains("; after the delivery, "), "\(compare)")
        // Delivery is part of every run, so the bound is never below the ratio itself.
        if factors.count == 5 { #expect(factors[2] >= factors[0], "\(compare)") }
        // WirePlumber's runs are split at the removal's arrival as Arbiter's are.
        let split = try #require(
            lines.first { $0.hasPrefix("wireplumber 1, median/p99/max ms: delivery ") }, "\(result.stdout)")
        #expect(split.contains(", after it "), "\(split)")
    }

    @Test("bad sizes and runs are refused with what was expected")
    func badArguments() throws {
        let sizes = try CLI.run(["3", "--sizes", "1,x"], program: "arbiter-bench")
        #expect(sizes.status != 0)
        #expect(
            sizes.stderr.contains("--sizes is 1,x; expected positive stream counts separated by commas"),
            "\(sizes.stderr)")
        let runs = try CLI.run(["0"], program: "arbiter-bench")
        #expect(runs.status != 0)
        #expect(runs.stderr.contains("runs is 0; expected a positive number"), "\(runs.stderr)")
    }

    @Test("the duck benchmark refuses what it cannot measure, saying what was expected")
    func duckBadArguments() throws {
        let programs = try CLI.run(["duck", "3", "--programs", "1"], program: "arbiter-bench")
        #expect(programs.status != 0)
        #expect(
            programs.stderr.contains("--programs is 1; expected 2 or more (one is Navigation)"), "\(programs.stderr)")
        let missing = try CLI.run(
            ["duck", "1", "--policy", "arbiter", "--arbiter", "/nonexistent/arbiter"],
            environment: ["PIPEWIRE_LOG": "/tmp/arbiter-bench-test.log"], program: "arbiter-bench")
        #expect(missing.status != 0)
        #expect(
            (missing.stdout + missing.stderr).contains("no arbiter at /nonexistent/arbiter"),
            "\(missing.stdout)\(missing.stderr)")
    }
}
