import ArbiterAndroid
import ArbiterEngine

/// The readable timeline of an Android replay, as `TimelineFormatter` prints an iOS one: each step at its time,
/// each decision with its rule, each focus change delivered (`→ Music: lossTransient`), ✓ or ✗ for each check, and
/// a last `PASS` or `FAIL` line for the file.
public struct AndroidTimelineFormatter {
    /// Only failures and the per-file result.
    public var quiet: Bool
    /// Written after the file's name in the header and the result line (`[android]` for a cross-platform file's
    /// Android half); nil: nothing.
    public var tag: String?

    /// A formatter that prints everything, or (`quiet`) failures and the result alone.
    public init(quiet: Bool = false, tag: String? = nil) {
        self.quiet = quiet
        self.tag = tag
    }

    /// The report's lines, without line ends; the same report always gives the same lines.
    public func lines(for report: AndroidScenarioReport) -> [String] {
        let file = report.scenario.file + (tag.map { " \($0)" } ?? "")
        var lines: [String] = []
        if !quiet {
            lines.append("▶ \(report.scenario.title)")
            lines.append("  \(file) (\(report.scenario.platform), API \(report.scenario.setup.sdk))")
        }
        let warnings = Dictionary(grouping: report.warnings) { $0.entry ?? -1 }
        if !quiet { lines += (warnings[-1] ?? []).flatMap(TimelineFormatter.warningLines) }
        for (index, entry) in report.entries.enumerated() {
            switch entry {
            case .step(let step): lines += stepLines(step)
            case .expect(let expect): lines += expectLines(expect)
            }
            if !quiet { lines += (warnings[index] ?? []).flatMap(TimelineFormatter.warningLines) }
        }
        var counts = counted(report.stepCount, "step") + ", " + counted(report.checkCount, "check")
        if !report.warnings.isEmpty { counts += ", " + counted(report.warnings.count, "warning") }
        if report.passed {
            if !quiet { lines.append("✓ PASS \(file) (\(counts))") }
        } else {
            lines.append("✗ FAIL \(file) (\(counts), \(counted(report.failureCount, "failure")))")
        }
        if !quiet { lines.append("") }
        return lines
    }

    func stepLines(_ step: AndroidStepRecord) -> [String] {
        let outcome = step.outcome
        if quiet && step.problem == nil { return [] }
        var head = "\(TimelineFormatter.time(outcome.time))  \(AndroidEventText.text(outcome.event))"
        if let expected = step.expectedResult { head += "  (returns: \(expected.result))" }
        var lines = [head]
        if let expected = step.expectedResult, step.problem == nil {
            lines.append("            ✓ returned \(expected.result)")
        }
        if let problem = step.problem {
            lines.append("            ✗ \(step.position.map(\.description) ?? ""): \(problem)")
        }
        if quiet { return lines }
        for decision in outcome.decisions { lines.append("            \(decision)") }
        for notification in outcome.notifications {
            lines.append("            → \(notification.app): \(notification.change)  [\(notification.rule.id)]")
        }
        return lines
    }

    func expectLines(_ expect: AndroidExpectRecord) -> [String] {
        let failed = expect.results.filter { !$0.passed }
        if quiet && failed.isEmpty { return [] }
        var lines = ["\(TimelineFormatter.time(expect.time))  expect (line \(expect.position.line))"]
        for result in expect.results {
            if result.passed {
                if !quiet { lines.append("            ✓ \(result.summary)") }
            } else {
                lines.append("            ✗ \(result.check.position): \(result.summary)")
                if let rule = result.rule {
                    lines.append("                because [\(rule.id)] \(rule.statement) (\(rule.source))")
                }
            }
        }
        return lines
    }
}
