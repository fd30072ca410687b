import ArbiterEngine
import ArbiterKit

extension SimulatedPhone {
    /// The state of player `player` of app `app`, as the engine has it (nil when there is no such player).
    func state(of player: String, in app: AppID) -> PlayerState? {
        engine.player(player, of: app)?.state
    }

    /// What the lock screen shows now: the Now Playing app and its info, its elapsed time extrapolated to now.
    var lockScreen: NowPlayingView? { engine.nowPlayingView(at: now) }

    /// The output ports audio goes to now.
    var outputs: [PortType] { engine.currentRoute.outputTypes }
}

/// A podcast app declared beside the code apps: playback, non-mixable, with the audio background mode and remote
/// commands (so it can be Now Playing), resuming when an interruption ends with shouldResume, as a media app should.
let podcastsApp = AppConfig(
    "Podcasts", backgroundModes: [.audio], category: .playback,
    players: [PlayerConfig(name: "episode", kind: .avPlayer)], remoteCommands: [.play, .pause, .togglePlayPause],
    reactions: [.interruptionEnded: .resumeIfShouldResume])

extension SimulatedPhone {
    /// The identifiers of the lints' findings so far (`phone.lints`), in order.
    var lintIDs: [String] { lints.map(\.lint.id) }
}
