import ArbiterEngine
import ArbiterHarmony

/// Replays a HarmonyOS scenario through `HarmonyEngine` and checks its expectations.
public enum HarmonyReplayer {
    /// Replays `scenario`: each step at its time (an AudioSession that times out before it, at its own time), each
    /// `returns:` compared with what the call returned, each `expect:` evaluated at its instant. With a backend, every
    /// step is also carried out for real and every check read back. With `recordStates`, the report keeps the engine
    /// after its setup and after each entry (for a picture).
    public static func replay(
        _ scenario: HarmonyScenario, backend: HarmonyReplayBackend? = nil, recordStates: Bool = false
    ) -> HarmonyScenarioReport {
        var report = HarmonyScenarioReport(scenario: scenario)
        var engine: HarmonyEngine
        do {
            engine = try HarmonyEngine(scenario.setup)
        } catch {
            let outcome = HarmonyOutcome(
                time: .zero, event: .advance, result: nil, rejection: error.description, decisions: [],
                notifications: [])
            report.entries.append(
                .step(
                    HarmonyStepRecord(
                        position: SourcePosition(file: scenario.file, line: 1, column: 1), outcome: outcome,
                        problem: "the setup is inconsistent: \(error.description)")))
            return report
        }
        if recordStates { report.initialState = engine }
        var window: [HarmonyNotification] = []
        var rules: [String: Rule] = [:]
        var lints = HarmonyLintTrack(scenario: scenario, startingFrom: engine)
        var current = SourcePosition(file: scenario.file, line: 1, column: 1)
        func record(_ outcome: HarmonyOutcome, at position: SourcePosition?, returns: ExpectedCallResult?) {
            lints.observe(outcome, after: engine, at: position ?? current, entry: report.entries.count)
            window += outcome.notifications
            for decision in outcome.decisions { rules[decision.owner.description] = decision.rule }
            report.entries.append(
                .step(
                    HarmonyStepRecord(
                        position: position, outcome: outcome, expectedResult: returns,
                        problem: problem(outcome, expected: returns))))
            if recordStates { report.states.append(engine) }
        }
        do {
            try backend?.reconcile(with: engine)
            for step in scenario.steps {
                current = step.position
                while let due = engine.nextSessionTimeout, due < step.time {
                    record(engine.handle(.advance, at: due), at: nil, returns: nil)
                    try backend?.reconcile(with: engine)
                }
                switch step.action {
                case .event(let event, let returns):
                    record(engine.handle(event, at: step.time), at: step.position, returns: returns)
                    try backend?.reconcile(with: engine)
                case .expect(let checks):
                    let outcome = engine.handle(.advance, at: step.time)
                    if !outcome.decisions.isEmpty || !outcome.notifications.isEmpty {
                        record(outcome, at: nil, returns: nil)
                    }
                    try backend?.reconcile(with: engine)
                    let evaluator = HarmonyCheckEvaluator(engine: engine, window: window, rules: rules)
                    var results = checks.map(evaluator.evaluate)
                    for real in try backend?.disagreements(with: engine) ?? [] {
                        results.append(
                            CheckOutcome(
                                check: HarmonyCheck(
                                    position: step.position,
                                    subject: .stream(StreamOwner(AppID(real.app), real.stream), .playing(true))),
                                passed: false, key: "\(real.app).streams.\(real.stream).\(real.what) (real graph)",
                                expected: real.model, actual: real.real, rule: nil))
                    }
                    report.entries.append(
                        .expect(ExpectationRecord(position: step.position, time: step.time, results: results)))
                    if recordStates { report.states.append(engine) }
                    window = []
                }
            }
        } catch {
            let outcome = HarmonyOutcome(
                time: engine.now, event: .advance, result: nil, rejection: "\(error)", decisions: [], notifications: [])
            report.entries.append(
                .step(
                    HarmonyStepRecord(position: current, outcome: outcome, problem: "the real system failed: \(error)"))
            )
            if recordStates { report.states.append(engine) }
        }
        report.warnings = lints.warnings()
        return report
    }

    /// Why an event step fails the scenario, if it does: the engine could not apply it, or the call returned other
    /// than its `returns:` says.
    public static func problem(_ outcome: HarmonyOutcome, expected: ExpectedCallResult?) -> String? {
        if let rejection = outcome.rejection { return "cannot be applied: \(rejection)" }
        guard let expected, let actual = outcome.result, !expected.matches(actual) else { return nil }
        if case .failed(_, let rule) = actual {
            return "returned \(actual), expected \(expected): \(rule.statement) [\(rule.id)]"
        }
        return "returned \(actual), expected \(expected)"
    }
}
