import ArbiterAndroid
import ArbiterEngine
import ArbiterLint

/// What replaying one Android scenario found.
public struct AndroidScenarioReport: Sendable {
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

    /// Failed checks and failed steps.
    public var failureCount: Int {
        entries.reduce(0) { count, entry in
            switch entry {
            case .step(let step): count + (step.problem == nil ? 0 : 1)
            case .expect(let expect): count + expect.results.filter { !$0.passed }.count
            }
        }
    }

    /// The checks evaluated.
    public var checkCount: Int {
        entries.reduce(0) { count, entry in
            if case .expect(let expect) = entry { return count + expect.results.count }
            return count
        }
    }

    /// The scenario's event steps replayed (time passing on its own is not one).
    public var stepCount: Int {
        entries.filter { if case .step(let step) = $0 { step.position != nil } else { false } }.count
    }

    /// Whether no step and no check failed.
    public var passed: Bool { failureCount == 0 }
}

/// One line of the timeline.
public enum AndroidReportEntry: Sendable {
    case step(AndroidStepRecord)
    case expect(AndroidExpectRecord)
}

/// An event step (or time passing before an expectation) and what the engine did.
public struct AndroidStepRecord: Sendable {
    /// nil for time passing on its own.
    public var position: SourcePosition?
    /// What the engine did: the request's result, a rejection, decisions and focus changes delivered.
    public var outcome: FocusOutcome
    /// The step's `returns:`.
    public var expectedResult: ExpectedFocusResult?
    /// Why the step failed the scenario, if it did: a `returns:` that does not match, or an event the engine
    /// could not apply.
    public var problem: String?

    /// A step's record; `problem` as `AndroidReplayer.problem` says it.
    public init(position: SourcePosition?, outcome: FocusOutcome, expectedResult: ExpectedFocusResult? = nil,
                problem: String? = nil) {
        self.position = position
        self.outcome = outcome
        self.expectedResult = expectedResult
        self.problem = problem
    }
}

/// An `expect:` step and the result of each check.
public struct AndroidExpectRecord: Sendable {
    /// Where the `expect:` is written.
    public var position: SourcePosition
    /// When it was evaluated.
    public var time: Time
    /// One result a check, in the order written.
    public var results: [AndroidCheckResult]

    /// An expect's record.
    public init(position: SourcePosition, time: Time, results: [AndroidCheckResult]) {
        self.position = position
        self.time = time
        self.results = results
    }
}

/// A check's result: what was expected, what the engine has, and the rule behind the actual value.
public struct AndroidCheckResult: Sendable {
    /// The check evaluated.
    public var check: AndroidCheck
    /// Whether the engine's value is the one expected (a volume within 0.01).
    public var passed: Bool
    /// `focus`, `Music.volume`, `Music.players.main`, `events`, ...
    public var key: String
    /// The value expected, as written (a volume to six places).
    public var expected: String
    /// The engine's value, written as the expected one is.
    public var actual: String
    /// The rule behind the engine's value, when one is known.
    public var rule: Rule?

    /// A result as the evaluator makes it.
    public init(check: AndroidCheck, passed: Bool, key: String, expected: String, actual: String, rule: Rule?) {
        self.check = check
        self.passed = passed
        self.key = key
        self.expected = expected
        self.actual = actual
        self.rule = rule
    }

    /// `Music.ducked = true` for a check that held, `Music.ducked: expected true, got false` for one that did not.
    public var summary: String {
        passed ? "\(key) = \(expected)" : "\(key): expected \(expected), got \(actual)"
    }
}
