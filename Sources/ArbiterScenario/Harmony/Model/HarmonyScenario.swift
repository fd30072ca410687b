import ArbiterEngine
import ArbiterHarmony
import ArbiterLint

/// A decoded, validated HarmonyOS scenario file (docs/harmonyos.md): a setup and a timeline of steps.
public struct HarmonyScenario: Sendable {
    /// The file it was read from, as errors and reports name it.
    public var file: String
    public var title: String
    public var description: String?
    /// The API level, profile and apps, as the engine starts from them.
    public var setup: HarmonySetup
    /// The timeline, in file order (a step for another platform left out).
    public var steps: [HarmonyStep]
    /// The lints the file silences (`allowLints:`), each with its reason.
    public var lintAllowances = LintAllowances()
    /// Where each allowance is written, for the warning about one that silences nothing.
    public var allowancePositions: [LintAllowances.Entry: SourcePosition] = [:]
    /// Where each app's name is written under `apps:`.
    public var appPositions: [AppID: SourcePosition] = [:]

    public init(file: String, title: String, description: String? = nil, setup: HarmonySetup, steps: [HarmonyStep]) {
        self.file = file
        self.title = title
        self.description = description
        self.setup = setup
        self.steps = steps
    }
}

/// One step: when it happens, where it is written, and what it does.
public struct HarmonyStep: Sendable {
    /// The step's action key.
    public var position: SourcePosition
    /// Since the start of the scenario.
    public var time: Time
    public var action: HarmonyStepAction

    public init(position: SourcePosition, time: Time, action: HarmonyStepAction) {
        self.position = position
        self.time = time
        self.action = action
    }
}

/// What a step does.
public enum HarmonyStepAction: Sendable {
    /// An event for the engine, and what the app's call must return (`returns:`), if the step says.
    case event(HarmonyEvent, returns: ExpectedCallResult?)
    /// Checks that must all hold at this instant.
    case expect([HarmonyCheck])
}

/// `returns: success | failed | 6800301` on an app's step.
public struct ExpectedCallResult: Hashable, Sendable, CustomStringConvertible {
    /// nil: success; a code: the call fails with it; 0: it fails, whatever the code.
    public var failure: Int?
    public var position: SourcePosition

    public init(failure: Int?, position: SourcePosition) {
        self.failure = failure
        self.position = position
    }

    public var description: String {
        switch failure {
        case nil: "success"
        case 0?: "failed"
        case let code?: "failed \(code)"
        }
    }

    /// Whether the call's result is the one expected.
    func matches(_ result: HarmonyCallResult) -> Bool {
        switch (failure, result) {
        case (nil, .success): true
        case (0?, .failed): true
        case (let code?, .failed(let actual, _)): code == actual
        default: false
        }
    }
}
