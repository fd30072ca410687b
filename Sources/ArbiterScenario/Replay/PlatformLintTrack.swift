import ArbiterEngine
import ArbiterLint

/// A platform's linter in a replay, and where in the file each step it saw is written (Android's and HarmonyOS's;
/// iOS's `LintTrack` also places findings about failed calls a step expects).
struct PlatformLintTrack<Platform: LintedPlatform> {
    private var linter: PlatformLinter<Platform>
    private let file: String
    private let allowancePositions: [LintAllowances.Entry: SourcePosition]
    private let appPositions: [AppID: SourcePosition]
    /// For each step the linter saw: where it is written and the report entry it is shown after.
    private var steps: [(position: SourcePosition, entry: Int)] = []

    init(
        _ linter: PlatformLinter<Platform>, file: String,
        allowancePositions: [LintAllowances.Entry: SourcePosition], appPositions: [AppID: SourcePosition]
    ) {
        self.linter = linter
        self.file = file
        self.allowancePositions = allowancePositions
        self.appPositions = appPositions
    }

    mutating func observe(
        _ outcome: Platform.Outcome, after engine: Platform.Engine, at position: SourcePosition, entry: Int
    ) {
        steps.append((position, entry))
        linter.observe(outcome, after: engine)
    }

    /// Ends the run and places every finding: at the app's declaration when the fix belongs there and the file
    /// declares the app, else at the step that showed it; an unused allowance at its entry.
    mutating func warnings() -> [LintWarning] {
        linter.finish()
        let start = SourcePosition(file: file, line: 1, column: 1)
        return linter.findings.map { finding in
            let step = finding.step.map { steps[$0] }
            if let allowance = finding.unusedAllowance {
                return LintWarning(finding: finding, position: allowancePositions[allowance] ?? start, entry: nil)
            }
            let declared = finding.declaration == nil ? nil : appPositions[finding.app]
            return LintWarning(finding: finding, position: declared ?? step?.position ?? start, entry: step?.entry)
        }
    }
}
