import ArbiterEngine

/// Every rule the Android engine can cite.
public enum AndroidRules {
    /// Every rule, grouped by what it decides.
    public static let catalog: [Rule] = [
        // The phone's stack
        granted, sameRequest, replacesOwnEntry, stackFull, abandon, abandonNothing, stackTopRegains, deadOwner, holds,
        lossForGain, permanentLossLeavesStack,
        // Delayed focus
        lockedOwnerDelays, lockedOwnerRefuses, delayedPropagatesLoss, delayedGranted, playWhenGranted,
        // Automatic ducking
        automaticDuck, strongDuck, duckNewPlayer, duckCallbackInstead, duckCallbackSpeech, duckCallbackUnduckable,
        duckBeforeAndroid8, unduck,
        // Android 12 fade-out
        fadeOutOnLoss, lossAfterFade, fadeNewPlayer, fadeInOffenders, fadeInOnRequest,
        // Ring and call, the system's clients, notification sounds
        ringTakesFocus, callAnswered, callEnds, callMutesMedia, callUnmutesMedia,
        assistantTakesFocus, assistantEnds, alarmTakesFocus, alarmEnds, ringerMode,
        notificationPlays, exclusiveHoldsNotificationBack,
        // Players and the apps' own code
        appControlsPlayers, appVolume, appDeclaresPlayer, playRequestsFocus, processDied, appReaction,
        // The car
        carContext, carGranted, carInteractionReject, carInteractionDelayed, carInteractionExclusive,
        carInteractionConcurrent, carConcurrentLoses, carNavigationRejectedDuringCall, carNotificationDuringExclusive,
        carSameListenerOtherUsage, carSameUsageReplaces, carWaitingLoser, carDelayedDisplaced,
        carDelayedDisplacesAtOnce,
        carDelayedGranted, carDelayedRefused, carNoDelayedFocus, carRegainUnblocked, carAbandon, carCallAnswered,
        carDucking,
    ]

    /// The rule with this identifier, if the Android engine has one.
    public static func named(_ id: String) -> Rule? { catalog.first { $0.id == id } }
}
