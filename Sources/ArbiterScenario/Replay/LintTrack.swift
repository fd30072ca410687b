import ArbiterEngine
import ArbiterLint

/// The linter of a replay, and where in the file each step it saw is written.
struct LintTrack {
    private var linter: Linter
    private let scenario: Scenario
    /// For each step the linter saw: where it is written, the report entry it is shown after, and whether the
    /// step says it fails (`fails:`).
    private var steps: [(position: SourcePosition, entry: Int, expectsFailure: Bool)] = []
    /// When the last step the linter saw happened.
    private var lastTime = Time.zero

    init(scenario: Scenario, startingFrom engine: Engine) {
        self.scenario = scenario
        linter = Linter(startingFrom: engine, allowances: scenario.lintAllowances)
    }

    /// Shows `outcome` to the linter: it is written at `position` and shown after report entry `entry`.
    mutating func observe(_ outcome: Outcome, after engine: Engine, at position: SourcePosition, entry: Int,
                          expectsFailure: Bool) {
        steps.append((position, entry, expectsFailure))
        lastTime = outcome.time
        linter.observe(outcome, after: engine)
    }

    /// Ends the run and places every finding in the file: at the declaration to change when the fix belongs there
    /// (and the file declares the app), else at the step that showed it. A finding about a call that a step says
    /// fails (`fails:`) is what the step tests, so it is left out.
    /// Then each allowance that silenced nothing is a warning at its line under `allowLints:`.
    mutating func warnings() -> [LintWarning] {
        linter.finish()
        let start = SourcePosition(file: scenario.file, line: 1, column: 1)
        let found = linter.findings.compactMap { finding -> LintWarning? in
            let step = finding.step.map { steps[$0] }
            if finding.aboutFailedCall && step?.expectsFailure == true { return nil }
            let declared = finding.declaration.flatMap { scenario.declarations.position(of: $0, in: finding.app) }
            return LintWarning(finding: finding, position: declared ?? step?.position ?? start, entry: step?.entry)
        }
        return found + linter.unusedAllowances.map { allowance in
            LintWarning(finding: .allowanceUnused(allowance, at: lastTime),
                        position: scenario.allowancePositions[allowance] ?? start, entry: nil)
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
