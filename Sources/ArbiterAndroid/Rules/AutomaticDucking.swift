import ArbiterEngine

/// What the framework does with a LOSS_TRANSIENT_CAN_DUCK on the phone.
enum DuckVerdict {
    /// It ducks the loser's uid to `level`, silently.
    case duck(level: Double, rule: Rule)
    /// It leaves the loser to its listener, which is told.
    case callback(Rule)
}

/// Automatic ducking (Android 8+): the framework ducks a MAY_DUCK winner's losers itself, with its exceptions.
extension AndroidEngine {
    /// FocusRequester's `frameworkHandleFocusLoss` and PlaybackActivityMonitor's `duckPlayers` for app `i` losing
    /// to `winner`.
    func automaticDuck(of i: Int, by winner: FocusEntry) -> DuckVerdict {
        let loser = records[i]
        guard setup.sdk >= 26 else { return .callback(AndroidRules.duckBeforeAndroid8) }
        if winner.uid == loser.uid || loser.declaration.willPauseWhenDucked || loser.declaration.targetSdk <= 25 {
            return .callback(AndroidRules.duckCallbackInstead)
        }
        let started = sameUid(loser.uid).flatMap { records[$0].players }.filter(\.startedForMonitor)
        if started.contains(where: { $0.attributes.contentType == .speech }) {
            return .callback(AndroidRules.duckCallbackSpeech)
        }
        if started.contains(where: { !$0.shapeable }) { return .callback(AndroidRules.duckCallbackUnduckable) }
        let strong =
            profile.strongDuck
            && [.assistant, .assistanceNavigationGuidance].contains(winner.attributes.usage)
        return strong
            ? .duck(level: profile.strongDuckLevel, rule: AndroidRules.strongDuck)
            : .duck(level: profile.duckLevel, rule: AndroidRules.automaticDuck)
    }

    /// The apps sharing `uid`: one app to the framework.
    func sameUid(_ uid: Int) -> [Int] { records.indices.filter { records[$0].uid == uid } }

    /// Ducks `uid`: its started players ramp down over the profile's duckRamp; app `owner` is the loser.
    mutating func duck(uid: Int, to level: Double, _ rule: Rule, owner: Int) {
        // A uid already ducked keeps its duck (DuckingManager keeps the first DuckedApp).
        let duck = ducks[uid] ?? DuckRecord(level: level, rule: rule)
        ducks[uid] = duck
        let level = duck.level
        let rule = duck.rule
        for i in sameUid(uid) {
            for p in records[i].players.indices
            where records[i].players[p].startedForMonitor
                && records[i].players[p].shapeable && records[i].players[p].duckedSince == nil
            {
                records[i].players[p].duckedSince = now
                records[i].players[p].unducking = nil
            }
            records[i].rules["ducked"] = rule
            if i == owner || records[i].players.contains(where: { $0.duckedSince != nil }) {
                decide(i, .ducked(to: level, over: profile.duckRamp), rule)
            }
        }
    }

    /// A player of app `i` starts: in a ducked uid it is ducked at once, with no ramp.
    mutating func duckOnStart(_ i: Int, _ p: Int) {
        guard let duck = ducks[records[i].uid], records[i].players[p].shapeable,
            records[i].players[p].duckedSince == nil
        else { return }
        records[i].players[p].duckedSince = now - profile.duckRamp
        records[i].players[p].unducking = nil
        decide(i, .ducked(to: duck.level, over: .zero), AndroidRules.duckNewPlayer)
    }

    /// The framework's duck of `uid` ends: each ducked player's shape is played backwards from where it is, so it
    /// climbs back over the time it took to fall.
    mutating func unduck(uid: Int) {
        guard let duck = ducks[uid] else { return }
        for i in sameUid(uid) {
            for p in records[i].players.indices {
                guard let since = records[i].players[p].duckedSince else { continue }
                let progress = rampProgress(since: since, over: profile.duckRamp, at: now)
                records[i].players[p].unducking = ShapeReversal(
                    progress: progress, since: now,
                    duration: profile.duckRamp, level: duck.level)
                records[i].players[p].duckedSince = nil
            }
        }
        ducks.removeValue(forKey: uid)
        for i in sameUid(uid) {
            records[i].rules["ducked"] = AndroidRules.unduck
            decide(i, .unducked, AndroidRules.unduck)
        }
    }

    /// The duck factor of a player now: along the linear ramp from 1 to the level, or back up it once unducked.
    func duckFactor(_ i: Int, _ p: Int, at time: Time) -> Double {
        let player = records[i].players[p]
        if let duck = ducks[records[i].uid], let since = player.duckedSince {
            return 1 + (duck.level - 1) * rampProgress(since: since, over: profile.duckRamp, at: time)
        }
        guard let reversal = player.unducking else { return 1 }
        return 1 + (reversal.level - 1) * reversal.progress(at: time)
    }

    /// How far along a ramp of `length` that began at `since` is at `time`, 0...1.
    func rampProgress(since: Time, over length: Time, at time: Time) -> Double {
        length.milliseconds <= 0 ? 1 : min(1, max(0, Double((time - since).milliseconds) / Double(length.milliseconds)))
    }
}

extension AndroidRules {
    static let automaticDuck = Rule(
        id: "duck.automatic",
        statement: "from Android 8 a loser told LOSS_TRANSIENT_CAN_DUCK is not told: the framework ducks its uid's "
            + "started players to 0.2 over 500 ms itself",
        source: AOSP.focusRequester + " frameworkHandleFocusLoss; " + AOSP.playbackMonitor
            + " duckPlayers, DUCK_VSHAPE (level and ramp: profile duckLevel, duckRamp)",
        evidence: .documented)
    static let strongDuck = Rule(
        id: "duck.strong",
        statement: "a MAY_DUCK request with usage ASSISTANT or ASSISTANCE_NAVIGATION_GUIDANCE ducks harder, to "
            + "0.017783 (-35 dB), in newer releases",
        source: AOSP.playbackMonitor + " reqCausesStrongDuck, STRONG_DUCK_VSHAPE (profile: strongDuck)",
        evidence: .tunable)
    static let duckNewPlayer = Rule(
        id: "duck.new-player",
        statement: "a player that starts in a ducked uid is ducked at once, with no ramp",
        source: AOSP.playbackMonitor + " DuckingManager.checkDuck",
        evidence: .documented)
    static let duckCallbackInstead = Rule(
        id: "duck.callback-instead",
        statement: "the loser is told LOSS_TRANSIENT_CAN_DUCK instead of being ducked when it shares the winner's uid, "
            + "set willPauseWhenDucked, or targets SDK 25 or lower",
        source: AOSP.focusRequester + " frameworkHandleFocusLoss; " + AOSP.mediaFocusControl
            + " DUCKING_IN_APP_SDK_LEVEL; " + AOSP.cts + " TransientDuck cases",
        evidence: .documented)
    static let duckCallbackSpeech = Rule(
        id: "duck.callback-speech",
        statement: "the loser is told LOSS_TRANSIENT_CAN_DUCK instead of being ducked when one of its started "
            + "players plays CONTENT_TYPE_SPEECH (ducked speech would be unintelligible)",
        source: AOSP.playbackMonitor + " duckPlayers",
        evidence: .documented)
    static let duckCallbackUnduckable = Rule(
        id: "duck.callback-unduckable",
        statement: "the loser is told LOSS_TRANSIENT_CAN_DUCK instead of being ducked when one of its started "
            + "players cannot be ducked (AAudio)",
        source: AOSP.playbackMonitor + " duckPlayers, UNDUCKABLE_PLAYER_TYPES",
        evidence: .documented)
    static let duckBeforeAndroid8 = Rule(
        id: "duck.before-android-8",
        statement: "before Android 8 the framework does not duck: the loser is told LOSS_TRANSIENT_CAN_DUCK and ducks "
            + "itself",
        source: "https://developer.android.com/about/versions/12/features/audio-focus-improvements "
            + "(automatic ducking, introduced in Android 8)",
        evidence: .documented)
    static let unduck = Rule(
        id: "duck.unduck",
        statement: "the framework unducks a uid when it gains focus again (the winner abandoned, or it is granted a "
            + "request) or abandons its own: the duck's shape is played backwards, so the volume climbs back over "
            + "the time it took to fall",
        source: AOSP.focusRequester + " handleFocusGain; " + AOSP.mediaFocusControl + " restoreVShapedPlayers; "
            + AOSP.playbackMonitor + " DuckingManager.unduckUid (VolumeShaper.Operation.REVERSE)",
        evidence: .documented)
}
