import ArbiterAndroid
import ArbiterEngine

/// An app stops playing but keeps focus: the apps it took focus from stay paused or ducked until it abandons.
struct FocusKeptAfterStopping: AndroidLintCheck {
    private var reported: Set<AppID> = []

    mutating func instantEnded(_ instant: AndroidInstant, into findings: inout [LintFinding]) {
        let steps = instant.steps
        guard let engine = steps.last?.after else { return }
        for app in engine.apps {
            let stopped = steps.last { $0.changed(app) { if case .player(_, .stopped) = $0 { true } else { false } } }
            guard let stopped, engine.state(of: app)?.focus == .gain, !engine.isPlaying(app) else {
                if engine.state(of: app)?.focus != .gain { reported.remove(app) }
                continue
            }
            guard reported.insert(app).inserted else { continue }
            let waiting = engine.stack.dropFirst().map(\.description)
            findings.append(
                LintFinding(
                    lint: .focusKeptAfterStopping, app: app, time: stopped.outcome.time,
                    message: "stopped playing but still holds audio focus"
                        + (waiting.isEmpty
                            ? ""
                            : ": \(waiting.joined(separator: ", ")) "
                                + (waiting.count == 1 ? "stays" : "stay") + " paused or ducked until it abandons"),
                    fix: "abandon focus when playback stops: `abandonFocus` (AudioManager.abandonAudioFocusRequest)",
                    step: stopped.index))
        }
    }
}

/// An app told `lossTransient` keeps playing: it plays over the call, the assistant or the prompt that asked for
/// focus.
struct TransientLossIgnored: AndroidLintCheck {
    mutating func instantEnded(_ instant: AndroidInstant, into findings: inout [LintFinding]) {
        let steps = instant.steps
        LossIgnored.find(
            .lossTransient, in: steps, lint: .transientLossIgnored, into: &findings,
            fix: "react to `focusLossTransient` with pause, and to `focusGain` with resume")
    }
}

/// An app told `loss` keeps playing: from Android 12 the framework fades it out, then fades it back in as an
/// offender; before, it plays over the app that took focus.
struct PlayingAfterPermanentLoss: AndroidLintCheck {
    mutating func instantEnded(_ instant: AndroidInstant, into findings: inout [LintFinding]) {
        let steps = instant.steps
        LossIgnored.find(
            .loss, in: steps, lint: .playingAfterPermanentLoss, into: &findings,
            fix: "react to `focusLoss` with stop (or pause) and abandonFocus")
    }
}

/// What the two loss checks share: an app told `change` in the instant that still has a started player after it.
enum LossIgnored {
    static func find(
        _ change: FocusChange, in steps: [AndroidLintedStep], lint: Lint,
        into findings: inout [LintFinding], fix: String
    ) {
        guard let engine = steps.last?.after else { return }
        for app in engine.apps {
            guard let step = steps.last(where: { $0.told(app).contains(change) }), engine.isPlaying(app),
                engine.state(of: app)?.focus != .gain
            else { continue }
            findings.append(
                LintFinding(
                    lint: lint, app: app, time: step.outcome.time,
                    message: "was told \(change) and kept playing",
                    fix: fix, step: step.index, declaration: ["reactions", reactionKey(change)]))
        }
    }

    static func reactionKey(_ change: FocusChange) -> String {
        switch change {
        case .gain: "focusGain"
        case .loss: "focusLoss"
        case .lossTransient: "focusLossTransient"
        case .lossTransientCanDuck: "focusLossTransientCanDuck"
        }
    }
}

/// An app lowers its own volume while the framework already ducks it, so it plays at the duck level twice over; or
/// it ducks itself when told `lossTransientCanDuck` on Android 8+, where the framework tells an app instead of ducking
/// it only when the app should pause (speech, `willPauseWhenDucked`).
struct DuckingByHand: AndroidLintCheck {
    private var reported: Set<AppID> = []

    mutating func instantEnded(_ instant: AndroidInstant, into findings: inout [LintFinding]) {
        let steps = instant.steps
        guard let engine = steps.last?.after else { return }
        for app in engine.apps {
            let ducksItself = steps.last { step in
                step.changed(app) { change in
                    if case .volume(_, let volume) = change {
                        volume < 1
                    } else if case .reacted(_, .duck) = change {
                        true
                    } else {
                        false
                    }
                }
            }
            guard let ducksItself, let state = engine.state(of: app) else {
                if engine.state(of: app)?.ducked == false { reported.remove(app) }
                continue
            }
            let toldToDuck = ducksItself.told(app).contains(.lossTransientCanDuck)
            guard state.ducked || (toldToDuck && DuckingByHand.toldBecauseItShouldPause(app, in: engine)),
                reported.insert(app).inserted
            else { continue }
            findings.append(
                LintFinding(
                    lint: .duckingByHand, app: app, time: ducksItself.outcome.time,
                    message: state.ducked
                        ? "lowered its own volume while the framework ducks it: it plays at the duck level twice over"
                        : "ducked itself when told lossTransientCanDuck; on Android 8+ the framework ducks for apps and "
                            + "tells an app instead only when it should pause (speech, willPauseWhenDucked)",
                    fix: "let the framework duck; react to `focusLossTransientCanDuck` with pause",
                    step: ducksItself.index,
                    declaration: toldToDuck ? ["reactions", "focusLossTransientCanDuck"] : nil))
        }
    }

    /// Whether the phone (Android 8+) told `app` of a duckable loss instead of ducking it because the app should pause:
    /// it set willPauseWhenDucked, or plays speech. An app told for another reason (the winner's own uid, an AAudio
    /// player, a target SDK of 25 or lower, the car's ducking events) is right to duck itself.
    static func toldBecauseItShouldPause(_ app: AppID, in engine: AndroidEngine) -> Bool {
        guard engine.setup.platform == .phone, engine.setup.sdk >= 26, let declaration = engine.declaration(of: app),
            declaration.targetSdk >= 26
        else { return false }
        let speech = declaration.players.contains { ($0.attributes ?? declaration.attributes).contentType == .speech }
        return declaration.willPauseWhenDucked || speech
    }
}
