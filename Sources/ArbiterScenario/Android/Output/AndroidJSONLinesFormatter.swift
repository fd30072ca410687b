import ArbiterAndroid
import ArbiterEngine

/// `--json` for an Android replay: one JSON object a line, keys in a fixed order. A `scenario` line, then for each
/// step a `step` line followed by its `decision` and `notification` lines, a `check` line for each check, and a
/// last `result` line.
public enum AndroidJSONLinesFormatter {
    /// The report's lines; the same report always gives the same bytes.
    public static func lines(for report: AndroidScenarioReport) -> [String] {
        let file = report.scenario.file
        var lines: [String] = []
        var header = JSONObject()
        header.add("type", "scenario")
        header.add("file", file)
        header.add("title", report.scenario.title)
        header.add("platform", report.scenario.platform.rawValue)
        header.add("sdk", report.scenario.setup.sdk)
        lines.append(header.text)
        for entry in report.entries {
            switch entry {
            case .step(let step):
                lines.append(stepObject(step, file: file).text)
                let line = step.position?.line ?? 0
                lines += step.outcome.decisions.map {
                    decisionObject($0, file: file, line: line, time: step.outcome.time).text
                }
                lines += step.outcome.notifications.map {
                    notificationObject($0, file: file, line: line, time: step.outcome.time).text
                }
            case .expect(let expect):
                lines += expect.results.map { JSONLinesFormatter.checkObject($0, time: expect.time).text }
            }
        }
        lines += report.warnings.map { JSONLinesFormatter.warningObject($0).text }
        lines.append(
            JSONLinesFormatter.resultObject(report, file: file, platform: report.scenario.platform.rawValue).text)
        return lines
    }

    static func stepObject(_ step: AndroidStepRecord, file: String) -> JSONObject {
        var object = JSONLinesFormatter.stepObject(
            file: file, position: step.position, time: step.outcome.time,
            step: AndroidEventText.text(step.outcome.event))
        object.add("result", step.outcome.result?.rawValue)
        object.add("returns", step.expectedResult?.result.rawValue)
        object.add("rejection", step.outcome.rejection)
        object.add("ok", step.problem == nil)
        object.add("problem", step.problem)
        return object
    }

    /// `{"type":"decision", ...}`: who, what changed, and the rule with its statement and AOSP source.
    static func decisionObject(_ decision: FocusDecision, file: String, line: Int, time: Time) -> JSONObject {
        JSONLinesFormatter.decisionObject(
            file: file, line: line, time: time, owner: decision.owner?.description,
            change: decision.change.description, rule: decision.rule)
    }

    /// `{"type":"notification", ...}`: a focus change delivered to an app's listener, and the rule that sent it.
    static func notificationObject(_ notification: FocusNotification, file: String, line: Int, time: Time) -> JSONObject
    {
        var object = JSONLinesFormatter.eventLineObject("notification", file: file, line: line, time: time)
        object.add("app", notification.app.name)
        object.add("change", notification.change.rawValue)
        object.add("rule", notification.rule.id)
        return object
    }
}
