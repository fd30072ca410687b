import ArbiterEngine

/// A step as every platform's replay records it: where the scenario writes it, and why it failed, if it did.
public protocol ReplayedStep: Sendable {
    /// Where the step is written; nil for time passing on its own.
    var position: SourcePosition? { get }
    /// Why the step failed the scenario, if it did.
    var problem: String? { get }
    /// When it ran.
    var time: Time { get }
    /// What it was, as the timeline shows it (`Maps: play`).
    var label: String { get }
}

/// A check as every platform's scenario writes it: one key of an `expect:`.
public protocol WrittenCheck: Sendable {
    /// The key's position, reported when the check fails.
    var position: SourcePosition { get }
}

/// One line of a replay's timeline, on any platform: a step and what the engine did, or an `expect:` and the
/// result of each of its checks.
public enum TimelineEntry<Step: ReplayedStep, Checked: WrittenCheck>: Sendable {
    case step(Step)
    case expect(ExpectationRecord<Checked>)
}

/// An `expect:` step and the result of each check, on any platform.
public struct ExpectationRecord<Checked: WrittenCheck>: Sendable {
    /// Where the `expect:` is written.
    public var position: SourcePosition
    /// When it was evaluated.
    public var time: Time
    /// One result a check, in the order written.
    public var results: [CheckOutcome<Checked>]

    /// An expect's record.
    public init(position: SourcePosition, time: Time, results: [CheckOutcome<Checked>]) {
        self.position = position
        self.time = time
        self.results = results
    }
}

/// A check's result on any platform: what was expected, what the engine has, and the rule behind the actual value.
public struct CheckOutcome<Checked: WrittenCheck>: Sendable {
    /// The check evaluated.
    public var check: Checked
    /// Whether the engine's value is the one expected.
    public var passed: Bool
    /// `Music.playing`, `route.outputs`, `focus`, `events`, ...
    public var key: String
    /// The value expected, as written.
    public var expected: String
    /// The engine's value, written as the expected one is.
    public var actual: String
    /// The rule behind the engine's value, when one is known.
    public var rule: Rule?

    /// A result as an evaluator makes it.
    public init(check: Checked, passed: Bool, key: String, expected: String, actual: String, rule: Rule?) {
        self.check = check
        self.passed = passed
        self.key = key
        self.expected = expected
        self.actual = actual
        self.rule = rule
    }

    /// `Music.playing = true` for a check that held, `Music.playing: expected true, got false` for one that did not.
    public var summary: String {
        passed ? "\(key) = \(expected)" : "\(key): expected \(expected), got \(actual)"
    }
}

/// What replaying one scenario found, on any platform: the timeline and the lints' warnings. Every front end
/// (the text timeline, `--json`, the test stores, the CLI's counts) reads a report through this.
public protocol ReplayReport: Sendable {
    associatedtype Step: ReplayedStep
    associatedtype Checked: WrittenCheck
    /// The timeline: each step, time passing before an expect when it did something, and each expect.
    var entries: [TimelineEntry<Step, Checked>] { get }
    /// What the lints found, in the order the run showed it; not failures.
    var warnings: [LintWarning] { get }
}

extension ReplayReport {
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
