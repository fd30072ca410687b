import ArbiterEngine

extension Lint {
    /// Every Android lint, in the order `arbiter lints` lists them.
    public static let androidCatalog: [Lint] = [
        .focusKeptAfterStopping, .transientLossIgnored, .playingAfterPermanentLoss, .duckingByHand,
    ]

    static let focusKeptAfterStopping = Lint(
        id: "focus.kept-after-stopping",
        statement: "an app that stops playing without abandoning audio focus keeps the apps it took focus from "
            + "paused or ducked, because they get focus back only when it abandons",
        source: "§10.3 (AOSP-FB MediaFocusControl.java notifyTopOfAudioFocusStack; "
            + "developer.android.com/media/optimize/audio-focus)",
        evidence: .documented,
        fix: "call abandonAudioFocusRequest when playback stops")

    static let transientLossIgnored = Lint(
        id: "focus.transient-loss-ignored",
        statement: "an app that keeps playing after AUDIOFOCUS_LOSS_TRANSIENT plays over the call, assistant or "
            + "prompt that took focus; the framework does not pause it",
        source: "§10.1, §10.2 (AOSP-FB AudioManager.java; developer.android.com/media/optimize/audio-focus)",
        evidence: .documented,
        fix: "pause on focusLossTransient, resume on focusGain")

    static let playingAfterPermanentLoss = Lint(
        id: "focus.playing-after-loss",
        statement: "an app that keeps playing after AUDIOFOCUS_LOSS plays over the app that took focus; from "
            + "Android 12 the framework fades it out, then fades it back in as an offender",
        source: "§10.5, §10.8 (AOSP-FB FadeOutManager.java; FadeConfigurations.java "
            + "DEFAULT_DELAY_FADE_IN_OFFENDERS_MS)",
        evidence: .documented,
        fix: "stop (or pause) and abandon focus on focusLoss")

    static let duckingByHand = Lint(
        id: "focus.ducking-by-hand",
        statement: "from Android 8 the framework ducks an app itself; an app that also lowers its own volume is "
            + "ducked twice, and an app told lossTransientCanDuck because it plays speech or set willPauseWhenDucked "
            + "should pause, not duck",
        source: "§10.4 (AOSP-FB FocusRequester.java handleFocusLoss; PlaybackActivityMonitor.java duckPlayers)",
        evidence: .documented,
        fix: "leave ducking to the framework; pause on focusLossTransientCanDuck")
}
