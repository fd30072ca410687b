import ArbiterAndroid
import ArbiterEngine
import ArbiterLint

/// A decoded, validated Android scenario file (docs/android.md): a setup and a timeline of steps.
public struct AndroidScenario: Sendable {
    /// The file it was read from, as errors and reports name it.
    public var file: String
    /// `scenario:`.
    public var title: String
    /// `description:`.
    public var description: String?
    /// The phone's stack (`android`) or the car's matrix (`androidAutomotive`); the same as `setup.platform`.
    public var platform: FocusPlatform { setup.platform }
    /// The device, its release and profile, and the apps, as the engine starts from them.
    public var setup: AndroidSetup
    /// The timeline, in file order (a step for another platform left out).
    public var steps: [AndroidStep]

    /// The whole file's allowed lints' identifiers, sorted.
    public var allowLints: [String] { lintAllowances.everywhere.keys.sorted() }
    /// The lints the file silences (`allowLints:`), for the whole file and for single apps, each with its reason
    /// (empty when the file lists identifiers alone).
    public var lintAllowances: LintAllowances
    /// Where each allowance is written, for the warning about one that silences nothing.
    public var allowancePositions: [LintAllowances.Entry: SourcePosition] = [:]
    /// Where each app's name is written under `apps:`.
    public var appPositions: [AppID: SourcePosition]

    /// A scenario as the decoder makes it, or as code builds one.
    public init(
        file: String, title: String, description: String? = nil, setup: AndroidSetup, steps: [AndroidStep],
        lintAllowances: LintAllowances = LintAllowances(), appPositions: [AppID: SourcePosition] = [:]
    ) {
        self.file = file
        self.title = title
        self.description = description
        self.setup = setup
        self.steps = steps
        self.lintAllowances = lintAllowances
        self.appPositions = appPositions
    }
}

/// One step: when it happens, where it is written, and what it does.
public struct AndroidStep: Sendable {
    /// The step's action key.
    public var position: SourcePosition
    /// Since the start of the scenario.
    public var time: Time
    /// An event or an expectation.
    public var action: AndroidStepAction

    /// A step at `time`, written at `position`.
    public init(position: SourcePosition, time: Time, action: AndroidStepAction) {
        self.position = position
        self.time = time
        self.action = action
    }

    /// The step's event; nil for an `expect:`.
    public var event: AndroidEvent? {
        if case .event(let event, _) = action { return event }
        return nil
    }

    /// What the step's request must return (`returns:`), if it says.
    public var expectedResult: ExpectedFocusResult? {
        if case .event(_, let returns) = action { return returns }
        return nil
    }

    /// The step's checks; empty for an event step.
    public var checks: [AndroidCheck] {
        if case .expect(let checks) = action { return checks }
        return []
    }
}

/// What a step does.
public enum AndroidStepAction: Sendable {
    /// An event for the engine, and what its request must return (`returns:`), if the step says.
    case event(AndroidEvent, returns: ExpectedFocusResult?)
    /// Checks that must all hold at this instant.
    case expect([AndroidCheck])
}

/// `returns: granted | delayed | failed` on a request step.
public struct ExpectedFocusResult: Hashable, Sendable {
    /// `granted`, `delayed` or `failed`.
    public var result: FocusRequestResult
    /// Where the expected result is written.
    public var position: SourcePosition

    /// The result a step expects, written at `position`.
    public init(result: FocusRequestResult, position: SourcePosition) {
        self.result = result
        self.position = position
    }
}
