/// The Music app. `MPMusicPlayerController.systemMusicPlayer` plays in the Music app's session, not the caller's
/// (reference §8.1, §8.5, §7): Music becomes Now Playing and gets the remote commands, its non-mixable session
/// interrupts other non-mixable sessions like any other, and it keeps playing when the caller leaves or is terminated.
/// The engine runs the Music app as an app of its own whenever an app has a systemMusicPlayer; an app's
/// systemMusicPlayer is a handle on the Music app's player and never plays itself.
extension AppConfig {
    /// The Music app as the engine runs it: playback (non-mixable), the audio background mode, one player, `main`,
    /// whose queue and state every systemMusicPlayer shares, and handlers for the transport commands.
    public static func musicApp(named name: AppID = "Music", profile: Profile = Profile()) -> AppConfig {
        var player = PlayerConfig(name: "main", kind: .systemMusicPlayer)
        player.playsInMusicApp = true
        var reactions: [ReactionTrigger: Reaction] = [.remote(.nextTrack): .nextTrack]
        if profile.musicAppResumesAfterInterruption { reactions[.interruptionEnded] = .resumeIfShouldResume }
        var config = AppConfig(
            name, backgroundModes: [.audio], category: .playback, players: [player],
            remoteCommands: [
                .play, .pause, .stop, .togglePlayPause, .nextTrack,
                .changePlaybackPosition,
            ],
            reactions: reactions)
        config.isMusicApp = true
        return config
    }

    /// Whether the app has a systemMusicPlayer, which needs the Music app.
    var drivesMusicApp: Bool { players.contains { $0.kind == .systemMusicPlayer && !$0.playsInMusicApp } }
}

extension Setup {
    /// The name the built-in Music app takes: `Music`, or `MusicApp` (then `MusicApp2`, ...) when an app has it.
    public static func musicAppName(avoiding names: [AppID]) -> AppID {
        var candidate: AppID = "Music"
        var n = 1
        while names.contains(candidate) {
            candidate = AppID(n == 1 ? "MusicApp" : "MusicApp\(n)")
            n += 1
        }
        return candidate
    }

    /// The built-in Music app the engine adds to this setup: when an app has a systemMusicPlayer and none of the
    /// apps is the Music app already; nil otherwise.
    public var musicApp: AppConfig? {
        guard apps.contains(where: \.drivesMusicApp), !apps.contains(where: \.isMusicApp) else { return nil }
        return .musicApp(named: Setup.musicAppName(avoiding: apps.map(\.name)), profile: profile)
    }

    /// The apps the engine runs: the declared ones, in order, then the built-in Music app when there is one.
    public var allApps: [AppConfig] { musicApp.map { apps + [$0] } ?? apps }
}

extension Engine {
    /// The built-in Music app's name, when the engine runs one.
    public var musicApp: AppID? { musicAppIndex.map { apps[$0].id } }

    /// Player `name` of app `id` as the app sees it: its own player, or, for a systemMusicPlayer, the Music app's
    /// player it is a handle on (under the handle's name). Nil when there is no such app or player.
    public func player(_ name: String, of id: AppID) -> Player? {
        guard let player = app(id)?.player(named: name) else { return nil }
        guard player.drivesMusicApp, let m = musicAppIndex else { return player }
        var shared = apps[m].players[0]
        shared.name = name
        return shared
    }

    /// Takes the Music app's handles out of `chosen` (players of app `i`): when there were any, returns the first
    /// and the Music app's index.
    @inline(__always)  // asked on every play and pause; most apps have no handle, and then nothing is copied
    func takeMusicAppHandles(from chosen: inout IndexList, of i: Int) -> (handle: Int, musicApp: Int)? {
        guard apps[i].musicAppHandleCount > 0, let m = musicAppIndex,
            let handle = splitMusicAppHandles(from: &chosen, of: i)
        else { return nil }
        return (handle, m)
    }

    private func splitMusicAppHandles(from chosen: inout IndexList, of i: Int) -> Int? {
        var rest = IndexList()
        var handle: Int?
        for k in chosen.indices {
            if apps[i].players[chosen[k]].drivesMusicApp {
                if handle == nil { handle = chosen[k] }
            } else {
                rest.append(chosen[k])
            }
        }
        chosen = rest
        return handle
    }

    /// App `i` plays its systemMusicPlayer `h`: the Music app takes the handle's queue, when it names one, and
    /// plays, in its own session. The app in front asked, so Music may interrupt others from the background.
    mutating func playInMusicApp(for i: Int, handle h: Int, musicApp m: Int, _ effects: inout Effects) -> StepResult {
        if apps[m].lifecycle == .terminated {
            startAfresh(m, lifecycle: .background)
            effects.lifecycle(m, .background, .musicAppPlaysForSystemPlayer)
        }
        wakeIfSuspended(m, &effects)
        let items = apps[i].players[h].items
        if !items.isEmpty && apps[m].players[0].items != items {
            apps[m].players[0].items = items
            apps[m].players[0].itemIndex = 0
            apps[m].players[0].seek(to: 0, at: now)
            itemChanged(m, 0, &effects)
            effects.record(m, .playerItem("main", index: 0, title: items[0].title), .musicAppSharesQueue)
        }
        return play(m, player: nil, asForeground: true, &effects)
    }

    /// Tells every app whose systemMusicPlayer generates playback notifications that the Music app's player
    /// changed state (`MPMusicPlayerControllerPlaybackStateDidChange`).
    mutating func tellMusicAppHandles(_ state: PlayerState, _ effects: inout Effects) {
        for j in apps.indices where apps[j].musicAppHandleCount > 0 && apps[j].lifecycle != .terminated {
            for p in apps[j].players.indices
            where apps[j].players[p].drivesMusicApp && apps[j].players[p].generatesPlaybackNotifications {
                effects.notify(
                    apps[j].id, .playbackStateChanged(player: apps[j].players[p].name, state),
                    .musicPlayerNotifications)
            }
        }
    }
}

extension Rule {
    static let musicAppPlaysForSystemPlayer = Rule(
        id: "music-app.plays-for-system-player",
        statement: "systemMusicPlayer drives the Music app: Music plays in its own (playback, non-mixable) session, "
            + "becomes Now Playing and gets the remote commands, interrupts other non-mixable sessions, and keeps "
            + "playing when the calling app leaves the foreground or is terminated",
        source: "DOC:mediaplayer/mpmusicplayercontroller/systemmusicplayer; lionheart/openradar-mirror#15920 "
            + "(rdar 28431676); SEED0",
        evidence: .documented)
    static let musicAppSharesQueue = Rule(
        id: "music-app.shares-queue",
        statement: "the system music player shares its now-playing item, queue and playback state with the Music app",
        source: "DOC:mediaplayer/mpmusicplayercontroller/systemmusicplayer; DOC:mediaplayer/mpmusicplayercontroller/"
            + "playbackstate",
        evidence: .documented)
}
