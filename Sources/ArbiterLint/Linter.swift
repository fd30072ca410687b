import ArbiterEngine

/// The iOS engine, as the linter sees it.
public enum IOSLinting: LintedPlatform {
    public static func time(of outcome: Outcome) -> Time { outcome.time }
    public static func now(of engine: Engine) -> Time { engine.now }
}

/// Watches a run of the iOS engine (a replayed scenario, a REPL session, apps' code on a simulated phone) for the
/// mistakes in `Lint.catalog`: `PlatformLinter` with iOS's checks.
public typealias Linter = PlatformLinter<IOSLinting>

extension PlatformLinter where Platform == IOSLinting {
    /// A linter for a run that starts from `engine` (the engine made from the setup, before any step).
    public init(startingFrom engine: Engine, allowances: LintAllowances = LintAllowances()) {
        self.init(
            startingFrom: engine, allowances: allowances,
            checks: [
                OptionsIgnored(), OptionsRejected(),
                StaleNowPlayingRate(), NowPlayingInfoWithoutCommands(), PlayerViewControllerBesideOwnInfo(),
                RemoteHandlerNeverEnabled(), RemoteSuccessWithoutActing(),
                DeactivationWithoutNotifyingOthers(), ResumeWithoutShouldResume(),
                PlayAndRecordForPlayback(), BackgroundAudioStopped(), AudioPlayerPlaysOnAfterUnplug(),
            ])
    }
}
