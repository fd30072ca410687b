/// Players over time: items end, queues advance, positions move.
extension Engine {
    /// Sets a player's state (keeping its position continuous) and records the decision. `byInterruption`: an
    /// interruption pauses it (what `resumeIfShouldResume` resumes).
    mutating func setPlayer(
        _ i: Int, _ p: Int, _ state: PlayerState, rule: Rule, byInterruption: Bool = false,
        _ effects: inout Effects
    ) {
        guard apps[i].players[p].state != state else { return }
        // One write: each write to an app's players recounts them.
        apps[i].players[p].set(state, at: now, byInterruption: byInterruption)
        effects.player(i, p, state, rule)
        if i == musicAppIndex { tellMusicAppHandles(state, &effects) }
        // The player's fields (performance conventions: in-place reads).
        let (notifies, itemMayChange) = apps[i].players.withUnsafeBufferPointer { players in
            (
                players[p].kind.isMusicPlayer && players[p].generatesPlaybackNotifications,
                players[p].streams || players[p].itemStatus != .readyToPlay
            )
        }
        if itemMayChange { refreshItem(i, p, &effects) }
        if notifies {
            effects.notify(
                apps[i].id, .playbackStateChanged(player: apps[i].players[p].name, state),
                .musicPlayerNotifications)
        }
    }

    mutating func showVideo(_ i: Int, player name: String?, _ shown: Bool, _ effects: inout Effects) -> StepResult {
        for p in players(of: i, named: name) where apps[i].players[p].showsVideo != shown {
            apps[i].players[p].showsVideo = shown
            effects.record(i, .videoShown(apps[i].players[p].name, shown), .videoPausesInBackground)
        }
        return .succeeded
    }

    /// Brings every playing player up to `now`: an item that reached its end makes a queue player advance and
    /// any other player stop at the end. The ends are taken in the order they happened, across players, so that what
    /// the apps are told comes in that order.
    mutating func catchUpPlayers(_ effects: inout Effects) {
        while let (i, p, endedAt) = earliestItemEnd() { endItem(i, p, at: endedAt, &effects) }
    }

    /// The playing player whose current item ended first by `now`, and when it ended; nil when none has.
    private func earliestItemEnd() -> (app: Int, player: Int, at: Time)? {
        var earliest: (app: Int, player: Int, at: Time)?
        for i in appsWithTimedPlayback {
            for p in apps[i].players.indices {
                guard apps[i].players[p].isRunning, let duration = apps[i].players[p].currentItem?.duration,
                    apps[i].players[p].position(at: now) >= duration
                else { continue }
                let player = apps[i].players[p]
                let endedAt = player.positionTime + .seconds((duration - player.position) / player.rate)
                if earliest == nil || endedAt < earliest!.at { earliest = (i, p, endedAt) }
            }
        }
        return earliest
    }

    /// Player `p` of app `i` reached the end of its item at `endedAt`: a queue advances, any other player stops.
    private mutating func endItem(_ i: Int, _ p: Int, at endedAt: Time, _ effects: inout Effects) {
        let player = apps[i].players[p]
        if [.avPlayer, .queuePlayer, .playerViewController].contains(player.kind) {
            effects.notify(apps[i].id, .didPlayToEndTime(player: player.name), .didPlayToEndTime)
        }
        if (player.kind == .queuePlayer || player.playsInMusicApp) && player.itemIndex + 1 < player.items.count {
            apps[i].players[p].itemIndex += 1
            apps[i].players[p].seek(to: 0, at: endedAt)
            itemChanged(i, p, &effects)
            let next = apps[i].players[p]
            effects.record(
                i, .playerItem(next.name, index: next.itemIndex, title: next.currentItem?.title),
                .queueAdvances)
        } else {
            apps[i].players[p].seek(to: player.currentItem?.duration ?? player.position, at: now)
            apps[i].players[p].state = .stopped
            effects.player(i, p, .stopped, .itemEnds)
            if i == musicAppIndex { tellMusicAppHandles(.stopped, &effects) }
        }
    }

    mutating func seek(_ i: Int, player name: String?, to seconds: Double, _ effects: inout Effects) -> StepResult {
        var chosen = players(of: i, named: name)
        if let (_, m) = takeMusicAppHandles(from: &chosen, of: i) {
            _ = seek(m, player: nil, to: seconds, &effects)
        }
        for p in chosen {
            apps[i].players[p].seek(to: seconds, at: now)
            effects.playerPosition(i, p, seconds, .playerPlays)
        }
        return .succeeded
    }

    /// Sets the playback rate of the players `name` names (a systemMusicPlayer's: the Music app's).
    mutating func setRate(_ i: Int, player name: String?, _ rate: Double, _ effects: inout Effects) -> StepResult {
        var chosen = players(of: i, named: name)
        if let (_, m) = takeMusicAppHandles(from: &chosen, of: i) {
            _ = setRate(m, player: nil, rate, &effects)
        }
        for p in chosen where apps[i].players[p].rate != rate {
            apps[i].players[p].setRate(rate, at: now)
            effects.record(i, .playerRate(apps[i].players[p].name, rate), .playerRateSet)
        }
        return .succeeded
    }

    mutating func nextTrack(_ i: Int, player name: String?, _ effects: inout Effects) -> StepResult {
        var chosen = players(of: i, named: name)
        if let (_, m) = takeMusicAppHandles(from: &chosen, of: i) {
            _ = nextTrack(m, player: nil, &effects)
        }
        for p in chosen {
            if apps[i].players[p].itemIndex + 1 < apps[i].players[p].items.count {
                apps[i].players[p].itemIndex += 1
                itemChanged(i, p, &effects)
            }
            apps[i].players[p].seek(to: 0, at: now)
            let player = apps[i].players[p]
            effects.record(
                i,
                .playerItem(
                    player.name, index: player.itemIndex,
                    title: player.currentItem?.title), .playerPlays)
        }
        return .succeeded
    }
}

extension Rule {
    static let musicPlayerNotifications = Rule(
        id: "player.music-player-notifications",
        statement: "MPMusicPlayerController posts its playback-state notifications only after "
            + "beginGeneratingPlaybackNotifications",
        source: "SEED0; DOC:mediaplayer/mpmusicplayercontroller",
        evidence: .observed)
    static let videoPausesInBackground = Rule(
        id: "player.video-pauses-in-background",
        statement: "an AVPlayer whose video is on screen (attached to an AVPlayerLayer or shown by "
            + "AVPlayerViewController) pauses when its app goes to the background; detach it to keep the audio",
        source: "QA1668 (Special Considerations for Video Media); SEED2",
        evidence: .documented)
    static let playerRateSet = Rule(
        id: "player.rate",
        statement:
            "a player plays at the rate the app sets (2 is twice normal speed): its position, and the end of its "
            + "item, come at that rate; a player that publishes Now Playing itself shows that rate",
        source: "DOC:avfoundation/avplayer/rate; DOC:avfaudio/avaudioplayer/rate; DOC:mediaplayer/"
            + "mpnowplayinginfopropertyplaybackrate",
        evidence: .documented)
    static let queueAdvances = Rule(
        id: "player.queue-advances",
        statement: "AVQueuePlayer advances to the next item when the current one ends",
        source: "DOC:avfoundation/avqueueplayer",
        evidence: .documented)
    static let itemEnds = Rule(
        id: "player.item-ends",
        statement: "a player stops at the end of its item",
        source: "DOC:avfaudio/avaudioplayerdelegate (audioPlayerDidFinishPlaying)",
        evidence: .documented)
    static let applicationMusicPlayerStops = Rule(
        id: "player.application-music-player-stops",
        statement: "MPMusicPlayerController.applicationMusicPlayer stops when its app goes to the background",
        source: "DOC:mediaplayer/mpmusicplayercontroller/applicationmusicplayer; SEED0",
        evidence: .documented)
}
