/// Remote commands go to the Now Playing app, only when enabled; its handler's status is recorded. The value a command
/// carries (a position, a rate, a repeat type, ...) goes with it to the app's handlers; the engine itself acts only on
/// a position (reference §8.3 documents no other effect of a value).
extension Engine {
    mutating func remote(_ command: RemoteCommand, value: RemoteValue?, _ effects: inout Effects) -> StepResult {
        guard let i = nowPlayingApp() else {
            effects.record(nil, .remoteDropped(command), .remoteNeedsNowPlaying)
            return .succeeded
        }
        let handlingPlayer = player(handling: command, app: i)
        guard handlingPlayer != nil || apps[i].enabledCommands.contains(command) else {
            effects.record(i, .remoteDropped(command), .disabledCommandsNotSent)
            return .succeeded
        }
        if device.isSiriActive {
            // The app is told now and keeps the command until Siri's interruption ends.
            if handlingPlayer == nil { effects.notify(apps[i].id, .remoteCommand(command), .siriQueuesCommands) }
            siriQueuedCommands.append(QueuedCommand(app: Int32(i), command: command, value: value))
            effects.record(i, .remoteQueued(command), .siriQueuesCommands)
            return .succeeded
        }
        perform(command, position: value?.position, app: i, player: handlingPlayer, told: false, &effects)
        return .succeeded
    }

    /// The commands that AVPlayerViewController and the music players handle for their player themselves.
    public static let playerHandledCommands: [RemoteCommand] = [
        .play, .pause, .togglePlayPause, .stop, .changePlaybackPosition,
    ]

    /// The player of app `i` that handles `command` itself (AVPlayerViewController, a music player), if any.
    @inline(__always)  // called from mutating rules (performance conventions: mutating reads)
    private func player(handling command: RemoteCommand, app i: Int) -> Int? {
        guard Engine.playerHandledCommands.contains(command) else { return nil }
        return apps[i].players.firstIndex(where: \.publishesNowPlaying)
    }

    /// App `i` acts on a remote command it was sent: its player `handlingPlayer`, or its handler (told already when
    /// `told`), records the status.
    private mutating func perform(
        _ command: RemoteCommand, position: Double?, app i: Int, player handlingPlayer: Int?,
        told: Bool, _ effects: inout Effects
    ) {
        if let p = handlingPlayer {
            // The player's code runs in the app, so a suspended app is woken to run it, as for any step.
            wakeIfSuspended(i, &effects)
            let status = playerHandles(command, position: position, app: i, player: p, &effects)
            effects.record(i, .remoteHandled(command, status), .playerHandlesRemote)
            return
        }
        let delivered = effects.notifications.count
        if !told { effects.notify(apps[i].id, .remoteCommand(command), .remoteToNowPlaying) }
        var status = HandlerStatus.success
        if let reaction = apps[i].config.reactions[.remote(command)] {
            let record = react(i, trigger: .remote(command), reaction, shouldResume: false, &effects)
            if case .failed = record?.result { status = .commandFailed }
            if case .rejected = record?.result { status = .commandFailed }
        } else if command == .changePlaybackPosition, let position, !apps[i].config.runsOwnCode,
            let p = apps[i].players.indices.first
        {
            apps[i].players[p].seek(to: position, at: now)
            effects.playerPosition(i, p, position, .remoteToNowPlaying)
        }
        effects.record(i, .remoteHandled(command, status), .remoteToNowPlaying)
        // The handler's return value travels with the delivery, so a check can read it.
        if status != .success && !told {
            effects.notifications[delivered].kind = .remoteCommand(command, status: status)
        }
    }

    /// After Siri's interruption has ended and the apps have reacted to that, each app applies the remote commands it
    /// kept while Siri held the session, in the order they came.
    mutating func applyCommandsQueuedDuringSiri(_ effects: inout Effects) {
        let queued = siriQueuedCommands
        siriQueuedCommands = []
        for entry in queued where apps[Int(entry.app)].lifecycle != .terminated {
            let i = Int(entry.app)
            effects.record(i, .remoteApplied(entry.command), .siriQueuesCommands)
            perform(
                entry.command, position: entry.value?.position, app: i,
                player: player(handling: entry.command, app: i), told: true, &effects)
        }
    }

    /// A player that handles remote commands itself (AVPlayerViewController, the music players) acts on them.
    private mutating func playerHandles(
        _ command: RemoteCommand, position: Double?, app i: Int, player p: Int,
        _ effects: inout Effects
    ) -> HandlerStatus {
        let name = apps[i].players[p].name
        let result: StepResult
        switch command {
        case .play: result = play(i, player: name, &effects)
        case .pause: result = halt(i, player: name, to: .paused, &effects)
        case .stop: result = halt(i, player: name, to: .stopped, &effects)
        case .togglePlayPause:
            result =
                apps[i].players[p].isRunning
                ? halt(i, player: name, to: .paused, &effects)
                : play(i, player: name, &effects)
        case .changePlaybackPosition:
            guard let position else { return .commandFailed }
            apps[i].players[p].seek(to: position, at: now)
            effects.playerPosition(i, p, position, .playerHandlesRemote)
            result = .succeeded
        default: return .commandFailed
        }
        return result == .succeeded ? .success : .commandFailed
    }
}

/// A remote command an app keeps until Siri's interruption ends.
struct QueuedCommand: Hashable, Sendable {
    var app: Int32
    var command: RemoteCommand
    var value: RemoteValue?
}

extension Rule {
    static let siriQueuesCommands = Rule(
        id: "remote.queued-during-siri",
        statement: "remote commands that arrive while Siri has interrupted the app (the user asking Siri to pause, "
            + "say) are kept and applied when the interruption ends, after the app has handled the end",
        source: "ASPG14 p.27 (Handling Interruptions From Siri: queue the commands, apply them when it ends)",
        evidence: .documented)
    static let remoteToNowPlaying = Rule(
        id: "remote.to-now-playing",
        statement: "remote commands from the lock screen, Control Center or a headset go to the Now Playing app's "
            + "enabled handlers, even after it paused",
        source: "DOC:mediaplayer/handling-external-player-events-notifications; DOC:mediaplayer/mpremotecommandcenter",
        evidence: .documented)
    static let remoteNeedsNowPlaying = Rule(
        id: "remote.no-now-playing",
        statement: "with no Now Playing app, a remote command reaches nobody",
        source: "DOC:mediaplayer/handling-external-player-events-notifications",
        evidence: .documented)
    static let playerHandlesRemote = Rule(
        id: "remote.player-handles",
        statement: "AVPlayerViewController (updatesNowPlayingInfoCenter) and the music players handle play, pause, "
            + "togglePlayPause, stop and changePlaybackPosition for their player themselves",
        source: "DOC:avkit/avplayerviewcontroller/updatesnowplayinginfocenter; "
            + "DOC:mediaplayer/handling-external-player-events-notifications",
        evidence: .documented)
}
