import ArbiterEngine

/// What replaying one scenario found.
public struct ScenarioReport: ReplayReport {
    public var scenario: Scenario
    public var entries: [ReportEntry]
    /// With `recordStates`, the engine after its setup, and after each entry (parallel to `entries`): what a
    /// timeline picture draws.
    public var initialState: Engine?
    public var states: [Engine] = []
    /// What the lints found, in the order the run showed it; not failures.
    public var warnings: [LintWarning] = []
}

/// One line of an iOS replay's timeline.
public typealias ReportEntry = TimelineEntry<StepRecord, Check>

/// An event step (or time passing before an expectation) and what the engine did.
public struct StepRecord: ReplayedStep {
    /// nil for time passing on its own.
    public var position: SourcePosition?
    public var outcome: Outcome
    public var expectedFailure: ExpectedFailure?
    /// Why the step failed the scenario, if it did.
    public var problem: String?
    /// An event from the real system (`ReplayBackend.externalEvents`), not from the scenario.
    public var outside = false

    public var time: Time { outcome.time }
    public var label: String { outside ? "outside: \(outcome.event)" : "\(outcome.event)" }
}

/// An iOS `expect:` step and the result of each check.
public typealias ExpectRecord = ExpectationRecord<Check>

/// An iOS check's result: what was expected, what the engine has, and the rule behind the actual value.
public typealias CheckResult = CheckOutcome<Check>
