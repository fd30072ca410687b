import ArbiterAndroid
import ArbiterEngine
import ArbiterLint

/// The Android linter of a replay, and where in the file each step it saw is written (as `LintTrack` for iOS).
struct AndroidLintTrack {
    private var linter: AndroidLinter
    private let scenario: AndroidScenario
    /// For each step the linter saw: where it is written and the report entry it is shown after.
    private var steps: [(position: SourcePosition, entry: Int)] = []

    init(scenario: AndroidScenario, startingFrom engine: AndroidEngine) {
        self.scenario = scenario
        linter = AndroidLinter(startingFrom: engine, allowances: scenario.lintAllowances)
    }

    mutating func observe(_ outcome: FocusOutcome, after engine: AndroidEngine, at position: SourcePosition, entry: Int)
    {
        steps.append((position, entry))
        linter.observe(outcome, after: engine)
    }

    /// Ends the run and places every finding: at the app's reaction to change when the fix belongs there and the
    /// file declares the app, else at the step that showed it; an unused allowance at its entry.
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
