import ArbiterEngine
import ArbiterHarmony

/// The HarmonyOS engine, as the linter sees it.
public enum HarmonyLinting: LintedPlatform {
    public static func time(of outcome: HarmonyOutcome) -> Time { outcome.time }
    public static func now(of engine: HarmonyEngine) -> Time { engine.now }
}

/// Watches a run of the HarmonyOS engine for the mistakes its guides warn about (`Lint.harmonyCatalog`).
public typealias HarmonyLinter = PlatformLinter<HarmonyLinting>

extension PlatformLinter where Platform == HarmonyLinting {
    /// A linter for a run that starts from `engine` (the engine made from the setup, before any step).
    public init(startingFrom engine: HarmonyEngine, allowances: LintAllowances = LintAllowances()) {
        self.init(
            startingFrom: engine, allowances: allowances,
            checks: [ResumeIgnored(), StartedAfterStop(), MediaUsageForShortSound()])
    }
}

typealias HarmonyLintedStep = LintStep<HarmonyLinting>
typealias HarmonyInstant = LintInstant<HarmonyLinting>

/// What a HarmonyOS lint looks at in a run.
protocol HarmonyLintCheck: PlatformLintCheck where Platform == HarmonyLinting {}

extension LintStep where Platform == HarmonyLinting {
    /// The interrupt events the step delivered, with the stream each went to.
    var interrupts: [(owner: StreamOwner, event: InterruptEvent)] {
        outcome.notifications.compactMap {
            if case .interrupt(let owner, let event, _) = $0 { return (owner, event) }
            return nil
        }
    }
}

extension HarmonyEngine {
    /// Whether the stream is running.
    func isRunning(_ owner: StreamOwner) -> Bool { stream(owner)?.state == .running }
    /// The app's declaration.
    func declaration(of app: AppID) -> HarmonyAppConfig? { setup.apps.first { $0.name == app } }
}
