import ArbiterAndroid
import ArbiterEngine

/// Replays an Android scenario through `AndroidEngine` and checks its expectations.
public enum AndroidReplayer {
    /// Replays `scenario`: each step at its time, each `returns:` compared with what the request returned, each
    /// `expect:` evaluated after time has passed to its instant. With `recordStates`, the report keeps the engine
    /// after its setup and after every entry.
    public static func replay(
        _ scenario: AndroidScenario, backend: AndroidReplayBackend? = nil,
        recordStates: Bool = false
    ) -> AndroidScenarioReport {
        var report = AndroidScenarioReport(scenario: scenario)
        var engine: AndroidEngine
        do {
            engine = try AndroidEngine(scenario.setup)
        } catch {
            let position = SourcePosition(file: scenario.file, line: 1, column: 1)
            let outcome = FocusOutcome(time: .zero, event: .advance, rejection: error.description)
            report.entries.append(
                .step(
                    AndroidStepRecord(
                        position: position, outcome: outcome,
                        problem: "the setup is inconsistent: \(error.description)")))
            return report
        }
        if recordStates { report.initialState = engine }
        var lints = AndroidLintTrack(scenario: scenario, startingFrom: engine)
        var current = SourcePosition(file: scenario.file, line: 1, column: 1)
        var provenance = AndroidProvenance()
        var window: [FocusNotification] = []
        func record(_ outcome: FocusOutcome, at position: SourcePosition?, returns: ExpectedFocusResult?) {
            lints.observe(outcome, after: engine, at: position ?? current, entry: report.entries.count)
            provenance.record(outcome.decisions)
            window += outcome.notifications
            report.entries.append(
                .step(
                    AndroidStepRecord(
                        position: position, outcome: outcome, expectedResult: returns,
                        problem: problem(outcome, expected: returns))))
            if recordStates { report.states.append(engine) }
        }
        func replay(_ step: AndroidStep) throws {
            switch step.action {
            case .event(let event, let returns):
                record(engine.handle(event, at: step.time), at: step.position, returns: returns)
                try backend?.reconcile(with: engine)
            case .expect(let checks):
                let outcome = engine.handle(.advance, at: step.time)
                if !outcome.decisions.isEmpty || !outcome.notifications.isEmpty || outcome.rejection != nil {
                    record(outcome, at: nil, returns: nil)
                }
                try backend?.reconcile(with: engine)
                var results = AndroidCheck.evaluate(checks, engine: engine, since: window, provenance: provenance)
                if let backend {
                    results += try backend.disagreements(with: engine).map { real in
                        AndroidCheckResult(
                            check: AndroidCheck(
                                position: step.position,
                                subject: .app(AppID(real.app), .playing(true))),
                            passed: false, key: "\(real.app).players.\(real.player).\(real.what) (real graph)",
                            expected: real.model, actual: real.real, rule: nil)
                    }
                }
                report.entries.append(
                    .expect(
                        AndroidExpectRecord(
                            position: step.position, time: step.time,
                            results: results)))
                if recordStates { report.states.append(engine) }
                window = []
            }
        }
        do {
            try backend?.reconcile(with: engine)
            for step in scenario.steps {
                current = step.position
                try replay(step)
            }
        } catch {
            let outcome = FocusOutcome(time: engine.now, event: .advance, rejection: "\(error)")
            report.entries.append(
                .step(
                    AndroidStepRecord(
                        position: current, outcome: outcome,
                        problem: "the real system failed: \(error)")))
            if recordStates { report.states.append(engine) }
        }
        report.warnings = lints.warnings()
        return report
    }

    /// Why an event step fails the scenario, if it does: the engine could not apply it, or its request returned
    /// other than the step's `returns:` says (nil when it went as written).
    public static func problem(_ outcome: FocusOutcome, expected: ExpectedFocusResult?) -> String? {
        if let rejection = outcome.rejection { return "cannot be applied: \(rejection)" }
        guard let expected else { return nil }
        guard let actual = outcome.result else {
            return "returned nothing, expected \(expected.result): the step made no focus request (it holds focus "
                + "or waits for it)"
        }
        if actual == expected.result { return nil }
        let because = outcome.decisions.first { decision in
            if case .request = decision.change { return true }
            return false
        }
        return "returned \(actual), expected \(expected.result)"
            + (because.map { ": \($0.rule.statement) [\($0.rule.id)]" } ?? "")
    }
}
