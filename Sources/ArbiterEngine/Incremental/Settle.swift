extension Engine {
    /// The facts about app `i` that depend on it alone (everything but `audible`).
    func facts(_ i: Int) -> AppFacts { apps[i].facts }

    /// Re-derives what the apps changed since the last settle can affect and reports each change: the route,
    /// Now Playing, ducking ramps, audibility and the secondary-audio hint, in that order. When `silently`, the
    /// derived values catch up with the state without a report (and gains are left alone).
    @inline(__always)
    mutating func settle(_ effects: inout Effects, silently: Bool = false) {
        // Nothing derived can move when no app and no device input changed (the hint follows the apps' facts and
        // the foreground app, which changes only with an app's lifecycle): a failed call or time passing. Tested
        // inline: a call to learn it cost more than the test.
        if !apps.hasUnsettledChanges && device.ringer == derived.ringer && device.isLocked == derived.isLocked
            && effects.lastRoute == nil && accessoryChanges == derived.accessoryChanges { return }
        settleChanges(&effects, silently: silently)
    }

    /// The re-derivation `settle` describes, once it found an input changed.
    private mutating func settleChanges(_ effects: inout Effects, silently: Bool) {
        var everyAudibility = device.ringer != derived.ringer || device.isLocked != derived.isLocked
        let accessoriesChanged = accessoryChanges != derived.accessoryChanges
        var routeInputs = effects.lastRoute != nil || accessoriesChanged
        apps.takeChanged()
        let changed = apps.settlingCount
        var everyGain = false
        var nowPlayingInputs = false
        // Now Playing is the candidate with the latest serial: only when it stops being one, or its serial goes back,
        // must every candidate be looked at; otherwise it is the latest of it and the changed apps.
        var nowPlayingLost = false
        // The route owner changes only when it changes itself (then every app is looked at) or an app outranks it.
        var owner = derived.owner
        var ownerChanged = false
        for k in 0..<changed {
            let i = apps.settling(k)
            if i >= derived.facts.count { derived.facts.append(AppFacts()) }
            let old = derived.facts[i]
            var new = facts(i)
            new.audible = old.audible
            // Most changes move nothing derived (a seek, a pause of a paused player): nothing to count or list.
            if new == old && i != derived.owner { continue }
            if old.recordsActively != new.recordsActively {
                derived.recording += new.recordsActively ? 1 : -1
                everyAudibility = true
            }
            if old.ducks != new.ducks {
                derived.ducking += new.ducks ? 1 : -1
                everyGain = true
            }
            if old.playsNonMixable != new.playsNonMixable { derived.playingNonMixable += new.playsNonMixable ? 1 : -1 }
            if old.active != new.active { derived.activeApps.update(i, new.active) }
            if old.active != new.active || old.mixable != new.mixable || old.serial != new.serial || i == derived.owner {
                routeInputs = true
                if i == derived.owner {
                    ownerChanged = true
                } else if new.active && Derived.outranks(new, owner.map { derived.facts[$0] }) {
                    owner = i
                }
            }
            if old.nowPlayingSerial != new.nowPlayingSerial {
                nowPlayingInputs = true
                if i == derived.nowPlaying && (new.nowPlayingSerial ?? .min) < (old.nowPlayingSerial ?? .min) {
                    nowPlayingLost = true
                }
                if (old.nowPlayingSerial == nil) != (new.nowPlayingSerial == nil) {
                    derived.nowPlayingCandidates.update(i, new.nowPlayingSerial != nil)
                }
            }
            if old.timedPlayback != new.timedPlayback { derived.timedPlayback.update(i, new.timedPlayback) }
            if !silently && old.runsInBackground != new.runsInBackground {
                effects.notePreviousBackgroundRunning(i, old.runsInBackground)
            }
            derived.facts[i] = new
        }
        derived.ringer = device.ringer
        derived.isLocked = device.isLocked
        if routeInputs {
            if accessoriesChanged { derived.accessoryChanges = accessoryChanges }
            derived.owner = ownerChanged ? Derived.owner(derived.facts, among: derived.activeApps) : owner
            let key = derived.owner.map { RouteKey(apps[$0].session) } ?? RouteKey(AudioSession())
            // The route is a function of the key and the accessories: when neither changed and no route was
            // announced during the event, it is the one derived before, and there is nothing to announce.
            if effects.lastRoute != nil || accessoriesChanged || key != derived.routeKey {
                if derived.routes.needsIdentifying(accessoryChanges) {
                    derived.routes.identify(device.accessories, at: accessoryChanges)
                }
                let route = derived.routes.route(for: key) ?? derivedRoute(key, derived.owner)
                if !silently {
                    announceRouteChange(to: route, from: effects.lastRoute ?? derived.route, reason: .categoryChange,
                                        rule: .ownerDecidesRoute, &effects)
                }
                derived.route = route
                derived.routeKey = key
            }
        }
        if nowPlayingInputs {
            var nowPlaying = derived.nowPlaying
            if nowPlayingLost {
                nowPlaying = Derived.nowPlaying(derived.facts, among: derived.nowPlayingCandidates)
            } else {
                for k in 0..<changed {
                    let i = apps.settling(k)
                    guard let serial = derived.facts[i].nowPlayingSerial else { continue }
                    if nowPlaying.map({ derived.facts[$0].nowPlayingSerial! < serial }) ?? true { nowPlaying = i }
                }
            }
            if nowPlaying != derived.nowPlaying && !silently {
                effects.nowPlaying(nowPlaying, previous: derived.nowPlaying,
                               .nowPlayingEligibility)
            }
            derived.nowPlaying = nowPlaying
        }
        if !silently {
            if everyGain {
                // An app whose session is inactive heads for full gain since it last changed (an invariant): only
                // the active apps and those changed now can have a new target.
                forEachActiveOrSettling { engine, i in engine.settleGain(i, &effects) }
            } else {
                for k in 0..<changed { settleGain(apps.settling(k), &effects) }
            }
            apps.forgetChanged()   // gains feed nothing derived
        }
        if everyAudibility {
            // Only an app heard before or active now can change (settleAudibility's own first test, in short), and
            // an app heard at the last settle was active then: it is active now or it changed.
            forEachActiveOrSettling { engine, i in engine.settleAudibility(i, silently: silently, &effects) }
        } else {
            for k in 0..<changed { settleAudibility(apps.settling(k), silently: silently, &effects) }
        }
        let hint = Derived.foregroundHint(foregroundIndex, facts: derived.facts,
                                          playingNonMixable: derived.playingNonMixable)
        if let hint, let previous = derived.hint, previous.app == hint.app, previous.value != hint.value, !silently {
            effects.notify(apps[hint.app].id, .silenceSecondaryAudioHint(hint.value ? .begin : .end),
                           .silenceSecondaryAudioHint)
        }
        derived.hint = hint
    }

    /// The route for the session of app `owner` (the default session when nil), whose key is `key`, derived and
    /// remembered. Mutating, as its caller is: a non-mutating call from there copies the engine.
    private mutating func derivedRoute(_ key: RouteKey, _ owner: Int?) -> Route {
        let session = owner.map { apps[$0].session } ?? AudioSession()
        let route = Routing(session: session, accessories: device.accessories, profile: profile).route
        derived.routes.remember(route, for: key)
        return route
    }

    /// Re-derives whether app `i` is heard, and reports a change unless `silently`. Inlined down to the first test:
    /// most apps are idle, silent before and still silent, with nothing to report.
    @inline(__always)
    private mutating func settleAudibility(_ i: Int, silently: Bool, _ effects: inout Effects) {
        if derived.facts[i].audible || (derived.facts[i].active && apps[i].isPlaying) {
            rederiveAudibility(i, silently: silently, &effects)
        }
    }

    private mutating func rederiveAudibility(_ i: Int, silently: Bool, _ effects: inout Effects) {
        let now = audibility(i, othersRecord: derived.othersRecord(i))
        if now.isAudible != derived.facts[i].audible && !silently {
            effects.audible(i, now.isAudible, now.rule)
        }
        derived.facts[i].audible = now.isAudible
    }
}
