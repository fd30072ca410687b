import ArbiterEngine

/// Replays a scenario through the engine and checks its expectations.
public enum Replayer {
    public static func replay(_ scenario: Scenario) -> ScenarioReport {
        var report = ScenarioReport(scenario: scenario, entries: [])
        var engine: Engine
        do {
            engine = try Engine(scenario.setup)
        } catch {
            let position = SourcePosition(file: scenario.file, line: 1, column: 1)
            let outcome = Outcome(time: .zero, event: .advance, result: .rejected(InputError(error.description)))
            report.entries.append(.step(StepRecord(position: position, outcome: outcome, expectedFailure: nil,
                                                   problem: "the setup is inconsistent: \(error.description)")))
            return report
        }
        var provenance = Provenance()
        var window: [SessionNotification] = []
        for step in scenario.steps {
            switch step.action {
            case .event(let event, let fails):
                let outcome = engine.handle(event, at: step.time)
                provenance.record(outcome.decisions)
                window += outcome.notifications
                report.entries.append(.step(StepRecord(position: step.position, outcome: outcome, expectedFailure: fails,
                                                       problem: problem(outcome, expected: fails))))
            case .expect(let checks):
                let outcome = engine.handle(.advance, at: step.time)
                if !outcome.decisions.isEmpty || !outcome.notifications.isEmpty {
                    provenance.record(outcome.decisions)
                    window += outcome.notifications
                    report.entries.append(.step(StepRecord(position: nil, outcome: outcome, expectedFailure: nil,
                                                           problem: nil)))
                }
                var evaluator = CheckEvaluator(engine: engine, time: step.time, window: window, provenance: provenance)
                report.entries.append(.expect(ExpectRecord(position: step.position, time: step.time,
                                                           results: checks.map { evaluator.evaluate($0) })))
                window = []
            }
        }
        return report
    }

    /// Why an event step fails the scenario, if it does.
    static func problem(_ outcome: Outcome, expected: ExpectedFailure?) -> String? {
        switch outcome.result {
        case .succeeded:
            return expected.map { "expected to fail with \($0.code), but it succeeded" }
        case .failed(let error):
            guard let expected else {
                return "failed with \(error.code) (\(error.code.codeText)): \(error.rule.statement) "
                    + "[\(error.rule.id)]; add `fails: \(error.code)` if that is what you expect"
            }
            if expected.code == error.code { return nil }
            return "failed with \(error.code), expected \(expected.code): \(error.rule.statement) [\(error.rule.id)]"
        case .rejected(let input):
            return "cannot be applied: \(input.message)"
        }
    }
}
