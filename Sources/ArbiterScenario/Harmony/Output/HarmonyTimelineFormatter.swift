import ArbiterEngine
import ArbiterHarmony

/// The readable timeline of a HarmonyOS replay: each step at its time, each decision with its rule, each event
/// delivered (`→ Music.player: audioInterrupt begin force duck`), ✓ or ✗ for each check, and a `PASS` or `FAIL` line.
public struct HarmonyTimelineFormatter {
    public var quiet: Bool
    /// Written after the file's name (`[harmonyos]` for a cross-platform file's HarmonyOS part).
    public var tag: String?

    public init(quiet: Bool = false, tag: String? = nil) {
        self.quiet = quiet
        self.tag = tag
    }

    /// The report's lines; the same report always gives the same lines.
    public func lines(for report: HarmonyScenarioReport) -> [String] {
        TimelineFormatter(quiet: quiet, tag: tag)
            .frame(
                report, title: report.scenario.title, file: report.scenario.file,
                detail: "harmonyos, API \(report.scenario.setup.api)", stepLines: stepLines)
    }

    func stepLines(_ step: HarmonyStepRecord) -> [String] {
        let outcome = step.outcome
        if quiet && step.problem == nil { return [] }
        var head = "\(TimelineFormatter.time(outcome.time))  \(outcome.event)"
        if let expected = step.expectedResult { head += "  (returns: \(expected))" }
        var lines = [head]
        if let expected = step.expectedResult, step.problem == nil {
            lines.append("            ✓ returned \(expected)")
        }
        if let problem = step.problem {
            lines.append("            ✗ \(step.position.map(\.description) ?? ""): \(problem)")
        }
        if quiet { return lines }
        if case .failed(let code, let rule)? = outcome.result, step.problem == nil {
            lines.append("            returned failed \(code): \(rule.statement)  [\(rule.id)]")
        }
        for decision in outcome.decisions { lines.append("            \(decision)") }
        for notification in outcome.notifications {
            lines.append("            → \(notification)  [\(notification.rule.id)]")
        }
        return lines
    }
}
