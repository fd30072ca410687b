extension Rule {
    /// Every rule the engine can cite, grouped by what it decides.
    public static let catalog: [Rule] = [
        // Categories, options and modes
        .categorySet, .modeSet, .unsupportedModeBehavesAsDefault, .defaultToSpeakerOnlyPlayAndRecord,
        .airPlayExplicitOnOutputOnly, .optionNotValidForCategory, .inputOptionOnOutputOnly,
        .ambientDuckOthersRefused, .farFieldInputNeedsHFP,
        .callRefusesCategoryChange, .ringingCallRefusesCategoryChange,
        // Activation and interruption by apps
        .activationSucceeds, .nonMixableActivationInterrupts, .interruptSpokenAudio,
        .backgroundActivationNeedsNowPlaying, .callBlocksRecordingActivation, .siriBlocksRecordingActivation,
        .interruptionPausesPlayers,
        // Deactivation
        .deactivationSucceeds, .deactivationWithRunningIO, .notifyOthersOnDeactivation, .noNotifyNoEnded,
        .endedWithoutNotify,
        // System interrupters
        .callInterrupts, .callAnswered, .declinedCallResumes, .answeredCallEnds, .callOver,
        .prefersNoInterruptionsFromSystemAlerts, .bannerCallAnsweredInterrupts,
        .siriInterrupts, .siriEnds, .alarmInterrupts, .alarmEnds,
        // Players
        .playingActivates, .playerPlays, .recorderRecords, .backgroundPlaybackNeedsAudioMode,
        .backgroundRecordingNeedsAudioMode, .recordingNeedsInputCategory, .nowPlayingEligibility,
        // Lifecycle and background
        .oneForegroundApp, .backgroundKeepsAudio, .backgroundSuspends, .idleBackgroundSuspends, .appWasSuspendedNotice,
        .wokenForStep,
        .terminationEndsEverything,
        .launchStartsAfresh, .appDeclared,
        // Audibility, ducking, other audio
        .nothingPlaying, .inactiveIsSilent, .categoryHasNoOutput, .silentSwitch, .silentSwitchSparesHeadphones,
        .interruptionEndsWhenInterrupterLeaves, .siriInterruptsPlayingDuringPanel, .voiceProcessingDucksOthers,
        .screenLock,
        .silentAndLockedNeedsAudioMode, .recordSilencesOutput,
        .playingIsAudible, .duckOthers, .unduck, .silenceSecondaryAudioHint, .otherAudioPlaying, .secondaryAudioHint,
        // Routes
        .lastInWins, .fallBack, .routeChangeReachesInterrupted, .sharedHeadsetHFP, .ownerDecidesRoute,
        .overrideToSpeaker,
        .overrideOnlyPlayAndRecord,
        .overrideEndsOnRouteChange, .preferredInput, .preferredInputNeedsInput, .avPlayerPausesOnUnplug,
        .routeDisconnectedInterrupts, .prefersInterruptionOnRouteDisconnect, .noSuitableRouteForRecord, .wakeFromSleep,
        // The built-in mic muted in hardware
        .mutedMicInterrupts, .mutedMicCannotStartInput, .micUnmuted,
        // Now Playing, remote commands, players, reactions
        .nowPlayingInfoExtrapolated, .disabledCommandsNotSent, .remoteToNowPlaying, .remoteNeedsNowPlaying,
        .siriQueuesCommands,
        .playerHandlesRemote, .playerRateSet, .didPlayToEndTime,
        .streamBuffersOnline, .itemFails, .playerWaitsForStream, .stallPausesWithoutWaiting, .waitingIsSilent,
        .queueAdvances, .itemEnds, .applicationMusicPlayerStops,
        .musicAppPlaysForSystemPlayer, .musicAppSharesQueue,
        .musicPlayerNotifications, .videoPausesInBackground, .appReaction,
        // Media services
        .mediaServicesLost, .mediaServicesReset, .mediaServicesFailed,
    ]

    /// The rule with this identifier, if the engine has one.
    public static func named(_ id: String) -> Rule? { catalog.first { $0.id == id } }
}
