extension Lint {
    /// Every lint, in the order `arbiter lints` lists them.
    public static let catalog: [Lint] = [
        .staleNowPlayingRate, .nowPlayingInfoWithoutCommands, .playerViewControllerBesideOwnInfo,
        .remoteHandlerNeverEnabled, .remoteSuccessWithoutActing,
        .deactivationWithoutNotifyingOthers, .resumeWithoutShouldResume,
        .playAndRecordForPlayback, .backgroundAudioStopped, .audioPlayerPlaysOnAfterUnplug,
        .optionsIgnored, .optionsRejected,
        .allowanceUnused,
    ]
}
