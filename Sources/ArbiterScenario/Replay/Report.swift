import ArbiterEngine

/// What replaying one scenario found.
public struct ScenarioReport: Sendable {
    public var scenario: Scenario
    public var entries: [ReportEntry]
    /// With `recordStates`, the engine after its setup, and after each entry (parallel to `entries`): what a
    /// timeline picture draws.
    public var initialState: Engine?
    public var states: [Engine] = []
    /// What the lints found, in the order the run showed it; not failures.
    public var warnings: [LintWarning] = []

    /// Failed checks and failed steps.
    public var failureCount: Int {
        entries.reduce(0) { count, entry in
            switch entry {
            case .step(let step): count + (step.problem == nil ? 0 : 1)
            case .expect(let expect): count + expect.results.filter { !$0.passed }.count
            }
        }
    }

    public var checkCount: Int {
        entries.reduce(0) { count, entry in
            if case .expect(let expect) = entry { return count + expect.results.count }
            return count
        }
    }

    public var stepCount: Int {
        entries.filter { if case .step(let step) = $0 { step.position != nil } else { false } }.count
    }

    public var passed: Bool { failureCount == 0 }
}

/// One line of the timeline.
public enum ReportEntry: Sendable {
    case step(StepRecord)
    case expect(ExpectRecord)
}

/// An event step (or time passing before an expectation) and what the engine did.
public struct StepRecord: Sendable {
    /// nil for time passing on its own.
    public var position: SourcePosition?
    public var outcome: Outcome
    public var expectedFailure: ExpectedFailure?
    /// Why the step failed the scenario, if it did.
    public var problem: String?
    /// An event from the real system (`ReplayBackend.externalEvents`), not from the scenario.
    public var outside = false
}

/// An `expect:` step and the result of each check.
public struct ExpectRecord: Sendable {
    public var position: SourcePosition
    public var time: Time
    public var results: [CheckResult]
}

/// A check's result: what was expected, what the engine has, and the rule behind the actual value.
public struct CheckResult: Sendable {
    public var check: Check
    public var passed: Bool
    /// `Music.playing`, `route.outputs`, `events`, ...
    public var key: String
    public var expected: String
    public var actual: String
    public var rule: Rule?

    /// `Music.playing = true` for a check that held, `Music.playing: expected true, got false` for one that did not.
    public var summary: String {
        passed ? "\(key) = \(expected)" : "\(key): expected \(expected), got \(actual)"
    }
}
