/// Items that come over the network, as AVPlayer plays them: the item loads (status unknown → readyToPlay, or
/// failed), its buffer empties while the device is offline, and a player asked to play waits at its rate
/// (`timeControlStatus` waitingToPlayAtSpecifiedRate) and goes on by itself when data comes back, or, with
/// `automaticallyWaitsToMinimizeStalling` off, stalls to a pause the app must undo.
extension Engine {
    /// The device goes offline (`down`) or comes back: every streaming player's item and buffer follow.
    mutating func setNetwork(down: Bool, _ effects: inout Effects) -> StepResult {
        guard device.isNetworkDown != down else { return .succeeded }
        device.isNetworkDown = down
        effects.record(nil, .network(down: down), .streamBuffersOnline)
        for i in apps.indices where apps[i].hasStreamingPlayer {
            for p in apps[i].players.indices where apps[i].players[p].streams { refreshItem(i, p, &effects) }
        }
        return .succeeded
    }

    /// Player `p` of app `i` has a new current item: it loads afresh.
    mutating func itemChanged(_ i: Int, _ p: Int, _ effects: inout Effects) {
        let loadsLater = apps[i].players[p].streams || apps[i].players[p].currentItem?.fails == true
        let status: ItemStatus = loadsLater ? .unknown : .readyToPlay
        if apps[i].players[p].itemStatus != status { apps[i].players[p].itemStatus = status }
        if loadsLater { refreshItem(i, p, &effects) }
    }

    /// Brings the current item of player `p` of app `i` up to date: it loads when the player is asked to play it and
    /// can reach it (a streamed item only while online), a loaded stream's buffer is empty while it cannot get data,
    /// and a player asked to play waits (or, not waiting automatically, pauses) until it can play.
    mutating func refreshItem(_ i: Int, _ p: Int, _ effects: inout Effects) {
        let player = apps[i].players[p]
        guard player.streams || player.currentItem?.fails == true else { return }
        let online = !device.isNetworkDown || !player.streams
        // An item loads when its player is asked to play it and can reach it (a stream: while online).
        var status = player.itemStatus
        if status == .unknown && online && player.state == .playing {
            status = player.currentItem?.fails == true ? .failed : .readyToPlay
        }
        if status != player.itemStatus {
            apps[i].players[p].itemStatus = status
            effects.record(
                i, .playerItemStatus(player.name, status),
                status == .failed ? .itemFails : .streamBuffersOnline)
        }
        // Only a loaded stream has a buffer to run dry.
        let bufferEmpty = player.streams && !online && status == .readyToPlay
        if bufferEmpty != player.isBufferEmpty {
            apps[i].players[p].isBufferEmpty = bufferEmpty
            effects.record(i, .playerBuffer(player.name, empty: bufferEmpty), .streamBuffersOnline)
        }
        guard player.state == .playing else {
            if player.isWaiting { apps[i].players[p].isWaiting = false }  // paused or stopped: nothing to wait for
            return
        }
        if status == .failed {
            setPlayer(i, p, .paused, rule: .itemFails, &effects)
            return
        }
        let waits = status != .readyToPlay || bufferEmpty
        if waits && !player.isWaiting && status == .readyToPlay && !player.automaticallyWaitsToMinimizeStalling {
            setPlayer(i, p, .paused, rule: .stallPausesWithoutWaiting, &effects)
            return
        }
        if waits != player.isWaiting {
            apps[i].players[p].position = player.position(at: now)
            apps[i].players[p].positionTime = now
            apps[i].players[p].isWaiting = waits
            effects.record(i, .playerWaiting(player.name, waits), .playerWaitsForStream)
        }
    }
}

extension Rule {
    static let streamBuffersOnline = Rule(
        id: "stream.buffers-online",
        statement: "a streamed item loads (status readyToPlay) and keeps its buffer filled only while the device is "
            + "online: offline, its playback buffer is empty and playback is not likely to keep up",
        source: "DOC:avfoundation/avplayeritem/status; DOC:avfoundation/avplayeritem/isplaybackbufferempty, "
            + "…/isplaybacklikelytokeepup; SEED1 (status unknown → readyToPlay; network stalls)",
        evidence: .documented)
    static let itemFails = Rule(
        id: "stream.item-fails",
        statement: "an item that cannot be loaded has status failed and its player cannot play it",
        source:
            "DOC:avfoundation/avplayeritem/status (failed); SEED1 (AVPlayerStatusFailed: network or server problem)",
        evidence: .documented)
    static let playerWaitsForStream = Rule(
        id: "stream.waits-to-minimize-stalling",
        statement: "a player asked to play (rate kept) whose item is not loaded or whose buffer is empty waits: "
            + "timeControlStatus waitingToPlayAtSpecifiedRate, no sound, the position holds; it plays on by itself "
            + "when data comes back (automaticallyWaitsToMinimizeStalling, default true from iOS 10)",
        source: "DOC:avfoundation/avplayer/automaticallywaitstominimizestalling; DOC:avfoundation/avplayer/"
            + "timecontrolstatus; DOC:avfoundation/avplayeritem/playbackstallednotification (streaming playback "
            + "continues once data arrives)",
        evidence: .documented)
    static let stallPausesWithoutWaiting = Rule(
        id: "stream.stall-pauses-without-waiting",
        statement: "with automaticallyWaitsToMinimizeStalling off, a playing stream whose buffer runs dry stalls: the "
            + "player's rate drops to 0 (paused) and it does not go on by itself; the app plays again once playback "
            + "is likely to keep up",
        source: "DOC:avfoundation/avplayer/automaticallywaitstominimizestalling; WWDC16 503 (Advances in AVFoundation "
            + "Playback: the non-waiting behaviour of earlier releases); SEED1 step 7 (the player pauses itself on a "
            + "bad network)",
        evidence: .observed)
    static let waitingIsSilent = Rule(
        id: "audible.waiting-for-stream",
        statement: "a player waiting for its stream (timeControlStatus waitingToPlayAtSpecifiedRate) makes no sound",
        source: "DOC:avfoundation/avplayer/timecontrolstatus",
        evidence: .documented)
    static let didPlayToEndTime = Rule(
        id: "player.did-play-to-end-time",
        statement: "when an AVPlayer's item plays to its end, AVPlayerItemDidPlayToEndTime is posted to the app",
        source: "DOC:avfoundation/avplayeritem/didplaytoendtimenotification; SEED1 (playbackFinished → playNext)",
        evidence: .documented)
}
