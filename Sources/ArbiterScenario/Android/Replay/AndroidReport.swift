import ArbiterAndroid
import ArbiterEngine
import ArbiterLint

/// What replaying one Android scenario found.
public struct AndroidScenarioReport: ReplayReport {
    /// The scenario replayed.
    public var scenario: AndroidScenario
    /// The timeline: each step, time passing before an expect when it did something, and each expect.
    public var entries: [AndroidReportEntry]
    /// With `recordStates`, the engine after its setup.
    public var initialState: AndroidEngine?
    /// With `recordStates`, the engine after each entry (parallel to `entries`).
    public var states: [AndroidEngine] = []
    /// What the Android lints found, in the order the run showed it; not failures.
    public var warnings: [LintWarning] = []

    /// A report of `scenario` with `entries`.
    public init(scenario: AndroidScenario, entries: [AndroidReportEntry] = []) {
        self.scenario = scenario
        self.entries = entries
    }
}

/// One line of an Android replay's timeline.
public typealias AndroidReportEntry = TimelineEntry<AndroidStepRecord, AndroidCheck>

/// An event step (or time passing before an expectation) and what the engine did.
public struct AndroidStepRecord: ReplayedStep {
    /// nil for time passing on its own.
    public var position: SourcePosition?
    /// What the engine did: the request's result, a rejection, decisions and focus changes delivered.
    public var outcome: FocusOutcome
    /// The step's `returns:`.
    public var expectedResult: ExpectedFocusResult?
    /// Why the step failed the scenario, if it did: a `returns:` that does not match, or an event the engine
    /// could not apply.
    public var problem: String?

    public var time: Time { outcome.time }
    public var label: String { AndroidEventText.text(outcome.event) }

    /// A step's record; `problem` as `AndroidReplayer.problem` says it.
    public init(
        position: SourcePosition?, outcome: FocusOutcome, expectedResult: ExpectedFocusResult? = nil,
        problem: String? = nil
    ) {
        self.position = position
        self.outcome = outcome
        self.expectedResult = expectedResult
        self.problem = problem
    }
}

/// An Android `expect:` step and the result of each check.
public typealias AndroidExpectRecord = ExpectationRecord<AndroidCheck>

/// An Android check's result: what was expected, what the engine has, and the rule behind the actual value (a
/// volume passes within 0.01).
public typealias AndroidCheckResult = CheckOutcome<AndroidCheck>
