import ArbiterLint
import ArbiterScenario
import ArgumentParser
import Foundation

extension Arbiter {
    /// `arbiter lint FILE...`: replays scenario files and reports the app mistakes the lints find.
    struct Lint: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Find the audio mistakes the apps in scenario files make, as a linter does.",
            discussion: """
                Replays each file through the policy engine and prints each lint's finding as \
                FILE:LINE:COLUMN: warning: APP: what goes wrong [lint], with the fix; the position is the \
                declaration to change, or the step that showed the mistake. Silence a lint for a file or an app \
                with `allowLints: { LINT: REASON }`; `arbiter lints` lists them. Exit status: 0 no warnings; 1 \
                warnings; 2 a file could not be read or is not a valid scenario.
                """)

        @Argument(help: "Scenario files (.yaml), or directories to search for them.")
        var files: [String]

        @Flag(help: "Print one JSON object a line (warnings, errors, a summary) for tools.")
        var json = false

        @Option(
            help: ArgumentHelp(
                "Also write the findings as a SARIF 2.1.0 log for code scanning (each lint a rule with its help; "
                    + "an invalid file an error of scenario.invalid).", valueName: "FILE"))
        var sarif: String?

        func run() throws {
            let paths = ScenarioFiles.expand(files)
            if paths.isEmpty {
                print("error: no .yaml files under \(files.joined(separator: " ")); expected scenario files")
                throw ExitCode(2)
            }
            if let problem = OutputPaths.problem([("--sarif", sarif)], inputs: paths) {
                print("error: \(problem)")
                throw ExitCode(2)
            }
            var clean = 0
            var warned = 0
            var invalid = 0
            var warnings = 0
            var log = SARIFLog(version: ArbiterVersion.current)
            let annotate = !json && GitHubAnnotations.enabled(ProcessInfo.processInfo.environment)
            for path in paths {
                switch ScenarioFiles.loadDocument(path) {
                case .failure(let errors):
                    invalid += 1
                    let lines = json ? JSONLinesFormatter.lines(for: errors) : TimelineFormatter().lines(for: errors)
                    lines.forEach { print($0) }
                    log.add(errors)
                    if annotate { GitHubAnnotations.lines(for: errors).forEach { print($0) } }
                case .success(let document):
                    let found = document.runs.flatMap { run -> [LintWarning] in
                        switch run {
                        case .ios(let scenario): Replayer.replay(scenario).warnings
                        case .android(let scenario): AndroidReplayer.replay(scenario).warnings
                        case .harmonyos(let scenario): HarmonyReplayer.replay(scenario).warnings
                        }
                    }
                    // A cross-platform file's two runs find some mistakes alike: each warning once.
                    var unique: [LintWarning] = []
                    for warning in found.sorted(by: { $0.position < $1.position }) where !unique.contains(warning) {
                        unique.append(warning)
                    }
                    warnings += unique.count
                    if unique.isEmpty { clean += 1 } else { warned += 1 }
                    for warning in unique {
                        log.add(warning)
                        if annotate { print(GitHubAnnotations.line(for: warning)) }
                        if json {
                            print(JSONLinesFormatter.warningObject(warning).text)
                        } else {
                            print(warning)
                            print("  fix: \(warning.finding.fix)")
                        }
                    }
                }
            }
            if json {
                print(JSONLinesFormatter.summary(passed: clean, failed: warned + invalid, warnings: warnings))
            } else {
                let files = paths.count == 1 ? "1 file" : "\(paths.count) files"
                print("\(warnings == 1 ? "1 warning" : "\(warnings) warnings") in \(files)")
                print("\(clean) passed, \(warned + invalid) failed")
            }
            if let sarif {
                do {
                    try ScenarioWriter.write(log.json, to: sarif)
                } catch {
                    print("error: cannot write the SARIF log \(sarif) (\(error)); expected a writable path")
                    throw ExitCode(2)
                }
            }
            if invalid > 0 { throw ExitCode(2) }
            if warned > 0 { throw ExitCode(1) }
        }
    }

    /// `arbiter lints`: every lint, with its statement, source and fix.
    struct Lints: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List the lints `arbiter lint` and `arbiter replay` apply, with their sources and fixes.")

        /// iOS's lints, then Android's.
        static var all: [ArbiterLint.Lint] { ArbiterLint.Lint.everyPlatform }

        @Argument(help: "Show only lints whose identifier starts with this prefix (for example `nowplaying`).")
        var prefix: String?

        func validate() throws {
            if let prefix, !Lints.all.contains(where: { $0.id.hasPrefix(prefix) }) {
                let areas = Set(Lints.all.map { String($0.id.prefix { $0 != "." }) }).sorted()
                throw ValidationError(
                    "no lint starts with '\(prefix)'; expected a prefix such as "
                        + areas.joined(separator: ", "))
            }
        }

        func run() {
            for lint in Lints.all where lint.id.hasPrefix(prefix ?? "") {
                print(lint.id)
                print("  \(lint.statement)")
                print("  fix: \(lint.fix)")
                print("  source: \(lint.source) (\(lint.evidence))")
            }
        }
    }
}
