import ArbiterEngine

/// One step the iOS linter saw: what happened, and the engine before and after it.
public typealias LintedStep = LintStep<IOSLinting>

extension LintStep where Platform == IOSLinting {
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

/// The steps that happened at one iOS instant, and the engine they left.
typealias Instant = LintInstant<IOSLinting>

extension LintInstant where Platform == IOSLinting {
    /// The step to blame for how `app` ended the instant: the last one that changed something of it that `matches`,
    /// else the last call the app made, else the instant's last step.
    func blame(_ app: AppID, for matches: (Change) -> Bool) -> LintedStep {
        steps.last { $0.changed(app, matches) } ?? steps.last { $0.caller == app } ?? steps.last!
    }
}

/// What an iOS lint looks at in a run (`PlatformLintCheck` on the iOS engine).
protocol LintCheck: PlatformLintCheck where Platform == IOSLinting {}
