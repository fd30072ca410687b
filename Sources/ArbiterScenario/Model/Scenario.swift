import ArbiterEngine
import ArbiterLint

/// A decoded, validated scenario file: a setup and a timeline of steps.
public struct Scenario: Sendable {
    public var file: String
    public var title: String
    public var description: String?
    public var setup: Setup
    public var steps: [ScenarioStep]
    /// Where the apps' declarations are written, for lints to point at.
    public var declarations: DeclarationPositions
    /// The lints the file silences (`allowLints:`), for the whole file and for single apps, each with its reason.
    public var lintAllowances: LintAllowances
    /// Where each allowance is written (its lint's key under `allowLints:`), for the warning about one that
    /// silences nothing.
    public var allowancePositions: [LintAllowances.Entry: SourcePosition] = [:]

    public init(
        file: String, title: String, description: String? = nil, setup: Setup, steps: [ScenarioStep],
        declarations: DeclarationPositions = DeclarationPositions(),
        lintAllowances: LintAllowances = LintAllowances()
    ) {
        self.file = file
        self.title = title
        self.description = description
        self.setup = setup
        self.steps = steps
        self.declarations = declarations
        self.lintAllowances = lintAllowances
    }
}

/// One step: when it happens, where it is written, and what it does.
public struct ScenarioStep: Sendable {
    /// The step's action key.
    public var position: SourcePosition
    /// Since the start of the scenario.
    public var time: Time
    public var action: StepAction

    public init(position: SourcePosition, time: Time, action: StepAction) {
        self.position = position
        self.time = time
        self.action = action
    }
}

/// What a step does.
public enum StepAction: Sendable {
    /// An event, and the error it must fail with (`fails:`), if any.
    case event(Event, fails: ExpectedFailure?)
    /// Checks that must all hold at this instant.
    case expect([Check])
}

/// `fails: <error>` on an app step.
public struct ExpectedFailure: Hashable, Sendable {
    public var code: ErrorCode
    public var position: SourcePosition
}
