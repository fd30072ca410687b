/// `setActive(true)`: when it fails, and what it does to the others.
extension Engine {
    /// The error an activation of app `i` fails with right now, if any.
    /// `session` is the configuration to check (default: the app's own).
    /// It changes nothing (performance conventions: mutating reads).
    @inline(__always)
    mutating func activationError(
        _ i: Int, session candidate: AudioSession? = nil,
        asForeground: Bool = false
    ) -> SessionError? {
        // The two fields asked (performance conventions: in-place reads).
        let category = candidate?.category ?? apps[i].session.category
        if device.mediaServicesLost { return SessionError(.mediaServicesFailed, .mediaServicesFailed) }
        if device.call == .active && (category == .record || category == .playAndRecord) {
            return SessionError(.insufficientPriority, .callBlocksRecordingActivation)
        }
        if device.isSiriActive && category.traits.hasInput {
            return SessionError(.siriIsRecording, .siriBlocksRecordingActivation)
        }
        if apps[i].lifecycle != .foreground && !asForeground && !(candidate?.isMixable ?? apps[i].session.isMixable)
            && !(apps[i].mayResume && profile.backgroundResumeAfterShouldResume)
            && !isNowPlaying(i)
        {
            return SessionError(.cannotInterruptOthers, .backgroundActivationNeedsNowPlaying)
        }
        return nil
    }

    /// Activates app `i`'s session, or says why iOS refuses. Activating an active session does nothing.
    mutating func activate(
        _ i: Int, rule: Rule = .activationSucceeds, asForeground: Bool = false,
        _ effects: inout Effects
    ) -> StepResult {
        if apps[i].session.isActive { return .succeeded }
        if let error = activationError(i, asForeground: asForeground) { return .failed(error) }
        activationCounter += 1
        apps[i].session.isActive = true
        apps[i].session.activationSerial = activationCounter
        apps[i].session.interruption = nil
        apps[i].mayResume = false
        effects.activated(i, rule)
        interruptOthers(activating: i, &effects)
        if device.builtInMicMuted { announceNoSuitableRoute(activating: i, &effects) }
        return .succeeded
    }
}

extension Rule {
    static let activationSucceeds = Rule(
        id: "activation.succeeds",
        statement: "setActive(true) makes the session active (and ends any interruption it was under)",
        source: "H18 setActive; ASPG HandlingAudioInterruptions (to resume you must reactivate)",
        evidence: .documented)
    static let backgroundActivationNeedsNowPlaying = Rule(
        id: "activation.background-needs-now-playing",
        statement: "a non-mixable session cannot go active while its app is in the background unless the app is "
            + "Now Playing (or was just told its interruption ended with shouldResume, by profile "
            + "backgroundResumeAfterShouldResume, default true, which no source confirms): cannotInterruptOthers",
        source: "HERR; DOC:coreaudiotypes/avaudiosession/errorcode/cannotinterruptothers; "
            + "DOC:…/setactiveoptions/notifyothersondeactivation (may resume); §13.10 (field reports of '!int')",
        evidence: .documented)
    static let callBlocksRecordingActivation = Rule(
        id: "activation.call-blocks-recording",
        statement: "while a call is in progress, record and playAndRecord activation fails with insufficientPriority "
            + "(playback may still activate)",
        source: "H18; DOC:avfaudio/avaudiosession/setactive(_:options:)",
        evidence: .documented)
    static let siriBlocksRecordingActivation = Rule(
        id: "activation.siri-blocks-recording",
        statement: "while Siri records, activating a session with input fails with siriIsRecording",
        source: "HERR ('siri')",
        evidence: .documented)
}
