import ArbiterScenario
import Foundation

/// What `replay` writes besides its timeline, gathered run by run: the JUnit XML of `--junit FILE`, the trace of
/// `--trace FILE`, the page of `--html FILE`, and GitHub Actions' annotations when it runs in a GitHub job (not with `--json`, whose lines stay
/// JSON).
final class RunReports {
    private var junit: JUnitReport?
    private let junitPath: String?
    private var trace: TraceReport?
    private let tracePath: String?
    private var html: HTMLReport?
    private let htmlPath: String?
    private let annotate: Bool
    /// An output could not be written along the way (a picture): the command ends with status 2.
    var outputFailed = false

    init(
        junit: String?, trace: String?, html: String? = nil, json: Bool,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        junitPath = junit
        self.junit = junit == nil ? nil : JUnitReport()
        tracePath = trace
        self.trace = trace == nil ? nil : TraceReport()
        htmlPath = html
        self.html = html == nil ? nil : HTMLReport()
        annotate = !json && GitHubAnnotations.enabled(environment)
    }

    /// Whether a run's timeline is drawn from its recorded states (`recordStates`), which the trace and the page need.
    var needsStates: Bool { trace != nil || html != nil }

    /// Takes one run's report (`tag` is `[android]` for a half of a cross-platform file), with its timeline when
    /// `needsStates`, and prints its annotations.
    func record<Report: ReplayReport>(
        _ report: Report, timeline: @autoclosure () -> RunTimeline?, file: String, tag: String?
    ) {
        let platform = tag?.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        junit?.add(report, file: file, platform: platform)
        if needsStates {
            let timeline = timeline()
            if let timeline { trace?.add(timeline) }
            if let timeline {
                html?.add(timeline, warnings: report.warnings.map { "\($0)" })
            } else {
                html?.add(unreplayed: report, file: file, platform: platform)
            }
        }
        if annotate { GitHubAnnotations.lines(for: report, platform: platform).forEach { print($0) } }
    }

    /// Takes a file that is not a valid scenario.
    func record(_ errors: ScenarioErrors, file: String) {
        junit?.add(errors, file: file)
        html?.add(errors, file: file)
        if annotate { GitHubAnnotations.lines(for: errors).forEach { print($0) } }
    }

    /// Writes the files asked for; a one-line error for each that cannot be written.
    func write() -> [String] {
        var problems: [String] = []
        let reports = [
            (junit?.xml, junitPath, "JUnit report"), (trace?.json, tracePath, "trace"),
            (html?.html, htmlPath, "HTML report"),
        ]
        for (text, path, what) in reports {
            guard let text, let path else { continue }
            do {
                try ScenarioWriter.write(text, to: path)
            } catch {
                problems.append("error: cannot write the \(what) \(path) (\(error)); expected a writable path")
            }
        }
        return problems
    }
}
