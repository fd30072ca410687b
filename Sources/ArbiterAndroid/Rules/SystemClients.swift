import ArbiterEngine

extension AndroidRules {
    static let assistantTakesFocus = Rule(
        id: "assistant.takes-focus",
        statement: "the assistant requests focus like any client, with the gain it needs and usage ASSISTANT",
        source: "AOSP-FB media/java/android/media/AudioAttributes.java USAGE_ASSISTANT; " + AOSP.mediaFocusControl
            + " requestAudioFocus",
        evidence: .model)
    static let assistantEnds = Rule(
        id: "assistant.ends",
        statement: "the assistant abandons its focus when it is done",
        source: AOSP.mediaFocusControl + " abandonAudioFocus",
        evidence: .model)
    static let alarmTakesFocus = Rule(
        id: "alarm.takes-focus",
        statement: "the clock's alarm requests GAIN_TRANSIENT with usage ALARM when it sounds",
        source: "AOSP-FB media/java/android/media/AudioAttributes.java USAGE_ALARM; " + AOSP.mediaFocusControl
            + " requestAudioFocus",
        evidence: .model)
    static let alarmEnds = Rule(
        id: "alarm.ends",
        statement: "the alarm abandons its focus when it is dismissed",
        source: AOSP.mediaFocusControl + " abandonAudioFocus",
        evidence: .model)
    static let ringerMode = Rule(
        id: "device.ringer-mode",
        statement: "the ringer mode is the user's: normal, vibrate or silent",
        source: AOSP.audioManager + " setRingerMode, RINGER_MODE_*",
        evidence: .documented)
}
