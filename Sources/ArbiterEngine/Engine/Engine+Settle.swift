/// What the engine derives after every event: ducking ramps, audibility changes and hint notifications.
struct Observation {
    var audible: [AppID: Bool] = [:]
    /// The hint, for the apps that could be told of it (foreground, active session).
    var secondaryHint: [AppID: Bool] = [:]
}

extension Engine {
    /// The derived values that are compared before and after an event.
    func observe() -> Observation {
        var observation = Observation()
        for i in apps.indices {
            observation.audible[apps[i].id] = audibility(i).isAudible
            if apps[i].lifecycle == .foreground && apps[i].session.isActive {
                observation.secondaryHint[apps[i].id] = secondaryAudioShouldBeSilencedHint(for: apps[i].id)
            }
        }
        return observation
    }

    mutating func settle(since before: Observation, _ effects: inout Effects) {
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
