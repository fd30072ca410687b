import ArbiterEngine

/// How the podcast app configures its audio session, and the apps it shares the phone with in our tests.
public enum PodcastApp {
    /// Spoken audio in the background, with lock-screen controls; it resumes after an interruption when iOS
    /// says it should, and pauses when the headphones go away.
    public static let config = AppConfig(
        "Podcasts",
        backgroundModes: [.audio],
        category: .playback,
        mode: .spokenAudio,
        players: [PlayerConfig(name: "episode", kind: .avPlayer)],
        remoteCommands: [.play, .pause, .togglePlayPause],
        reactions: [.interruptionEnded: .resumeIfShouldResume]
    )

    /// A navigation app that speaks prompts over other audio.
    public static let maps = AppConfig(
        "Maps", backgroundModes: [.audio], category: .playback, mode: .voicePrompt,
        options: [.interruptSpokenAudioAndMixWithOthers, .duckOthers])

    /// A video app showing a movie with the system player UI.
    public static let video = AppConfig(
        "Video", backgroundModes: [.audio], category: .playback, mode: .moviePlayback,
        players: [PlayerConfig(name: "movie", kind: .playerViewController)], remoteCommands: [.play, .pause])

    /// A game's sound effects: ambient, mixing with whatever plays.
    public static let game = AppConfig("Game", category: .ambient)
}
