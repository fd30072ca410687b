import ArbiterEngine
import ArbiterLint

/// The linter of a replay, and where in the file each step it saw is written.
struct LintTrack {
    private var linter: Linter
    private let scenario: Scenario
    /// For each step the linter saw: where it is written, the report entry it is shown after, and whether the
    /// step says it fails (`fails:`).
    private var steps: [(position: SourcePosition, entry: Int, expectsFailure: Bool)] = []

    init(scenario: Scenario, startingFrom engine: Engine) {
        self.scenario = scenario
        linter = Linter(startingFrom: engine, allowances: scenario.lintAllowances)
    }

    /// Shows `outcome` to the linter: it is written at `position` and shown after report entry `entry`.
    mutating func observe(
        _ outcome: Outcome, after engine: Engine, at position: SourcePosition, entry: Int,
        expectsFailure: Bool
    ) {
        steps.append((position, entry, expectsFailure))
        linter.observe(outcome, after: engine)
    }

    /// Ends the run and places every finding in the file: at the declaration to change when the fix belongs there
    /// (and the file declares the app), else at the step that showed it. A finding about a call that a step says
    /// fails (`fails:`) is what the step tests, so it is left out.
    /// An allowance that silenced nothing (`allowlints.unused`) is placed at its entry under `allowLints:`.
    mutating func warnings() -> [LintWarning] {
        linter.finish()
        let start = SourcePosition(file: scenario.file, line: 1, column: 1)
        return linter.findings.compactMap { finding -> LintWarning? in
            let step = finding.step.map { steps[$0] }
            if finding.aboutFailedCall && step?.expectsFailure == true { return nil }
            if let allowance = finding.unusedAllowance {
                return LintWarning(
                    finding: finding, position: scenario.allowancePositions[allowance] ?? start, entry: nil)
            }
            let declared = finding.declaration.flatMap { scenario.declarations.position(of: $0, in: finding.app) }
            return LintWarning(finding: finding, position: declared ?? step?.position ?? start, entry: step?.entry)
        }
    }
}

/// A lint's finding in a replayed scenario, placed in the file.
public struct LintWarning: Hashable, Sendable, CustomStringConvertible {
    public var finding: LintFinding
    /// Where to look: the declaration to change, or the step that showed the mistake.
    public var position: SourcePosition
    /// The report entry the timeline shows it after; nil for a finding about the declarations alone.
    public var entry: Int?

    /// `FILE:LINE:COLUMN: warning: App: what went wrong [lint.id]`.
    public var description: String {
        "\(position): warning: \(finding.app): \(finding.message) [\(finding.lint.id)]"
    }
}
