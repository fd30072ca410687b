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
                for decision in outcome.decisions {
                    var object = JSONObject()
                    object.add("type", "decision")
                    object.add("file", file)
                    object.add("line", line)
                    object.add("time", outcome.time.description)
                    object.add("owner", decision.owner.description)
                    object.add("change", decision.change.description)
                    object.add("rule", decision.rule.id)
                    object.add("statement", decision.rule.statement)
                    object.add("source", decision.rule.source)
                    lines.append(object.text)
                }
                for notification in outcome.notifications {
                    var object = JSONObject()
                    object.add("type", "notification")
                    object.add("file", file)
                    object.add("line", line)
                    object.add("time", outcome.time.description)
                    object.add("app", notification.app.name)
                    object.add("event", notification.description)
                    object.add("rule", notification.rule.id)
                    lines.append(object.text)
                }
            case .expect(let expect):
                lines += expect.results.map { JSONLinesFormatter.checkObject($0, time: expect.time).text }
            }
        }
        lines.append(JSONLinesFormatter.resultObject(report, file: file, platform: "harmonyos").text)
        return lines
    }
}
