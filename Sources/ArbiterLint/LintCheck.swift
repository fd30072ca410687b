import ArbiterEngine

/// One step the linter saw: what happened, and the engine before and after it.
public struct LintedStep: Sendable {
    /// Its place among the steps the linter saw, from 0.
    public let index: Int
    public let outcome: Outcome
    public let before: Engine
    public let after: Engine

    /// The app whose call the step was, if it was one.
    var caller: AppID? {
        if case .app(let app, _) = outcome.event { return app }
        return nil
    }

    /// Whether the step changed something of `app` that `matches`.
    func changed(_ app: AppID, _ matches: (Change) -> Bool) -> Bool {
        outcome.decisions.contains { $0.app == app && matches($0.change) }
    }
}

/// The steps that happened at one instant, and the engine they left.
struct Instant {
    var steps: [LintedStep]
    var time: Time { steps.last!.outcome.time }
    /// The engine after the instant's last step.
    var engine: Engine { steps.last!.after }

    /// The step to blame for how `app` ended the instant: the last one that changed something of it that `matches`,
    /// else the last call the app made, else the instant's last step.
    func blame(_ app: AppID, for matches: (Change) -> Bool) -> LintedStep {
        steps.last { $0.changed(app, matches) } ?? steps.last { $0.caller == app } ?? steps.last!
    }
}

/// What a lint looks at in a run. A check keeps what it needs between steps (what it reported already, so each
/// mistake is reported once, when it starts).
protocol LintCheck: Sendable {
    /// Looks at the apps as the run starts: their declarations.
    mutating func runStarted(_ engine: Engine, into findings: inout [LintFinding])
    /// Looks at one step as it happens.
    mutating func inspect(_ step: LintedStep, into findings: inout [LintFinding])
    /// Looks at how an instant ended, once every step at that time has happened: handlers that react at the same
    /// instant have had their say.
    mutating func instantEnded(_ instant: Instant, into findings: inout [LintFinding])
    /// Looks at the whole run once it is over.
    mutating func runEnded(_ engine: Engine, into findings: inout [LintFinding])
}

extension LintCheck {
    mutating func runStarted(_ engine: Engine, into findings: inout [LintFinding]) {}
    mutating func inspect(_ step: LintedStep, into findings: inout [LintFinding]) {}
    mutating func instantEnded(_ instant: Instant, into findings: inout [LintFinding]) {}
    mutating func runEnded(_ engine: Engine, into findings: inout [LintFinding]) {}
}
