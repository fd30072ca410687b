import ArbiterEngine

/// Watches a run of the engine (a replayed scenario, a REPL session, apps' code on a simulated phone) for the
/// mistakes in `Lint.catalog`, as a linter reads code: each finding names the lint, the app, the step and the fix.
///
/// Feed it every outcome in order with the engine after it; call `finish()` when the run is over. Checks about
/// the state an instant leaves wait until time moves on, so that a handler that fixes things at the same instant
/// (pausing, then publishing rate 0) is not blamed.
public struct Linter: Sendable {
    /// What the linter found so far, in order, less what `allowances` silences.
    public private(set) var findings: [LintFinding] = []
    public let allowances: LintAllowances
    /// The allowances that have silenced a finding so far.
    public private(set) var usedAllowances: Set<LintAllowances.Entry> = []

    /// The allowances that silenced nothing: once the run is finished, each one hides no mistake the run makes,
    /// and would hide the next one of its kind unseen.
    /// An entry for `allowlints.unused` itself is never one of them, and silences them as any allowance does.
    public var unusedAllowances: [LintAllowances.Entry] { allowances.unused(given: usedAllowances) }

    private var checks: [any LintCheck]
    private var engine: Engine
    private var instant: [LintedStep] = []
    private var stepCount = 0
    private var finished = false

    /// A linter for a run that starts from `engine` (the engine made from the setup, before any step).
    public init(startingFrom engine: Engine, allowances: LintAllowances = LintAllowances()) {
        self.engine = engine
        self.allowances = allowances
        checks = [
            OptionsIgnored(), OptionsRejected(),
            StaleNowPlayingRate(), NowPlayingInfoWithoutCommands(), PlayerViewControllerBesideOwnInfo(),
            RemoteHandlerNeverEnabled(), RemoteSuccessWithoutActing(),
            DeactivationWithoutNotifyingOthers(), ResumeWithoutShouldResume(),
            PlayAndRecordForPlayback(), BackgroundAudioStopped(), AudioPlayerPlaysOnAfterUnplug(),
        ]
        ask { $0.runStarted(engine, into: &$1) }
    }

    /// Looks at `outcome`, which left the engine as `after`. Returns what it found because of it (findings about an
    /// earlier instant come out once this outcome's time is later).
    @discardableResult
    public mutating func observe(_ outcome: Outcome, after: Engine) -> [LintFinding] {
        let start = findings.count
        if let last = instant.last, outcome.time > last.outcome.time { endInstant() }
        let step = LintedStep(index: stepCount, outcome: outcome, before: engine, after: after)
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
        let ended = Instant(steps: instant)
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
        findings += unusedAllowances.map { LintFinding.allowanceUnused($0, at: engine.now) }
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
    private mutating func ask(_ look: (inout any LintCheck, inout [LintFinding]) -> Void) {
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
