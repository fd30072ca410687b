import ArbiterEngine

extension AndroidRules {
    static let appControlsPlayers = Rule(
        id: "player.app-controls",
        statement: "an app starts, pauses and stops its players itself; focus is advisory to that, and a player may "
            + "play with no focus request",
        source: "https://developer.android.com/media/optimize/audio-focus",
        evidence: .documented)
    static let appVolume = Rule(
        id: "player.app-volume",
        statement: "an app sets its own player volume; the framework's duck, fade and mute apply on top of it",
        source: AOSP.playbackMonitor + " (VolumeShaper and muting act on the player, not the app's volume)",
        evidence: .documented)
    static let playRequestsFocus = Rule(
        id: "player.play-requests-focus",
        statement: "a focus-aware player requests focus unless it holds it or waits for it, then starts if granted, "
            + "stays stopped if refused",
        source: "docs/android.md (play: ExoPlayer's audio focus handling, audio_session, expo-av)",
        evidence: .model)
    static let appDeclaresPlayer = Rule(
        id: "player.app-declares",
        statement: "an app can make a player at any time; it starts stopped at volume 1, and the playback monitor "
            + "sees it when it starts (a player started in a ducked uid is ducked at once)",
        source: AOSP.playbackMonitor + " (trackPlayer registers a player when the app creates it)",
        evidence: .documented)
    static let processDied = Rule(
        id: "player.process-died",
        statement: "when an app's process dies its players stop and its focus entry is removed",
        source: AOSP.mediaFocusControl + " AudioFocusDeathHandler.binderDied; " + AOSP.playbackMonitor
            + " (players released with the process)",
        evidence: .documented)
}
