import ArbiterEngine

extension AndroidRules {
    static let notificationPlays = Rule(
        id: "notification.plays",
        statement: "a notification sound plays, even while GAIN_TRANSIENT_EXCLUSIVE is held if the ringer is normal",
        source: AOSP.mediaFocusControl + " shouldNotificationSoundPlay; " + AOSP.cts + " testAudioFocusExclusive",
        evidence: .documented)
    static let exclusiveHoldsNotificationBack = Rule(
        id: "notification.exclusive-holds-back",
        statement: "a notification sound does not play while GAIN_TRANSIENT_EXCLUSIVE is held and the ringer is on "
            + "vibrate or silent",
        source: AOSP.mediaFocusControl + " shouldNotificationSoundPlay; " + AOSP.cts + " testAudioFocusExclusive",
        evidence: .documented)
}
