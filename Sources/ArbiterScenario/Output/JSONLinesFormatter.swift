import ArbiterEngine

/// `--json`: one JSON object a line, for tools.
public enum JSONLinesFormatter {
    public static func lines(for report: ScenarioReport) -> [String] {
        var lines: [String] = []
        var header = JSONObject()
        header.add("type", "scenario")
        header.add("file", report.scenario.file)
        header.add("title", report.scenario.title)
        lines.append(header.text)
        let warnings = Dictionary(grouping: report.warnings) { $0.entry ?? -1 }
        lines += (warnings[-1] ?? []).map { warningObject($0).text }
        for (index, entry) in report.entries.enumerated() {
            switch entry {
            case .step(let step): lines.append(stepObject(step, file: report.scenario.file).text)
            case .expect(let expect):
                for result in expect.results { lines.append(checkObject(result, time: expect.time).text) }
            }
            lines += (warnings[index] ?? []).map { warningObject($0).text }
        }
        lines.append(resultObject(report, file: report.scenario.file).text)
        return lines
    }

    /// `{"type":"result", ...}`, a report's last line on every platform: passed, and how many steps, checks,
    /// failures and warnings; `platform` after the file when given.
    static func resultObject<Report: ReplayReport>(_ report: Report, file: String, platform: String? = nil)
        -> JSONObject
    {
        var result = JSONObject()
        result.add("type", "result")
        result.add("file", file)
        if let platform { result.add("platform", platform) }
        result.add("passed", report.passed)
        result.add("steps", report.stepCount)
        result.add("checks", report.checkCount)
        result.add("failures", report.failureCount)
        result.add("warnings", report.warnings.count)
        return result
    }

    public static func lines(for errors: ScenarioErrors) -> [String] {
        errors.diagnostics.map { diagnostic in
            var object = JSONObject()
            object.add("type", "error")
            object.add("file", diagnostic.position.file)
            object.add("line", diagnostic.position.line)
            object.add("column", diagnostic.position.column)
            object.add("message", diagnostic.message)
            object.add("expected", diagnostic.expected)
            object.add("suggestion", diagnostic.suggestion)
            return object.text
        }
    }

    /// The last line: files passed and failed, and with `warnings` (lint) how many findings there were.
    public static func summary(passed: Int, failed: Int, warnings: Int? = nil) -> String {
        var object = JSONObject()
        object.add("type", "summary")
        object.add("passed", passed)
        object.add("failed", failed)
        if let warnings { object.add("warnings", warnings) }
        return object.text
    }

    /// `result` (and the error or the reason) of an event's outcome.
    public static func addResult(of outcome: Outcome, to object: inout JSONObject) {
        switch outcome.result {
        case .succeeded: object.add("result", "succeeded")
        case .failed(let error):
            object.add("result", "failed")
            object.add("error", error.code.rawValue)
            object.add("os_status", Int(error.code.osStatus))
            object.add("error_rule", error.rule.id)
        case .rejected(let input):
            object.add("result", "rejected")
            object.add("reason", input.inScenarioWords)
        }
    }

    /// The outcome's `decisions` (with their rules, and the rules' sources when asked for) and `notifications`.
    public static func addDecisionsAndNotifications(
        of outcome: Outcome, to object: inout JSONObject,
        sources: Bool = false
    ) {
        object.add(
            "decisions",
            objects: outcome.decisions.map { decision in
                var item = JSONObject()
                item.add("app", decision.app?.name)
                item.add("change", decision.change.description)
                item.add("rule", decision.rule.id)
                if sources { item.add("source", decision.rule.source) }
                return item
            })
        object.add(
            "notifications",
            objects: outcome.notifications.map { notification in
                var item = JSONObject()
                item.add("app", notification.app.name)
                item.add("notification", notification.kind.description)
                item.add("rule", notification.rule.id)
                return item
            })
    }

    /// What a decision or notification line of Android's and HarmonyOS's reports starts with: its type, where its step
    /// is written and its time.
    static func eventLineObject(_ type: String, file: String, line: Int, time: Time) -> JSONObject {
        var object = JSONObject()
        object.add("type", type)
        object.add("file", file)
        object.add("line", line)
        object.add("time", time.description)
        return object
    }

    /// `{"type":"decision", ...}` as Android's and HarmonyOS's reports write it: who, what changed, and the rule with
    /// its statement and source.
    static func decisionObject(
        file: String, line: Int, time: Time, owner: String?, change: String, rule: Rule
    ) -> JSONObject {
        var object = eventLineObject("decision", file: file, line: line, time: time)
        object.add("owner", owner)
        object.add("change", change)
        object.add("rule", rule.id)
        object.add("statement", rule.statement)
        object.add("source", rule.source)
        return object
    }

    /// What every platform's step line starts with: where the step is written, its time and its text.
    static func stepObject(file: String, position: SourcePosition?, time: Time, step: String) -> JSONObject {
        var object = JSONObject()
        object.add("type", "step")
        object.add("file", file)
        object.add("line", position?.line ?? 0)
        object.add("column", position?.column ?? 0)
        object.add("time", time.description)
        object.add("time_ms", Int(time.milliseconds))
        object.add("step", step)
        return object
    }

    static func stepObject(_ step: StepRecord, file: String) -> JSONObject {
        var object = stepObject(
            file: file, position: step.position, time: step.outcome.time, step: step.outcome.event.description)
        addResult(of: step.outcome, to: &object)
        object.add("expected_failure", step.expectedFailure?.code.rawValue)
        object.add("ok", step.problem == nil)
        object.add("problem", step.problem)
        addDecisionsAndNotifications(of: step.outcome, to: &object)
        object.add(
            "reactions",
            objects: step.outcome.reactions.map { reaction in
                var item = JSONObject()
                item.add("app", reaction.app.name)
                item.add("trigger", reaction.trigger.description)
                item.add("reaction", reaction.reaction.rawValue)
                item.add("ok", reaction.result == .succeeded)
                return item
            })
        return object
    }

    /// `{"type":"warning", ...}`: a lint's finding, where to change it, and how.
    public static func warningObject(_ warning: LintWarning) -> JSONObject {
        var object = JSONObject()
        object.add("type", "warning")
        object.add("file", warning.position.file)
        object.add("line", warning.position.line)
        object.add("column", warning.position.column)
        object.add("time", warning.finding.time.description)
        // A whole file's allowance that silenced nothing is about no app.
        object.add("app", warning.finding.unusedAllowance.map { $0.app?.name } ?? warning.finding.app.name)
        object.add("lint", warning.finding.lint.id)
        object.add("message", warning.finding.message)
        object.add("fix", warning.finding.fix)
        object.add("source", warning.finding.lint.source)
        object.add("evidence", warning.finding.lint.evidence.rawValue)
        return object
    }

    /// `{"type":"check", ...}` on every platform: where the check is written, when, what it expected and found.
    static func checkObject<Checked>(_ result: CheckOutcome<Checked>, time: Time) -> JSONObject {
        var object = JSONObject()
        object.add("type", "check")
        object.add("file", result.check.position.file)
        object.add("line", result.check.position.line)
        object.add("column", result.check.position.column)
        object.add("time", time.description)
        object.add("key", result.key)
        object.add("passed", result.passed)
        object.add("expected", result.expected)
        object.add("actual", result.actual)
        object.add("rule", result.rule?.id)
        return object
    }
}
