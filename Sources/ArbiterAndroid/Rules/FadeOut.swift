import ArbiterEngine

/// Android 12+: a media or game app that loses focus for good is faded out, then told.
extension AndroidEngine {
    /// FocusRequester's `frameworkHandleFocusLoss` for a LOSS, FadeOutManager's `canCauseFadeOut` and
    /// PlaybackActivityMonitor's `fadeOutPlayers`: fades app `i`'s uid out and schedules the LOSS for the fade's end;
    /// false when it is told at once.
    mutating func fadeOut(_ i: Int, winner: FocusEntry) -> Bool {
        let loser = records[i]
        guard setup.sdk >= 31, winner.uid != loser.uid, winner.attributes.contentType != .speech,
            !loser.declaration.willPauseWhenDucked
        else { return false }
        let started = sameUid(loser.uid).flatMap { j in records[j].players.indices.map { (j, $0) } }
            .filter { records[$0.0].players[$0.1].startedForMonitor }
        guard !started.isEmpty, started.allSatisfy({ fadeable(records[$0.0].players[$0.1]) }) else { return false }
        let token = nextSequence
        fades[loser.uid] = FadeRecord(app: loser.id, start: now, duration: profile.fadeOut, token: token)
        for (j, p) in started {
            records[j].players[p].fadingSince = now
            records[j].players[p].unfading = nil
        }
        records[i].rules["faded"] = AndroidRules.fadeOutOnLoss
        decide(i, .fadingOut(over: profile.fadeOut), AndroidRules.fadeOutOnLoss)
        schedule(.fadeEnd(uid: loser.uid, token: token), at: now + profile.fadeOut)
        return true
    }

    /// FadeOutManager's fadeable players: usage MEDIA or GAME, content not SPEECH, not AAudio or SoundPool.
    func fadeable(_ player: PlayerRecord) -> Bool {
        [.media, .game].contains(player.attributes.usage) && player.attributes.contentType != .speech
            && player.shapeable
    }

    /// The fade is over: the LOSS is dispatched now, and what still plays then is faded back in later.
    mutating func endFade(uid: Int, token: Int) {
        guard var fade = fades[uid], fade.token == token, !fade.ended, let i = recordIndex[fade.app] else { return }
        fade.ended = true
        fades[uid] = fade
        decide(i, .fadedOut, AndroidRules.lossAfterFade)
        notify(i, .loss, AndroidRules.lossAfterFade)
        schedule(.fadeInOffenders(uid: uid, token: token), at: now + profile.fadeInOffendersAfter)
    }

    /// This long after the LOSS the framework forgets the faded uid (MediaFocusControl's MSL_L_FORGET_UID): it is
    /// faded back in, so what still plays (an offender) is heard again.
    mutating func fadeInOffenders(uid: Int, token: Int) {
        guard let fade = fades[uid], fade.token == token else { return }
        fadeIn(uid: uid, AndroidRules.fadeInOffenders)
    }

    /// Ends `uid`'s fade (a LOSS still due is no longer dispatched): each faded player's shape is played backwards
    /// from where it is, so it climbs back over the time it took to fall.
    mutating func fadeIn(uid: Int, _ rule: Rule) {
        guard let fade = fades.removeValue(forKey: uid) else { return }
        for j in sameUid(uid) {
            for p in records[j].players.indices {
                guard let since = records[j].players[p].fadingSince else { continue }
                records[j].players[p].unfading = ShapeReversal(
                    progress: rampProgress(since: since, over: fade.duration, at: now), since: now,
                    duration: fade.duration, level: 0)
                records[j].players[p].fadingSince = nil
            }
            records[j].rules["faded"] = rule
        }
        if let i = recordIndex[fade.app] { decide(i, .fadedIn, rule) }
    }

    /// A player that starts in a faded-out uid is faded out at once.
    mutating func fadeOnStart(_ i: Int, _ p: Int) {
        guard let fade = fades[records[i].uid], records[i].players[p].shapeable,
            records[i].players[p].fadingSince == nil
        else { return }
        records[i].players[p].fadingSince = now - fade.duration
        records[i].players[p].unfading = nil
    }

    /// The fade factor of a player now: FadeConfigurations' curve, 1 → 0.65 at a quarter → 0, linear between; or
    /// back up the curve once faded in.
    func fadeFactor(_ i: Int, _ p: Int, at time: Time) -> Double {
        let player = records[i].players[p]
        if let fade = fades[records[i].uid], let since = player.fadingSince {
            return fadeCurve(rampProgress(since: since, over: fade.duration, at: time))
        }
        guard let reversal = player.unfading else { return 1 }
        return fadeCurve(reversal.progress(at: time))
    }

    /// FadeConfigurations' fade-out curve at `progress` (0...1).
    func fadeCurve(_ progress: Double) -> Double {
        progress <= 0.25 ? 1 - 0.35 * (progress / 0.25) : 0.65 * (1 - (progress - 0.25) / 0.75)
    }
}

extension AndroidRules {
    static let fadeOutOnLoss = Rule(
        id: "fade.permanent-loss",
        statement: "from Android 12, a GAIN that takes focus for good from another uid playing media or game (not "
            + "speech, not AAudio) fades the loser out over 2 s before it is told LOSS, unless the requester's "
            + "content is speech or the loser set willPauseWhenDucked",
        source: AOSP.focusRequester + " frameworkHandleFocusLoss; " + AOSP.fadeOutManager
            + " canCauseFadeOut, canBeFadedOut; " + AOSP.fadeConfigurations
            + " DEFAULT_FADE_OUT_DURATION_MS (profile: fadeOut)",
        evidence: .documented)
    static let lossAfterFade = Rule(
        id: "fade.loss-after-fade",
        statement: "the faded loser is told AUDIOFOCUS_LOSS only when the fade ends; its players stay faded out "
            + "until it gains focus again or the framework forgets it",
        source: AOSP.mediaFocusControl + " postDelayedLossAfterFade; " + AOSP.cts
            + " (no LOSS before the fade duration, LOSS after it)",
        evidence: .documented)
    static let fadeNewPlayer = Rule(
        id: "fade.new-player",
        statement: "a player that starts in a faded-out uid is faded out at once",
        source: AOSP.fadeOutManager + " checkFade",
        evidence: .documented)
    static let fadeInOffenders = Rule(
        id: "fade.offender-fade-in",
        statement: "2 s after the LOSS the framework forgets the faded uid and fades it back in (the fade played "
            + "backwards), so a loser that kept playing (an offender) is heard again",
        source: AOSP.fadeConfigurations + " DEFAULT_DELAY_FADE_IN_OFFENDERS_MS; " + AOSP.mediaFocusControl
            + " postForgetUidLater; " + AOSP.playbackMonitor + " forgetUid (profile: fadeInOffendersAfter)",
        evidence: .documented)
    static let fadeInOnRequest = Rule(
        id: "fade.fade-in-on-focus",
        statement: "a faded app is faded back in when it gains focus again: the fade is played backwards",
        source: AOSP.focusRequester + " handleFocusGainFromRequest; " + AOSP.mediaFocusControl
            + " restoreVShapedPlayers; " + AOSP.fadeOutManager + " unfadeOutUid (VolumeShaper.Operation.REVERSE)",
        evidence: .documented)
}
