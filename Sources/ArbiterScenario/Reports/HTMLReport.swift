import ArbiterEngine

/// `arbiter replay --html FILE`: every run on one self-contained page (inline CSS and script, nothing fetched),
/// failures first, with a summary at the top.
///
/// Each run is a timeline read from its `RunTimeline`: a row for its steps and one per app (or stream) with its state,
/// whether it plays and its gain, and a mark for each decision, notification and check. The page zooms and pans,
/// folds long idle stretches so that every step has room, filters by app, and shows a mark's rule, statement, source
/// and file position when it is clicked (or named by the address's `#select=ID`). A file that is not a valid scenario
/// is listed with its errors. The runs are JSON inside the page (`HTMLReportData`); nothing depends on the clock, so
/// the same runs give the same bytes.
public struct HTMLReport: Sendable {
    private var data = HTMLReportData()
    private var counts = (passed: 0, failed: 0, invalid: 0, steps: 0, checks: 0)

    public init() {}

    /// Adds one run, with the lints' warnings of its replay.
    public mutating func add(_ run: RunTimeline, warnings: [String] = []) {
        let failed = run.steps.contains { $0.problem != nil } || run.marks.contains { $0.kind == .checkFailed }
        failed ? (counts.failed += 1) : (counts.passed += 1)
        counts.steps += run.steps.filter { $0.position != nil }.count
        counts.checks += run.marks.filter { $0.kind == .checkHeld || $0.kind == .checkFailed }.count
        data.add(run, failed: failed, warnings: warnings)
    }

    /// Adds a run that has no timeline (its setup failed before the first step): its file and its failed steps.
    public mutating func add<Report: ReplayReport>(unreplayed report: Report, file: String, platform: String?) {
        counts.failed += 1
        let problems = report.entries.compactMap { entry -> String? in
            guard case .step(let step) = entry, let problem = step.problem else { return nil }
            return step.position.map { "\($0): \(problem)" } ?? problem
        }
        data.add(
            problem: file, title: "no timeline" + (platform.map { " [\($0)]" } ?? ""),
            errors: problems.isEmpty ? ["the run has no timeline"] : problems, invalid: false)
    }

    /// Adds a file that could not be read or is not a valid scenario, with each of its problems.
    public mutating func add(_ errors: ScenarioErrors, file: String) {
        counts.invalid += 1
        data.add(
            problem: file, title: "not a valid scenario", errors: errors.diagnostics.map(\.description), invalid: true)
    }

    /// The page.
    public var html: String {
        let runs = counts.passed + counts.failed
        var summary = "\(runs) run\(runs == 1 ? "" : "s"): \(counts.passed) passed, \(counts.failed) failed"
        if counts.invalid > 0 { summary += ", \(counts.invalid) file\(counts.invalid == 1 ? "" : "s") not valid" }
        summary += " · \(counts.steps) steps, \(counts.checks) checks"
        let outcome = counts.failed + counts.invalid == 0 ? "passed" : "failed"
        return HTMLPage.page(
            title: "arbiter replay: \(counts.passed) passed, \(counts.failed + counts.invalid) failed",
            summary: summary, outcome: outcome, json: data.json)
    }
}
