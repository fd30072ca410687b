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
        TimelineFormatter(quiet: quiet, tag: tag)
            .frame(
                report, title: report.scenario.title, file: report.scenario.file,
                detail: "\(report.scenario.platform), API \(report.scenario.setup.sdk)", stepLines: stepLines)
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
}
