/// isOtherAudioPlaying, secondaryAudioShouldBeSilencedHint and the silence-secondary-audio notification.
extension Engine {
    /// Whether another app is playing, mixable or not.
    public func isOtherAudioPlaying(for id: AppID) -> Bool {
        apps.contains { $0.id != id && $0.session.isActive && $0.isPlaying }
    }

    /// Whether another app with a non-mixable session is playing.
    public func secondaryAudioShouldBeSilencedHint(for id: AppID) -> Bool {
        apps.contains { $0.id != id && $0.session.isActive && !$0.session.isMixable && $0.isPlaying }
    }
}

extension Rule {
    static let silenceSecondaryAudioHint = Rule(
        id: "other-audio.silence-secondary-hint",
        statement: "apps in the foreground with an active session are told (begin/end) when another app's "
            + "non-mixable audio starts or stops",
        source: "H17; H18 (AVAudioSessionSilenceSecondaryAudioHintNotification)",
        evidence: .documented)
}

extension Rule {
    static let otherAudioPlaying = Rule(
        id: "other-audio.is-other-audio-playing",
        statement: "isOtherAudioPlaying is true while any other app plays, mixable apps included",
        source: "H18",
        evidence: .documented)
    static let secondaryAudioHint = Rule(
        id: "other-audio.secondary-hint",
        statement: "secondaryAudioShouldBeSilencedHint is true while another app with a non-mixable session plays",
        source: "H18",
        evidence: .documented)
}

extension Engine {
    /// The rules behind the two other-audio hints, for explanations.
    public static let otherAudioRules = (
        isOtherAudioPlaying: Rule.otherAudioPlaying,
        secondaryAudioShouldBeSilenced: Rule.secondaryAudioHint
    )
}
