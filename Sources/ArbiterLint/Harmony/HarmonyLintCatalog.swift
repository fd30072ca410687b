import ArbiterEngine

extension Lint {
    /// Every platform's lints: iOS's, Android's, then HarmonyOS's, as `arbiter lints` lists them. A cross-platform
    /// file's shared allowances may name any of them.
    public static var everyPlatform: [Lint] { catalog + androidCatalog + harmonyCatalog }

    /// Every HarmonyOS lint, in the order `arbiter lints` lists them.
    public static let harmonyCatalog: [Lint] = [.resumeIgnored, .startedAfterStop, .mediaUsageForShortSound]

    static let resumeIgnored = Lint(
        id: "harmony.resume-ignored",
        statement: "a stream the system paused is told INTERRUPT_HINT_RESUME (a suggestion: INTERRUPT_SHARE) and "
            + "the system does not restart it; an app that does not listen for audioInterrupt, or ignores the hint, "
            + "stays silent, and out of the focus list",
        source: "harmonyos §5.2, §6 (D-FOCUS 处理音频焦点变化: RESUME is SHARE, the app decides; AIS "
            + "SendInterruptEvent removeFocusInfo)",
        evidence: .documented,
        fix: "listen with on('audioInterrupt') and call start() on INTERRUPT_HINT_RESUME")

    static let startedAfterStop = Lint(
        id: "harmony.started-after-stop",
        statement: "INTERRUPT_HINT_STOP means the stream lost focus for good (no further focus event will come); an "
            + "app that starts it again from its handler takes focus back from the stream the user chose",
        source: "harmonyos §5.2, §6 (D-FOCUS: STOP \"彻底失去音频焦点 … 后续不会再收到任何音频焦点事件\")",
        evidence: .documented,
        fix: "on INTERRUPT_HINT_STOP show the stream as stopped; start it again only when the user asks")

    static let mediaUsageForShortSound = Lint(
        id: "harmony.media-usage-for-short-sound",
        statement: "a short sound or prompt played with a media usage (music, movie, audiobook) stops the user's "
            + "music for good, as media stops media; the guides give prompts the notification usage (it ducks) and "
            + "short sounds a SoundPool (it mixes)",
        source: "harmonyos §8, §10 (D-OVW 场景5: TTS played as media stops music; D-FOCUS 特殊场景 1; D-USAGE)",
        evidence: .documented,
        fix: "play prompts with usage notification (or navigation, voiceAssistant), short sounds with a SoundPool")
}
