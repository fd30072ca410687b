extension Lint {
    /// Every lint, in the order `arbiter lints` lists them.
    public static let catalog: [Lint] = [
        .staleNowPlayingRate, .nowPlayingInfoWithoutCommands, .playerViewControllerBesideOwnInfo,
        .remoteHandlerNeverEnabled, .remoteSuccessWithoutActing, .remoteHandlerAddedAgain,
        .deactivationWithoutNotifyingOthers, .resumeWithoutShouldResume,
        .playAndRecordForPlayback, .backgroundAudioStopped, .backgroundTaskNeverEnded, .audioPlayerPlaysOnAfterUnplug,
        .optionsIgnored, .optionsRejected,
        .allowanceUnused,
    ]
}
