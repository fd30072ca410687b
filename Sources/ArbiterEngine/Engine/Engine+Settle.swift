/// What the engine derives after every event: ducking ramps, audibility changes and hint notifications.
struct Observation {
    var audible: [AppID: Bool] = [:]
    /// The hint, for the apps that could be told of it (foreground, active session).
    var secondaryHint: [AppID: Bool] = [:]
    var route = Route()
    /// Apps running in the background that qualify to.
    var runningInBackground: Set<AppID> = []
    var nowPlaying: AppID?
}

extension Engine {
    /// The derived values that are compared before and after an event.
    func observe() -> Observation {
        var observation = Observation()
        observation.route = currentRoute
        observation.nowPlaying = nowPlaying
        for i in apps.indices where apps[i].lifecycle == .background && keepsRunningInBackground(i) {
            observation.runningInBackground.insert(apps[i].id)
        }
        for i in apps.indices {
            observation.audible[apps[i].id] = audibility(i).isAudible
            if apps[i].lifecycle == .foreground && apps[i].session.isActive {
                observation.secondaryHint[apps[i].id] = secondaryAudioShouldBeSilencedHint(for: apps[i].id)
            }
        }
        return observation
    }

    mutating func settle(since before: Observation, _ effects: inout Effects) {
        announceRouteChange(from: effects.lastRoute ?? before.route, reason: .categoryChange,
                            rule: .ownerDecidesRoute, &effects)
        if nowPlaying != before.nowPlaying {
            effects.decide(nowPlaying ?? before.nowPlaying, .nowPlaying(nowPlaying), .nowPlayingEligibility)
        }
        settleDucking(&effects)
        for i in apps.indices {
            let now = audibility(i)
            if now.isAudible != (before.audible[apps[i].id] ?? false) {
                effects.decide(apps[i].id, .audible(now.isAudible), now.rule)
            }
        }
        notifySecondaryAudioHints(since: before, &effects)
    }
}
