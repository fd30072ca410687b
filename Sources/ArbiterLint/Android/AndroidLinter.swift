import ArbiterAndroid
import ArbiterEngine

/// The Android engine, as the linter sees it.
public enum AndroidLinting: LintedPlatform {
    public static func time(of outcome: FocusOutcome) -> Time { outcome.time }
    public static func now(of engine: AndroidEngine) -> Time { engine.now }
}

/// Watches a run of the Android engine for the mistakes Android's own guides warn about (`Lint.androidCatalog`):
/// `PlatformLinter` with Android's checks.
public typealias AndroidLinter = PlatformLinter<AndroidLinting>

extension PlatformLinter where Platform == AndroidLinting {
    /// A linter for a run that starts from `engine` (the engine made from the setup, before any step).
    public init(startingFrom engine: AndroidEngine, allowances: LintAllowances = LintAllowances()) {
        self.init(
            startingFrom: engine, allowances: allowances,
            checks: [
                FocusKeptAfterStopping(), TransientLossIgnored(), PlayingAfterPermanentLoss(), DuckingByHand(),
            ])
    }
}

/// One step the Android linter saw: what happened, and the engine before and after it.
public typealias AndroidLintedStep = LintStep<AndroidLinting>

extension LintStep where Platform == AndroidLinting {
    /// Whether the step changed something of `app` that `matches`.
    func changed(_ app: AppID, _ matches: (FocusDecisionChange) -> Bool) -> Bool {
        outcome.decisions.contains { $0.owner == .app(app) && matches($0.change) }
    }

    /// The focus changes the step delivered to `app`.
    func told(_ app: AppID) -> [FocusChange] {
        outcome.notifications.filter { $0.app == app }.map(\.change)
    }
}

/// The steps that happened at one Android instant, and the engine they left.
typealias AndroidInstant = LintInstant<AndroidLinting>

/// What an Android lint looks at in a run (`PlatformLintCheck` on the Android engine).
protocol AndroidLintCheck: PlatformLintCheck where Platform == AndroidLinting {}

extension AndroidEngine {
    /// Whether any of `app`'s players is started.
    func isPlaying(_ app: AppID) -> Bool {
        state(of: app)?.players.values.contains(.started) ?? false
    }

    /// The app's declaration.
    func declaration(of app: AppID) -> AndroidApp? { setup.apps.first { $0.name == app } }
}
