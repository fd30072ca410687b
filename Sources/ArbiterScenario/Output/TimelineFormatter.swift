import ArbiterEngine

/// The readable timeline `arbiter replay` prints.
public struct TimelineFormatter {
    /// Only failures and the per-file result.
    public var quiet: Bool
    /// Written after the file's name in the header and the result line (`[ios]` for a cross-platform file's iOS
    /// half); nil: nothing.
    public var tag: String?

    public init(quiet: Bool = false, tag: String? = nil) {
        self.quiet = quiet
        self.tag = tag
    }

    public func lines(for report: ScenarioReport) -> [String] {
        frame(report, title: report.scenario.title, file: report.scenario.file, stepLines: stepLines)
    }

    /// The lines every platform's timeline has, around the platform's own step lines: the title and the file
    /// (with `detail` after it), each entry with the lints' warnings under it, each `expect:` with ✓ or ✗ for each
    /// check, and a last `PASS` or `FAIL` line with the counts.
    func frame<Report: ReplayReport>(
        _ report: Report, title: String, file: String, detail: String? = nil,
        stepLines: (Report.Step) -> [String]
    ) -> [String] {
        let file = file + (tag.map { " \($0)" } ?? "")
        var lines: [String] = []
        if !quiet {
            lines.append("▶ \(title)")
            lines.append("  \(file)" + (detail.map { " (\($0))" } ?? ""))
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

    public func lines(for errors: ScenarioErrors) -> [String] {
        errors.diagnostics.map(\.description)
    }

    /// A lint's warning under the step that showed it: what went wrong, where to change it, and how.
    static func warningLines(_ warning: LintWarning) -> [String] {
        let finding = warning.finding
        return [
            "            ⚠ \(finding.app): \(finding.message)  [\(finding.lint.id)]",
            "              \(warning.position): fix: \(finding.fix)",
        ]
    }

    static func time(_ time: Time) -> String {
        let text = time.description
        return String(repeating: " ", count: max(0, 8 - text.count)) + text
    }

    func stepLines(_ step: StepRecord) -> [String] {
        let outcome = step.outcome
        if quiet && step.problem == nil { return [] }
        var lines: [String] = []
        var head = "\(TimelineFormatter.time(outcome.time))  \(outcome.event)"
        if let fails = step.expectedFailure { head += "  (fails: \(fails.code))" }
        if step.outside { head += "  (outside)" }
        lines.append(head)
        if let error = outcome.error {
            let mark = step.problem == nil ? "✓" : "✗"
            lines.append("            \(mark) failed with \(error.code) (\(error.code.codeText))  [\(error.rule.id)]")
        }
        if let problem = step.problem {
            lines.append("            ✗ \(step.position.map(\.description) ?? ""): \(problem)")
        }
        if quiet { return lines }
        for decision in outcome.decisions { lines.append("            \(decision)") }
        for notification in outcome.notifications {
            lines.append("            → \(notification.app): \(notification.kind)  [\(notification.rule.id)]")
        }
        return lines
    }

    /// An `expect:` at its time, then ✓ for each check that held (not when quiet) and ✗ with the rule behind the
    /// engine's value for each that did not.
    func expectLines<Checked>(_ expect: ExpectationRecord<Checked>) -> [String] {
        var lines: [String] = []
        let failed = expect.results.filter { !$0.passed }
        if quiet && failed.isEmpty { return [] }
        lines.append("\(TimelineFormatter.time(expect.time))  expect (line \(expect.position.line))")
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
