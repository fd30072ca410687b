import ArbiterAndroid
import ArbiterEngine

/// Watches a run of the Android engine for the mistakes Android's own guides warn about (`Lint.androidCatalog`), as
/// `Linter` does for iOS: feed it every outcome in order with the engine after it, then call `finish()`.
///
/// A check about how an instant ended waits until time moves on, so that a listener that reacts at the same instant
/// (a pause after `lossTransient`) is not blamed.
public struct AndroidLinter: Sendable {
    /// What the linter found so far, in order, less what `allowances` silences.
    public private(set) var findings: [LintFinding] = []
    public let allowances: LintAllowances
    /// The allowances that have silenced a finding so far.
    public private(set) var usedAllowances: Set<LintAllowances.Entry> = []

    private var checks: [any AndroidLintCheck] = [
        FocusKeptAfterStopping(), TransientLossIgnored(), PlayingAfterPermanentLoss(), DuckingByHand(),
    ]
    private var engine: AndroidEngine
    private var instant: [AndroidLintedStep] = []
    private var stepCount = 0
    private var finished = false

    /// A linter for a run that starts from `engine` (the engine made from the setup, before any step).
    public init(startingFrom engine: AndroidEngine, allowances: LintAllowances = LintAllowances()) {
        self.engine = engine
        self.allowances = allowances
    }

    /// Looks at `outcome`, which left the engine as `after`; returns what it found because of it.
    @discardableResult
    public mutating func observe(_ outcome: FocusOutcome, after: AndroidEngine) -> [LintFinding] {
        let start = findings.count
        if let last = instant.last, outcome.time > last.outcome.time { endInstant() }
        let step = AndroidLintedStep(index: stepCount, outcome: outcome, before: engine, after: after)
        stepCount += 1
        engine = after
        instant.append(step)
        ask { $0.inspect(step, into: &$1) }
        return Array(findings[start...])
    }

    /// Ends the instant now, as if time had moved on.
    @discardableResult
    public mutating func endInstant() -> [LintFinding] {
        let start = findings.count
        guard !instant.isEmpty else { return [] }
        let ended = instant
        instant = []
        ask { $0.instantEnded(ended, into: &$1) }
        return Array(findings[start...])
    }

    /// Ends the run: the last instant, then each allowance that silenced nothing (`allowlints.unused`).
    @discardableResult
    public mutating func finish() -> [LintFinding] {
        let start = findings.count
        guard !finished else { return [] }
        finished = true
        endInstant()
        findings += allowances.unused(given: usedAllowances).map { LintFinding.allowanceUnused($0, at: engine.now) }
        return Array(findings[start...])
    }

    private mutating func ask(_ look: (inout any AndroidLintCheck, inout [LintFinding]) -> Void) {
        var found: [LintFinding] = []
        for i in checks.indices { look(&checks[i], &found) }
        for finding in found {
            let silencing = allowances.entries(silencing: finding)
            if silencing.isEmpty { findings.append(finding) } else { usedAllowances.formUnion(silencing) }
        }
    }
}

/// One step the Android linter saw: what happened, and the engine before and after it.
public struct AndroidLintedStep: Sendable {
    /// Its place among the steps the linter saw, from 0.
    public let index: Int
    public let outcome: FocusOutcome
    public let before: AndroidEngine
    public let after: AndroidEngine

    /// Whether the step changed something of `app` that `matches`.
    func changed(_ app: AppID, _ matches: (FocusDecisionChange) -> Bool) -> Bool {
        outcome.decisions.contains { $0.owner == .app(app) && matches($0.change) }
    }

    /// The focus changes the step delivered to `app`.
    func told(_ app: AppID) -> [FocusChange] {
        outcome.notifications.filter { $0.app == app }.map(\.change)
    }
}

/// What an Android lint looks at in a run.
protocol AndroidLintCheck: Sendable {
    mutating func inspect(_ step: AndroidLintedStep, into findings: inout [LintFinding])
    /// Looks at how an instant ended (its steps, in order; the engine after the last).
    mutating func instantEnded(_ steps: [AndroidLintedStep], into findings: inout [LintFinding])
}

extension AndroidLintCheck {
    mutating func inspect(_ step: AndroidLintedStep, into findings: inout [LintFinding]) {}
    mutating func instantEnded(_ steps: [AndroidLintedStep], into findings: inout [LintFinding]) {}
}

extension AndroidEngine {
    /// Whether any of `app`'s players is started.
    func isPlaying(_ app: AppID) -> Bool {
        state(of: app)?.players.values.contains(.started) ?? false
    }

    /// The app's declaration.
    func declaration(of app: AppID) -> AndroidApp? { setup.apps.first { $0.name == app } }
}
