import ArbiterEngine
import ArbiterLint

/// Replays a scenario through the engine and checks its expectations.
public enum Replayer {
    /// Replays `scenario`; with a backend, every step is also carried out for real and every check read back.
    /// With `recordStates`, the report keeps the engine after every entry (for `TimelinePicture`).
    public static func replay(
        _ scenario: Scenario, backend: ReplayBackend? = nil,
        recordStates: Bool = false
    ) -> ScenarioReport {
        var report = ScenarioReport(scenario: scenario, entries: [])
        var engine: Engine
        do {
            engine = try Engine(scenario.setup)
        } catch {
            let position = SourcePosition(file: scenario.file, line: 1, column: 1)
            let outcome = Outcome(time: .zero, event: .advance, result: .rejected(InputError(error.description)))
            report.entries.append(
                .step(
                    StepRecord(
                        position: position, outcome: outcome, expectedFailure: nil,
                        problem: "the setup is inconsistent: \(error.description)")))
            return report
        }
        if recordStates { report.initialState = engine }
        var lints = LintTrack(scenario: scenario, startingFrom: engine)
        var current = SourcePosition(file: scenario.file, line: 1, column: 1)
        var provenance = Provenance()
        var window: [SessionNotification] = []
        /// Keeps the engine beside each new entry, when asked to.
        func keepStates() {
            guard recordStates else { return }
            while report.states.count < report.entries.count { report.states.append(engine) }
        }
        func record(_ outcome: Outcome, at position: SourcePosition?, fails: ExpectedFailure?, outside: Bool = false) {
            lints.observe(
                outcome, after: engine, at: position ?? current, entry: report.entries.count,
                expectsFailure: fails != nil)
            provenance.record(outcome.decisions)
            window += outcome.notifications
            report.entries.append(
                .step(
                    StepRecord(
                        position: position, outcome: outcome, expectedFailure: fails,
                        problem: problem(outcome, expected: fails), outside: outside)))
            keepStates()
        }
        /// Stops the replay with a backend failure at `position`.
        func fail(_ error: Error, at position: SourcePosition, time: Time) {
            let outcome = Outcome(time: time, event: .advance, result: .rejected(InputError("\(error)")))
            report.entries.append(
                .step(
                    StepRecord(
                        position: position, outcome: outcome, expectedFailure: nil,
                        problem: "the real system failed: \(error)")))
            keepStates()
        }
        do {
            try backend?.reconcile(with: engine)
            for step in scenario.steps {
                current = step.position
                // Time passing suspends apps idling in the background: each suspension at its own time.
                while let due = engine.nextIdleSuspension, due < step.time {
                    record(engine.handle(.advance, at: due), at: nil, fails: nil)
                    try backend?.reconcile(with: engine)
                }
                // What happened outside before this step, each at its own time (a backend that waits returns
                // as soon as something happens, so it is asked again until nothing has).
                while let backend, case let outside = try backend.externalEvents(at: step.time), !outside.isEmpty {
                    for event in outside {
                        let time = max(engine.now, min(step.time, event.time))
                        record(engine.handle(event.event, at: time), at: nil, fails: nil, outside: true)
                        try backend.reconcile(with: engine)
                    }
                }
                switch step.action {
                case .event(.device(let action), _) where backend != nil && Replayer.isPlug(action):
                    let events = try backend!.perform(action, at: step.time)
                    if events.isEmpty {
                        let outcome =
                            Replayer.modelRejection(of: action, by: engine, at: step.time)
                            ?? Outcome(
                                time: step.time, event: .device(action),
                                result: .rejected(
                                    InputError(
                                        "the real system reported nothing for \(action)")))
                        record(outcome, at: step.position, fails: nil)
                    }
                    for event in events {
                        record(engine.handle(event, at: step.time), at: step.position, fails: nil)
                        try backend?.reconcile(with: engine)
                    }
                case .event(let event, let fails):
                    record(engine.handle(event, at: step.time), at: step.position, fails: fails)
                    try backend?.reconcile(with: engine)
                case .expect(let checks):
                    let outcome = engine.handle(.advance, at: step.time)
                    if outcome.decisionCount > 0 || !outcome.notifications.isEmpty {
                        record(outcome, at: nil, fails: nil)
                    } else {
                        lints.observe(
                            outcome, after: engine, at: step.position, entry: report.entries.count,
                            expectsFailure: false)
                    }
                    try backend?.reconcile(with: engine)
                    var results = Check.evaluate(
                        checks, engine: engine, at: step.time, since: window,
                        provenance: provenance)
                    try backend?.verify(&results, engine: engine)
                    report.entries.append(
                        .expect(
                            ExpectRecord(
                                position: step.position, time: step.time,
                                results: results)))
                    keepStates()
                    window = []
                }
            }
        } catch {
            fail(error, at: current, time: engine.now)
        }
        report.warnings = lints.warnings()
        return report
    }

    static func isPlug(_ action: DeviceAction) -> Bool {
        switch action {
        case .connect, .disconnect: true
        default: false
        }
    }

    /// A plug or unplug the real system carried out nothing for: the engine's own rejection of it when the
    /// model refuses it too (plugging in what is connected, pulling out what is not), which says what was
    /// expected; else nil, and the real system is what disagrees.
    static func modelRejection(of action: DeviceAction, by engine: Engine, at time: Time) -> Outcome? {
        var model = engine
        let outcome = model.handle(.device(action), at: time)
        if case .rejected = outcome.result { return outcome }
        return nil
    }

    /// Why an event step fails the scenario, if it does (nil when it went as the step's `fails:` says).
    public static func problem(_ outcome: Outcome, expected: ExpectedFailure?) -> String? {
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
            return "cannot be applied: \(input.inScenarioWords)"
        }
    }
}
