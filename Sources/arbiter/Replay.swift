import ArgumentParser
import ArbiterEngine
import ArbiterScenario

extension Arbiter {
    /// `arbiter replay FILE...`: replays scenario files and checks their expectations.
    struct Replay: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Replay scenario files through the policy engine and check their expectations.",
            discussion: """
                Prints a timeline: each step, the decisions it caused with the rule behind each, the notifications \
                delivered, and each expectation with ✓ or ✗. Exit status: 0 every scenario passed; 1 an \
                expectation or `fails:` did not hold; 2 a file could not be read or is not a valid scenario.
                """)

        @Argument(help: "Scenario files (.yaml), or directories to search for them.")
        var files: [String]

        @Flag(help: "Print one JSON object a line (steps, decisions, notifications, checks) for tools.")
        var json = false

        @Flag(help: "Print only failures and the summary.")
        var quiet = false

        func validate() throws {
            if files.isEmpty { throw ValidationError("no scenario files given; expected FILE.yaml or a directory") }
        }

        func run() throws {
            let paths = ScenarioFiles.expand(files)
            var passed = 0, failed = 0, invalid = 0
            let timeline = TimelineFormatter(quiet: quiet)
            if paths.isEmpty {
                print("error: no .yaml files under \(files.joined(separator: " ")); expected scenario files")
                throw ExitCode(2)
            }
            for path in paths {
                switch ScenarioFiles.load(path) {
                case .failure(let errors):
                    invalid += 1
                    let lines = json ? JSONLinesFormatter.lines(for: errors) : timeline.lines(for: errors)
                    lines.forEach { print($0) }
                    if !json && !quiet { print("") }
                case .success(let scenario):
                    let report = Replayer.replay(scenario)
                    if report.passed { passed += 1 } else { failed += 1 }
                    let lines = json ? JSONLinesFormatter.lines(for: report) : timeline.lines(for: report)
                    lines.forEach { print($0) }
                }
            }
            print(json ? JSONLinesFormatter.summary(passed: passed, failed: failed + invalid)
                       : "\(passed) passed, \(failed + invalid) failed")
            if invalid > 0 { throw ExitCode(2) }
            if failed > 0 { throw ExitCode(1) }
        }
    }
}
