/// Who gets interrupted, and by what: every interrupter of the model, the sessions it interrupts and the rule that
/// says so.
///
/// - **Another app's activation** (an activation, or a category change of an active session): a non-mixable
///   session interrupts every other active non-mixable one (`activation.non-mixable-interrupts`); a session with
///   interruptSpokenAudioAndMixWithOthers interrupts those in mode spokenAudio (`activation.interrupts-spoken-audio`).
/// - **Calls, Siri and alarms**: every active session, mixable ones too unless the profile says otherwise
///   (`system.call-interrupts`, `system.siri-interrupts`, `system.alarm-interrupts`); a ringing Banner-style call
///   spares the sessions that prefer no interruptions from system alerts, and interrupts them once answered
///   (`system.banner-call-answered-interrupts`), with the sessions activated while it rang (`system.call-answered`).
/// - **Route disconnects** (iOS 17+): the active Now Playing session whose output accessory went away, unless it
///   opted out (`route.disconnect-interrupts-now-playing`).
/// - **The muted built-in mic**: the sessions recording from it, unless their options include
///   overrideMutedMicrophoneInterruption (`mic.muted-interrupts`).
///
/// What an interruption does to a session (its players pause, it goes inactive, it is told) is `interrupt` in
/// `Interruption.swift`; interruptions end with their interrupter's own events (`Deactivation.swift`,
/// `SystemInterruption.swift`, `BuiltInMic.swift`).
extension Engine {
    /// Another app's activation: when app `i`'s session goes active, a non-mixable one interrupts every other active
    /// non-mixable session; interruptSpokenAudioAndMixWithOthers interrupts sessions in mode spokenAudio.
    mutating func interruptOthers(activating i: Int, _ effects: inout Effects) {
        if !apps[i].session.isMixable && apps[i].session.category.traits.interruptsNonMixable {
            forEachPossiblyActive { engine, j in
                guard j != i && engine.apps[j].session.isActive && !engine.apps[j].session.isMixable else { return }
                engine.interrupt(
                    j, by: .app(engine.apps[i].id), reason: .default,
                    rule: .nonMixableActivationInterrupts, &effects)
            }
        }
        if apps[i].session.effectiveOptions.contains(.interruptSpokenAudioAndMixWithOthers) {
            forEachPossiblyActive { engine, j in
                guard j != i && engine.apps[j].session.isActive && engine.apps[j].session.effectiveMode == .spokenAudio
                else { return }
                engine.interrupt(
                    j, by: .app(engine.apps[i].id), reason: .default, rule: .interruptSpokenAudio,
                    &effects)
            }
        }
    }

    /// Calls, Siri and alarms: interrupts every active session; mixable ones too unless the profile says otherwise. `sparing`: a ringing
    /// call, which leaves alone the sessions that prefer no interruptions from system alerts when it shows as a
    /// banner. `answering`: an answered call, which interrupts those too, by their own rule.
    mutating func interruptActiveSessions(
        by interrupter: Interrupter, rule: Rule, sparing: Bool = false,
        answering: Bool = false, _ effects: inout Effects
    ) {
        forEachPossiblyActive { engine, j in
            guard engine.apps[j].session.isActive else { return }
            if engine.apps[j].session.isMixable && !engine.profile.mixableInterruptedBySystem { return }
            if sparing && engine.ringingCallSpares(j) { return }
            let spared = answering && engine.ringingCallSpares(j)
            engine.interrupt(
                j, by: interrupter, reason: .default, rule: spared ? .bannerCallAnsweredInterrupts : rule,
                &effects)
        }
    }

    /// Whether a ringing call leaves app `j`'s session alone: it prefers no interruptions from system alerts and the
    /// call shows as a banner.
    func ringingCallSpares(_ j: Int) -> Bool {
        device.callStyle == .banner && apps[j].session.prefersNoInterruptionsFromSystemAlerts
    }

    /// Route disconnects: after an accessory that carried the route's output went away, from iOS 17, the Now Playing
    /// session, when active, is interrupted unless it called setPrefersInterruptionOnRouteDisconnect(false).
    mutating func interruptNowPlayingOnRouteDisconnect(_ effects: inout Effects) {
        if ios >= 17, let i = nowPlayingApp(), apps[i].session.isActive,
            apps[i].session.prefersInterruptionOnRouteDisconnect
        {
            interrupt(i, by: .routeDisconnect, reason: .routeDisconnected, rule: .routeDisconnectedInterrupts, &effects)
        }
    }

    /// The muted built-in mic: once muted, every active session recording from it is interrupted, unless its options
    /// include overrideMutedMicrophoneInterruption (`mutedMicSilences`).
    mutating func interruptMutedMicInput(_ effects: inout Effects) {
        forEachPossiblyActive { engine, j in
            guard
                engine.apps[j].session.isActive && engine.apps[j].isRecording
                    && engine.mutedMicSilences(j)
            else { return }
            engine.interrupt(j, by: .micMuted, reason: .builtInMicMuted, rule: .mutedMicInterrupts, &effects)
        }
    }
}

extension Rule {
    static let nonMixableActivationInterrupts = Rule(
        id: "activation.non-mixable-interrupts",
        statement: "activating a non-mixable session interrupts every other active non-mixable session "
            + "(interruption began, reason default); mixable sessions are not interrupted",
        source: "DOC:…/category-swift.struct/soloambient, …/playback; ASPG14 p.13, p.24",
        evidence: .documented)
    static let interruptSpokenAudio = Rule(
        id: "activation.interrupts-spoken-audio",
        statement: "a session with interruptSpokenAudioAndMixWithOthers interrupts sessions in mode spokenAudio "
            + "and mixes with the rest",
        source: "H17; DOC:…/categoryoptions-swift.struct/interruptspokenaudioandmixwithothers",
        evidence: .documented)
    static let callInterrupts = Rule(
        id: "system.call-interrupts",
        statement: "an incoming call (ringing) interrupts the active sessions, mixable ones too by default "
            + "(profile mixableInterruptedBySystem), except, with the Banner call style, those that prefer no "
            + "interruptions from system alerts",
        source: "ASPG HandlingAudioInterruptions; ASPG14 p.26, p.28",
        evidence: .documented)
    static let callAnswered = Rule(
        id: "system.call-answered",
        statement: "an answered call keeps the apps interrupted until it ends; sessions activated while it rang are "
            + "interrupted too",
        source: "ASPG14 p.28",
        evidence: .documented)
    static let siriInterrupts = Rule(
        id: "system.siri-interrupts",
        statement:
            "Siri interrupts the active sessions, mixable ones too by default (profile mixableInterruptedBySystem)",
        source: "ASPG14 p.27 (Handling Interruptions From Siri)",
        evidence: .documented)
    static let alarmInterrupts = Rule(
        id: "system.alarm-interrupts",
        statement: "a clock alarm or calendar alert interrupts the active sessions, mixable ones too by default",
        source: "ASPG HandlingAudioInterruptions; ASPG14 p.26",
        evidence: .documented)
    static let bannerCallAnsweredInterrupts = Rule(
        id: "system.banner-call-answered-interrupts",
        statement: "a session that a ringing Banner-style call left alone (it prefers no interruptions from system "
            + "alerts) is interrupted when the call is answered, as a call interrupts; declining tells it nothing",
        source: "H18 (prefersNoInterruptionsFromSystemAlerts: interrupted only if the user accepts); reference §5.2",
        evidence: .documented)
    static let routeDisconnectedInterrupts = Rule(
        id: "route.disconnect-interrupts-now-playing",
        statement: "from iOS 17, the Now Playing session active when its output accessory goes away is interrupted "
            + "with reason routeDisconnected (not before iOS 17), unless it called "
            + "setPrefersInterruptionOnRouteDisconnect(false)",
        source: "H18 (routeDisconnected, setPrefersInterruptionOnRouteDisconnect)",
        evidence: .documented)
    static let mutedMicInterrupts = Rule(
        id: "mic.muted-interrupts",
        statement: "when the built-in mic is muted in hardware (iPad Smart Folio closed), a session running input "
            + "from it is interrupted with reason builtInMicMuted, unless its options include "
            + "overrideMutedMicrophoneInterruption (it then keeps running and records zeros)",
        source: "H17 (overrideMutedMicrophoneInterruption, InterruptionReason builtInMicMuted = 2); "
            + "DOC:avfaudio/handling-audio-interruptions; reference §5.2, §2.1",
        evidence: .documented)
}
