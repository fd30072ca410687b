import ArbiterEngine
import ArbiterHarmony
import ArbiterLint

/// The HarmonyOS linter of a replay, and where in the file each step it saw is written (as `LintTrack` for iOS).
struct HarmonyLintTrack {
    private var linter: HarmonyLinter
    private let scenario: HarmonyScenario
    /// For each step the linter saw: where it is written and the report entry it is shown after.
    private var steps: [(position: SourcePosition, entry: Int)] = []

    init(scenario: HarmonyScenario, startingFrom engine: HarmonyEngine) {
        self.scenario = scenario
        linter = HarmonyLinter(startingFrom: engine, allowances: scenario.lintAllowances)
    }

    mutating func observe(
        _ outcome: HarmonyOutcome, after engine: HarmonyEngine, at position: SourcePosition, entry: Int
    ) {
        steps.append((position, entry))
        linter.observe(outcome, after: engine)
    }

    /// Ends the run and places every finding: at the app's declaration when the fix belongs there, else at the step
    /// that showed it; an unused allowance at its entry.
    mutating func warnings() -> [LintWarning] {
        linter.finish()
        let start = SourcePosition(file: scenario.file, line: 1, column: 1)
        return linter.findings.map { finding in
            let step = finding.step.map { steps[$0] }
            if let allowance = finding.unusedAllowance {
                return LintWarning(
                    finding: finding, position: scenario.allowancePositions[allowance] ?? start, entry: nil)
            }
            let declared = finding.declaration == nil ? nil : scenario.appPositions[finding.app]
            return LintWarning(finding: finding, position: declared ?? step?.position ?? start, entry: step?.entry)
        }
    }
}
