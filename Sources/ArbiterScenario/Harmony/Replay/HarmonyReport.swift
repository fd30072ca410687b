import ArbiterEngine
import ArbiterHarmony
import ArbiterLint

/// What replaying one HarmonyOS scenario found.
public struct HarmonyScenarioReport: ReplayReport {
    public var scenario: HarmonyScenario
    public var entries: [TimelineEntry<HarmonyStepRecord, HarmonyCheck>]
    /// What the HarmonyOS lints found, in the order the run showed it; not failures.
    public var warnings: [LintWarning] = []
    /// With `recordStates`, the engine after its setup.
    public var initialState: HarmonyEngine?
    /// With `recordStates`, the engine after each entry (parallel to `entries`).
    public var states: [HarmonyEngine] = []

    public init(scenario: HarmonyScenario, entries: [TimelineEntry<HarmonyStepRecord, HarmonyCheck>] = []) {
        self.scenario = scenario
        self.entries = entries
    }
}

/// An event step (or time passing on its own) and what the engine did.
public struct HarmonyStepRecord: ReplayedStep {
    /// nil for time passing on its own.
    public var position: SourcePosition?
    public var outcome: HarmonyOutcome
    /// The step's `returns:`.
    public var expectedResult: ExpectedCallResult?
    public var problem: String?

    public var time: Time { outcome.time }
    public var label: String { "\(outcome.event)" }
}
