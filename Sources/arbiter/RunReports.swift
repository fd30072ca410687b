import ArbiterScenario
import Foundation

/// What `replay` writes besides its timeline, gathered run by run: the JUnit XML of `--junit FILE`, and GitHub
/// Actions' annotations when it runs in a GitHub job (not with `--json`, whose lines stay JSON).
final class RunReports {
    private var junit: JUnitReport?
    private let junitPath: String?
    private let annotate: Bool

    init(junit path: String?, json: Bool, environment: [String: String] = ProcessInfo.processInfo.environment) {
        junitPath = path
        junit = path == nil ? nil : JUnitReport()
        annotate = !json && GitHubAnnotations.enabled(environment)
    }

    /// Takes one run's report (`tag` is `[android]` for a half of a cross-platform file) and prints its annotations.
    func record<Report: ReplayReport>(_ report: Report, file: String, tag: String?) {
        let platform = tag?.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        junit?.add(report, file: file, platform: platform)
        if annotate { GitHubAnnotations.lines(for: report, platform: platform).forEach { print($0) } }
    }

    /// Takes a file that is not a valid scenario.
    func record(_ errors: ScenarioErrors, file: String) {
        junit?.add(errors, file: file)
        if annotate { GitHubAnnotations.lines(for: errors).forEach { print($0) } }
    }

    /// Writes the JUnit file, if asked for; a one-line error when it cannot be written.
    func write() -> String? {
        guard let junit, let junitPath else { return nil }
        do {
            try ScenarioWriter.write(junit.xml, to: junitPath)
            return nil
        } catch {
            return "error: cannot write the JUnit report \(junitPath) (\(error)); expected a writable path"
        }
    }
}
