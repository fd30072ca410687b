import ArbiterEngine

/// What a platform brings to the linter: its engine and what one event's outcome is. Its checks come with its
/// linter's initializer (`Linter`, `AndroidLinter`).
public protocol LintedPlatform: Sendable {
    /// The platform's engine, as the linter sees it before and after each step.
    associatedtype Engine: Sendable
    /// What the engine answers for one event.
    associatedtype Outcome: Sendable
    /// When `outcome` happened.
    static func time(of outcome: Outcome) -> Time
    /// The engine's clock.
    static func now(of engine: Engine) -> Time
}

/// One step a linter saw, on any platform: what happened, and the engine before and after it.
public struct LintStep<Platform: LintedPlatform>: Sendable {
    /// Its place among the steps the linter saw, from 0.
    public let index: Int
    public let outcome: Platform.Outcome
    public let before: Platform.Engine
    public let after: Platform.Engine
}

/// The steps that happened at one instant, in order, and the engine they left.
struct LintInstant<Platform: LintedPlatform> {
    var steps: [LintStep<Platform>]
    var time: Time { Platform.time(of: steps.last!.outcome) }
    /// The engine after the instant's last step.
    var engine: Platform.Engine { steps.last!.after }
}

/// What a lint looks at in a run, on any platform. A check keeps what it needs between steps (what it reported
/// already, so each mistake is reported once, when it starts).
protocol PlatformLintCheck<Platform>: Sendable {
    associatedtype Platform: LintedPlatform
    /// Looks at the apps as the run starts: their declarations.
    mutating func runStarted(_ engine: Platform.Engine, into findings: inout [LintFinding])
    /// Looks at one step as it happens.
    mutating func inspect(_ step: LintStep<Platform>, into findings: inout [LintFinding])
    /// Looks at how an instant ended, once every step at that time has happened: handlers that react at the same
    /// instant have had their say.
    mutating func instantEnded(_ instant: LintInstant<Platform>, into findings: inout [LintFinding])
    /// Looks at the whole run once it is over.
    mutating func runEnded(_ engine: Platform.Engine, into findings: inout [LintFinding])
}

extension PlatformLintCheck {
    mutating func runStarted(_ engine: Platform.Engine, into findings: inout [LintFinding]) {}
    mutating func inspect(_ step: LintStep<Platform>, into findings: inout [LintFinding]) {}
    mutating func instantEnded(_ instant: LintInstant<Platform>, into findings: inout [LintFinding]) {}
    mutating func runEnded(_ engine: Platform.Engine, into findings: inout [LintFinding]) {}
}

/// Watches a run of a platform's engine (a replayed scenario, a REPL session, apps' code on a simulated phone) for
/// the mistakes in its lint catalog, as a linter reads code: each finding names the lint, the app, the step and the
/// fix.
///
/// Feed it every outcome in order with the engine after it; call `finish()` when the run is over. Checks about
/// the state an instant leaves wait until time moves on, so that a handler that fixes things at the same instant
/// (pausing, then publishing rate 0; a pause after `lossTransient`) is not blamed.
public struct PlatformLinter<Platform: LintedPlatform>: Sendable {
    /// What the linter found so far, in order, less what `allowances` silences.
    public private(set) var findings: [LintFinding] = []
    public let allowances: LintAllowances
    /// The allowances that have silenced a finding so far.
    public private(set) var usedAllowances: Set<LintAllowances.Entry> = []

    /// The allowances that silenced nothing: once the run is finished, each one hides no mistake the run makes,
    /// and would hide the next one of its kind unseen.
    /// An entry for `allowlints.unused` itself is never one of them, and silences them as any allowance does.
    public var unusedAllowances: [LintAllowances.Entry] { allowances.unused(given: usedAllowances) }

    private var checks: [any PlatformLintCheck<Platform>]
    private var engine: Platform.Engine
    private var instant: [LintStep<Platform>] = []
    private var stepCount = 0
    private var finished = false

    /// A linter with `checks`, for a run that starts from `engine` (the engine made from the setup, before any step).
    init(startingFrom engine: Platform.Engine, allowances: LintAllowances, checks: [any PlatformLintCheck<Platform>]) {
        self.engine = engine
        self.allowances = allowances
        self.checks = checks
        ask { $0.runStarted(engine, into: &$1) }
    }

    /// Looks at `outcome`, which left the engine as `after`. Returns what it found because of it (findings about an
    /// earlier instant come out once this outcome's time is later).
    @discardableResult
    public mutating func observe(_ outcome: Platform.Outcome, after: Platform.Engine) -> [LintFinding] {
        let start = findings.count
        if let last = instant.last, Platform.time(of: outcome) > Platform.time(of: last.outcome) { endInstant() }
        let step = LintStep<Platform>(index: stepCount, outcome: outcome, before: engine, after: after)
        stepCount += 1
        engine = after
        instant.append(step)
        ask { $0.inspect(step, into: &$1) }
        return Array(findings[start...])
    }

    /// Ends the instant now, as if time had moved on: what `instantEnded` checks find comes out now. The REPL calls
    /// it when a line moves time on (`after`, `at`), since no step marks the end of an instant there.
    @discardableResult
    public mutating func endInstant() -> [LintFinding] {
        let start = findings.count
        guard !instant.isEmpty else { return [] }
        let ended = LintInstant(steps: instant)
        instant = []
        ask { $0.instantEnded(ended, into: &$1) }
        return Array(findings[start...])
    }

    /// Ends the run: the last instant, the checks about the whole run, and then each allowance that silenced
    /// nothing (`allowlints.unused`). Returns what that found.
    @discardableResult
    public mutating func finish() -> [LintFinding] {
        let start = findings.count
        guard !finished else { return [] }
        finished = true
        endInstant()
        let engine = engine
        ask { $0.runEnded(engine, into: &$1) }
        findings += unusedAllowances.map { LintFinding.allowanceUnused($0, at: Platform.now(of: engine)) }
        return Array(findings[start...])
    }

    /// Adds findings made outside the linter's checks (an app's own code, which the simulated phone watches),
    /// less what `allowances` silences, as if a check had found them now.
    public mutating func report(_ found: [LintFinding]) { keep(found) }

    /// Every finding of a finished copy of this linter: what the run shows so far, were it to end now.
    public var findingsIfFinishedNow: [LintFinding] {
        var copy = self
        copy.finish()
        return copy.findings
    }

    /// Asks every check, in order, and keeps what they find less what `allowances` silences.
    private mutating func ask(_ look: (inout any PlatformLintCheck<Platform>, inout [LintFinding]) -> Void) {
        var found: [LintFinding] = []
        for i in checks.indices { look(&checks[i], &found) }
        keep(found)
    }

    /// Keeps what `allowances` does not silence, and notes the allowances that silenced the rest.
    private mutating func keep(_ found: [LintFinding]) {
        for finding in found {
            let silencing = allowances.entries(silencing: finding)
            if silencing.isEmpty { findings.append(finding) } else { usedAllowances.formUnion(silencing) }
        }
    }
}
