/// The apps' own code: what each does when told something. A reaction is an event like any other, at the
/// same instant, after the notification.
extension Engine {
    /// Reactions one event may cause, at most: a guard against apps that react to each other forever.
    static let reactionLimit = 64

    /// Runs the reactions to every notification delivered so far from `start` on (and to those the reactions cause).
    mutating func runReactions(_ effects: inout Effects, from start: Int = 0) {
        var cursor = start
        while cursor < effects.notifications.count && effects.reactions.count < Engine.reactionLimit {
            let notification = effects.notifications[cursor]
            cursor += 1
            guard let i = index(of: notification.app), apps[i].lifecycle != .terminated,
                let (trigger, shouldResume) = Engine.trigger(for: notification.kind),
                let reaction = apps[i].config.reactions[trigger]
            else { continue }
            if react(i, trigger: trigger, reaction, shouldResume: shouldResume, &effects) != nil {
                settle(&effects)
            }
        }
    }

    static func trigger(for kind: NotificationKind) -> (ReactionTrigger, Bool)? {
        switch kind {
        case .interruptionBegan: (.interruptionBegan, false)
        case .interruptionEnded(let shouldResume): (.interruptionEnded, shouldResume)
        case .routeChange(.newDeviceAvailable, _): (.newDeviceAvailable, false)
        case .routeChange(.oldDeviceUnavailable, _): (.oldDeviceUnavailable, false)
        case .routeChange: nil
        case .mediaServicesWereReset: (.mediaServicesReset, false)
        case .mediaServicesWereLost: nil
        case .silenceSecondaryAudioHint(.begin): (.silenceSecondaryAudioBegan, false)
        case .silenceSecondaryAudioHint(.end): (.silenceSecondaryAudioEnded, false)
        case .remoteCommand: nil  // handled where the command is delivered, so its status can be recorded
        case .playbackStateChanged, .didPlayToEndTime: nil
        }
    }

    /// Runs one reaction of app `i`; nil when it had nothing to do.
    @discardableResult
    mutating func react(
        _ i: Int, trigger: ReactionTrigger, _ reaction: Reaction, shouldResume: Bool,
        _ effects: inout Effects
    ) -> ReactionRecord? {
        let actions = self.actions(for: reaction, app: i, shouldResume: shouldResume)
        guard !actions.isEmpty else { return nil }
        effects.record(i, .reacted(trigger, reaction), .appReaction)
        var result = StepResult.succeeded
        for action in actions {
            let step = rejection(of: action, by: i).map(StepResult.rejected) ?? apply(action, to: i, &effects)
            if case .succeeded = result { result = step }
        }
        let record = ReactionRecord(app: apps[i].id, trigger: trigger, reaction: reaction, result: result)
        effects.reactions.append(record)
        return record
    }

    /// The calls the app's code makes for a reaction, given its players now.
    func actions(for reaction: Reaction, app i: Int, shouldResume: Bool) -> [AppAction] {
        let app = apps[i]
        let paused = app.players.filter { !$0.kind.isRecorder && $0.state == .paused }.map(\.name)
        let hasPlayers = app.players.contains { !$0.kind.isRecorder }
        switch reaction {
        case .nothing: return []
        case .pause: return app.isPlaying ? [.pause()] : []
        case .stop: return hasPlayers ? [.stop()] : []
        case .play: return hasPlayers ? [.play()] : []
        case .resume: return paused.map { .play(player: $0) }
        case .resumeIfShouldResume:
            // Only what the interruption paused: a player the user paused before it stays paused.
            guard shouldResume else { return [] }
            return app.players.filter { $0.state == .paused && $0.pausedByInterruption }.map { .play(player: $0.name) }
        case .togglePlayPause:
            if app.isPlaying { return [.pause()] }
            return paused.isEmpty ? (hasPlayers ? [.play()] : []) : paused.map { .play(player: $0) }
        case .nextTrack: return hasPlayers ? [.nextTrack()] : []
        case .deactivate: return [.deactivate(notifyOthers: false)]
        case .deactivateNotifyingOthers: return [.deactivate(notifyOthers: true)]
        case .restoreSession:
            return [.setCategory(app.config.category, mode: app.config.mode, options: app.config.options)]
        }
    }
}

extension Rule {
    static let appReaction = Rule(
        id: "app.reaction",
        statement:
            "the app's own code reacts to what it was told, as the scenario declares; iOS does not do this for it",
        source: "scenario format (Reactions)",
        evidence: .model)
}
