import ArbiterEngine

extension AndroidRules {
    static let ringTakesFocus = Rule(
        id: "call.ring-takes-focus",
        statement: "when the phone rings, telephony requests GAIN_TRANSIENT as AudioFocus_For_Phone_Ring_And_Calls "
            + "(usage NOTIFICATION_RINGTONE), a locked owner no request can take focus from",
        source: AOSP.mediaFocusControl + " requestAudioFocus (IN_VOICE_COMM_FOCUS_ID), isLockedFocusOwner",
        evidence: .documented)
    static let callAnswered = Rule(
        id: "call.answered",
        statement: "an answered call keeps telephony's focus (usage VOICE_COMMUNICATION): the stack does not change",
        source: AOSP.mediaFocusControl + " requestAudioFocus (the same client on top keeps its entry)",
        evidence: .documented)
    static let callEnds = Rule(
        id: "call.ends-abandons",
        statement: "a declined or ended call abandons telephony's focus: the entry below it regains focus",
        source: AOSP.mediaFocusControl + " abandonAudioFocus (mRingOrCallActive); " + AOSP.cts
            + " testAudioFocusDelayedByCall",
        evidence: .documented)
    static let callMutesMedia = Rule(
        id: "call.mute-media",
        statement: "100 ms after a ring or call starts, the framework mutes every player with usage MEDIA or GAME",
        source: AOSP.mediaFocusControl + " runAudioCheckerForRingOrCallAsync, USAGES_TO_MUTE_IN_RING_OR_CALL; "
            + AOSP.playbackMonitor + " mutePlayersForCall (delay: profile muteInCallAfter)",
        evidence: .documented)
    static let callUnmutesMedia = Rule(
        id: "call.unmute-media",
        statement: "when the ring or call is over, the players muted for it are unmuted",
        source: AOSP.mediaFocusControl + " runAudioCheckerForRingOrCallAsync; " + AOSP.playbackMonitor
            + " unmutePlayersForCall",
        evidence: .documented)
}
