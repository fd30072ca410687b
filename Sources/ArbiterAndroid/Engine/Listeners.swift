import ArbiterEngine

/// The apps' own listeners: on each focus change delivered, the app's reactions run in order, after the work that
/// delivered it (a listener runs on the app's thread, once the framework's call returned).
extension AndroidEngine {
    /// Reactions one event may run, at most: a guard against apps that answer each other forever.
    static let reactionLimit = 64

    /// Runs the reactions to every notification delivered so far (and to those the reactions cause).
    mutating func runReactions() {
        while effects.reactionCursor < effects.notifications.count {
            let notification = effects.notifications[effects.reactionCursor]
            effects.reactionCursor += 1
            guard let i = recordIndex[notification.app],
                let reactions = records[i].declaration.reactions[notification.change]
            else { continue }
            for reaction in reactions {
                guard effects.reactionsRun < AndroidEngine.reactionLimit else {
                    if effects.reactionsRun == AndroidEngine.reactionLimit {
                        reject(
                            "the apps' reactions kept answering each other: stopped after "
                                + "\(AndroidEngine.reactionLimit) reactions")
                        effects.reactionsRun += 1
                    }
                    return
                }
                effects.reactionsRun += 1
                react(i, to: notification.change, reaction)
            }
        }
    }

    /// One reaction of app `i` to `change`.
    mutating func react(_ i: Int, to change: FocusChange, _ reaction: FocusReaction) {
        decide(i, .reacted(change, reaction), AndroidRules.appReaction)
        let rule = AndroidRules.appReaction
        switch reaction {
        case .pause:
            let started = records[i].players.filter { $0.state == .started }.map(\.name)
            records[i].pausedByReaction = started
            for name in started { setPlayer(i, name, .paused, rule) }
        case .resume:
            let paused = records[i].pausedByReaction
            records[i].pausedByReaction = []
            for name in paused { startPlayer(i, name, rule) }
        case .stop:
            records[i].pausedByReaction = []
            for player in records[i].players { setPlayer(i, player.name, .stopped, rule) }
        case .play:
            _ = play(i, records[i].players.map(\.name))
        case .duck:
            for player in records[i].players { setOwnVolume(i, player.name, profile.duckLevel, rule) }
        case .unduck:
            for player in records[i].players { setOwnVolume(i, player.name, 1, rule) }
        case .abandonFocus:
            abandonFocus(.app(records[i].id))
        case .requestFocus:
            requestFocus(entry(for: i, FocusRequestChange()))
        case .nothing:
            break
        }
    }
}
