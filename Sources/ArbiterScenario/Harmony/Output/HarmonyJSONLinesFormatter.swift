import ArbiterEngine
import ArbiterHarmony

/// `--json` for a HarmonyOS replay: one JSON object a line, keys in a fixed order, as the other platforms write it.
public enum HarmonyJSONLinesFormatter {
    public static func lines(for report: HarmonyScenarioReport) -> [String] {
        let file = report.scenario.file
        var header = JSONObject()
        header.add("type", "scenario")
        header.add("file", file)
        header.add("title", report.scenario.title)
        header.add("platform", "harmonyos")
        header.add("api", report.scenario.setup.api)
        var lines = [header.text]
        for entry in report.entries {
            switch entry {
            case .step(let step):
                let outcome = step.outcome
                var object = JSONLinesFormatter.stepObject(
                    file: file, position: step.position, time: outcome.time, step: outcome.event.description)
                object.add("result", outcome.result?.description)
                object.add("returns", step.expectedResult?.description)
                object.add("rejection", outcome.rejection)
                object.add("ok", step.problem == nil)
                object.add("problem", step.problem)
                lines.append(object.text)
                let line = step.position?.line ?? 0
                lines += outcome.decisions.map {
                    JSONLinesFormatter.decisionObject(
                        file: file, line: line, time: outcome.time, owner: $0.owner.description,
                        change: $0.change.description, rule: $0.rule
                    ).text
                }
                for notification in outcome.notifications {
                    var object = JSONLinesFormatter.eventLineObject(
                        "notification", file: file, line: line, time: outcome.time)
                    object.add("app", notification.app.name)
                    object.add("event", notification.description)
                    object.add("rule", notification.rule.id)
                    lines.append(object.text)
                }
            case .expect(let expect):
                lines += expect.results.map { JSONLinesFormatter.checkObject($0, time: expect.time).text }
            }
        }
        lines += report.warnings.map { JSONLinesFormatter.warningObject($0).text }
        lines.append(JSONLinesFormatter.resultObject(report, file: file, platform: "harmonyos").text)
        return lines
    }
}
