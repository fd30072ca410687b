/// Settling: after every event the engine re-derives what the apps that changed can affect (their facts, the route
/// owner and its route, Now Playing, gains, audibility, the secondary-audio hint) and records each change with its
/// rule. Between events the derived values stand in for a derivation from scratch (`Derived`).
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
            && effects.lastRoute == nil && accessoryChanges == derived.accessoryChanges
        {
            return
        }
        settleChanges(&effects, silently: silently)
    }

    /// The re-derivation `settle` describes, once it found an input changed: the changed apps' facts first, then
    /// each derived value whose inputs moved, by the rule that decides it.
    private mutating func settleChanges(_ effects: inout Effects, silently: Bool) {
        var moved = SettleInputs()
        moved.everyAudibility = device.ringer != derived.ringer || device.isLocked != derived.isLocked
        moved.accessories = accessoryChanges != derived.accessoryChanges
        moved.route = effects.lastRoute != nil || moved.accessories
        apps.takeChanged()
        moved.owner = derived.owner
        settleFacts(&moved, silently: silently, &effects)
        derived.ringer = device.ringer
        derived.isLocked = device.isLocked
        if moved.route {
            // Where the Silent switch spares headphones, a route into or out of the ears moves every app's
            // audibility while the switch is on silent (asked only then: performance conventions).
            let silent = device.ringer == .silent
            let inEars = silent && derived.route.playsInEars
            defer { if silent && derived.route.playsInEars != inEars { moved.everyAudibility = true } }
            settleRouteOwner(
                moved.ownerChanged ? nil : moved.owner, rankAgain: moved.ownerChanged,
                accessoriesChanged: moved.accessories, silently: silently, &effects)
        }
        if moved.nowPlaying { settleNowPlaying(lost: moved.nowPlayingLost, silently: silently, &effects) }
        if !silently {
            settleGains(every: moved.everyGain, &effects)
            apps.forgetChanged()  // gains feed nothing derived
        }
        settleAudibility(every: moved.everyAudibility, silently: silently, &effects)
        settleSecondaryAudioHint(silently: silently, &effects)
    }

    /// The changed apps' facts: keeps the counts and lists derived from them, and notes in `moved` which derived
    /// values they can move.
    @inline(__always)
    private mutating func settleFacts(_ moved: inout SettleInputs, silently: Bool, _ effects: inout Effects) {
        for k in 0..<apps.settlingCount {
            let i = apps.settling(k)
            if i >= derived.facts.count { derived.facts.append(AppFacts()) }
            let old = derived.facts[i]
            var new = facts(i)
            new.audible = old.audible
            // Most changes move nothing derived (a seek, a pause of a paused player): nothing to count or list.
            if new == old && i != derived.owner { continue }
            if old.recordsActively != new.recordsActively {
                derived.recording += new.recordsActively ? 1 : -1
                moved.everyAudibility = true
            }
            if old.ducks != new.ducks {
                derived.ducking += new.ducks ? 1 : -1
                moved.everyGain = true
            }
            if old.playsNonMixable != new.playsNonMixable { derived.playingNonMixable += new.playsNonMixable ? 1 : -1 }
            if old.recordsOverHFP != new.recordsOverHFP {
                derived.hfpRecorders += new.recordsOverHFP ? 1 : -1
                moved.route = true
            }
            if old.active != new.active { derived.activeApps.update(i, new.active) }
            if old.interrupted != new.interrupted { derived.interruptedApps.update(i, new.interrupted) }
            if old.active != new.active || old.mixable != new.mixable || old.serial != new.serial || i == derived.owner
            {
                moved.route = true
                if i == derived.owner {
                    moved.ownerChanged = true
                } else if new.active && Derived.outranks(new, moved.owner.map { derived.facts[$0] }) {
                    moved.owner = i
                }
            }
            if old.nowPlayingSerial != new.nowPlayingSerial {
                moved.nowPlaying = true
                if i == derived.nowPlaying && (new.nowPlayingSerial ?? .min) < (old.nowPlayingSerial ?? .min) {
                    moved.nowPlayingLost = true
                }
                if (old.nowPlayingSerial == nil) != (new.nowPlayingSerial == nil) {
                    derived.nowPlayingCandidates.update(i, new.nowPlayingSerial != nil)
                }
            }
            if old.timedPlayback != new.timedPlayback { derived.timedPlayback.update(i, new.timedPlayback) }
            if old.idlesInBackground != new.idlesInBackground {
                if new.idlesInBackground {
                    derived.idling.append(IdleApp(app: i, since: now))
                } else if let k = derived.idling.firstIndex(where: { $0.app == i }) {
                    derived.idling.remove(at: k)
                }
            }
            if !silently && old.runsInBackground != new.runsInBackground {
                effects.notePreviousBackgroundRunning(i, old.runsInBackground)
            }
            derived.facts[i] = new
        }
    }

    /// The route owner and its route, by `route.owner-decides` (`Rule.ownerDecidesRoute`): the most recent active
    /// non-mixable session, else the most recent active one; a new route is announced as a categoryChange. The
    /// owner is `candidate` (what the changed apps tell) or, when the owner itself changed (`rankAgain`), the app
    /// ranked first among every active one.
    @inline(__always)
    private mutating func settleRouteOwner(
        _ candidate: Int?, rankAgain: Bool, accessoriesChanged: Bool,
        silently: Bool, _ effects: inout Effects
    ) {
        if accessoriesChanged { derived.accessoryChanges = accessoryChanges }
        derived.owner = rankAgain ? Derived.owner(derived.facts, among: derived.activeApps) : candidate
        let shared = derived.hfpRecorders > 0
        let key = RouteKey(derived.owner.map { apps[$0].session } ?? AudioSession(), sharedHFP: shared)
        // The route is a function of the key and the accessories: when neither changed and no route was announced
        // during the event, it is the one derived before, and there is nothing to announce.
        guard effects.lastRoute != nil || accessoriesChanged || key != derived.routeKey else { return }
        if derived.routes.needsIdentifying(accessoryChanges) {
            derived.routes.identify(device.accessories, at: accessoryChanges)
        }
        let route = derived.routes.route(for: key) ?? derivedRoute(key, derived.owner)
        if !silently {
            announceRouteChange(
                to: route, from: effects.lastRoute ?? derived.route, reason: .categoryChange,
                rule: shared != derived.routeKey.sharedHFP ? .sharedHeadsetHFP : .ownerDecidesRoute, &effects)
        }
        derived.route = route
        derived.routeKey = key
    }

    /// Now Playing, by `nowplaying.most-recent-eligible` (`Rule.nowPlayingEligibility`): the candidate that most
    /// recently started playing non-mixable. Only when the current one stopped being a candidate (`lost`) is every
    /// candidate looked at; otherwise it is the latest of it and the changed apps.
    @inline(__always)
    private mutating func settleNowPlaying(lost: Bool, silently: Bool, _ effects: inout Effects) {
        var nowPlaying = derived.nowPlaying
        if lost {
            nowPlaying = Derived.nowPlaying(derived.facts, among: derived.nowPlayingCandidates)
        } else {
            for k in 0..<apps.settlingCount {
                let i = apps.settling(k)
                guard let serial = derived.facts[i].nowPlayingSerial else { continue }
                if nowPlaying.map({ derived.facts[$0].nowPlayingSerial! < serial }) ?? true { nowPlaying = i }
            }
        }
        if nowPlaying != derived.nowPlaying && !silently {
            effects.nowPlaying(nowPlaying, previous: derived.nowPlaying, .nowPlayingEligibility)
        }
        derived.nowPlaying = nowPlaying
    }

    /// The gains, by `ducking.duck-others` and `ducking.unduck` (`Ducking.swift`): of every app that can have a new
    /// target when a session started or stopped ducking (`every`), else of the changed apps.
    @inline(__always)
    private mutating func settleGains(every: Bool, _ effects: inout Effects) {
        if every {
            // An app whose session is inactive heads for full gain since it last changed (an invariant): only the
            // active apps and those changed now can have a new target.
            forEachActiveOrSettling { engine, i in engine.settleGain(i, &effects) }
        } else {
            for k in 0..<apps.settlingCount { settleGain(apps.settling(k), &effects) }
        }
    }

    /// Audibility, by the ladder of `Audibility.swift`: of every app that can change when the switch, the lock or a
    /// recording session changed (`every`), else of the changed apps.
    @inline(__always)
    private mutating func settleAudibility(every: Bool, silently: Bool, _ effects: inout Effects) {
        if every {
            // Only an app heard before or active now can change (settleAudibility's own first test, in short), and
            // an app heard at the last settle was active then: it is active now or it changed.
            forEachActiveOrSettling { engine, i in engine.settleAudibility(i, silently: silently, &effects) }
        } else {
            for k in 0..<apps.settlingCount { settleAudibility(apps.settling(k), silently: silently, &effects) }
        }
    }

    /// The secondary-audio hint, by `other-audio.silence-secondary-hint` (`Rule.silenceSecondaryAudioHint`):
    /// the foreground app with an active session is told when another app starts or stops playing non-mixable.
    @inline(__always)
    private mutating func settleSecondaryAudioHint(silently: Bool, _ effects: inout Effects) {
        let hint = Derived.foregroundHint(
            foregroundIndex, facts: derived.facts,
            playingNonMixable: derived.playingNonMixable)
        if let hint, let previous = derived.hint, previous.app == hint.app, previous.value != hint.value, !silently {
            effects.notify(
                apps[hint.app].id, .silenceSecondaryAudioHint(hint.value ? .begin : .end),
                .silenceSecondaryAudioHint)
        }
        derived.hint = hint
    }

    /// The route for the session of app `owner` (the default session when nil), whose key is `key`, derived and
    /// remembered (performance conventions: mutating reads).
    private mutating func derivedRoute(_ key: RouteKey, _ owner: Int?) -> Route {
        let session = owner.map { apps[$0].session } ?? AudioSession()
        let route = Routing(
            session: session, accessories: device.accessories, profile: profile, sharedHFP: key.sharedHFP
        ).route
        derived.routes.remember(route, for: key)
        return route
    }

    /// Re-derives whether app `i` is heard, and reports a change unless `silently`. Inlined down to the first test
    /// (performance conventions): most apps are idle, silent before and still silent, with nothing to report.
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

/// What the changed apps' facts moved, which `settleChanges` re-derives.
private struct SettleInputs {
    /// Every app's audibility: the switch, the lock or a recording session changed.
    var everyAudibility = false
    /// Every app's gain: a session started or stopped ducking.
    var everyGain = false
    /// The accessories changed since the last settle.
    var accessories = false
    /// The route owner or its route may have changed.
    var route = false
    /// The route owner as far as the changed apps tell: the owner before, or a changed app that outranks it.
    var owner: Int?
    /// The owner itself changed: every active app is ranked again.
    var ownerChanged = false
    /// A Now Playing candidate changed.
    var nowPlaying = false
    /// The current Now Playing app stopped being a candidate, or its serial went back.
    var nowPlayingLost = false
}
