import ArbiterEngine

/// The system's own focus clients (telephony, the assistant, the clock) and the device's ringer.
extension AndroidEngine {
    /// uids no app has: the system's clients are never an app's own uid.
    static let callUid = -1001
    static let assistantUid = -1002
    static let alarmUid = -1003

    static func systemEntry(
        _ owner: FocusOwner, uid: Int, gain: FocusGain, _ usage: Usage,
        _ contentType: ContentType
    ) -> FocusEntry {
        FocusEntry(
            owner: owner, uid: uid, targetSdk: 10_000, gain: gain,
            attributes: AudioAttributes(usage: usage, contentType: contentType), willPauseWhenDucked: false,
            acceptsDelayedFocusGain: false, locksFocus: false, receivesDuckEvents: false)
    }

    mutating func perform(_ action: AndroidSystemAction) {
        switch action {
        case .incomingCall:
            guard callState == nil else {
                return reject(
                    "incomingCall expects no call, but the phone is \(callState == .ringing ? "ringing" : "in a call")")
            }
            callState = .ringing
            decide(.call, .call(.ringing), AndroidRules.ringTakesFocus)
            let result = requestFocus(
                AndroidEngine.systemEntry(
                    .call, uid: AndroidEngine.callUid, gain: .gainTransient,
                    .notificationRingtone, .sonification))
            effects.result = result
            if !isCar && result != .failed {
                callToken += 1
                schedule(.muteForCall(token: callToken), at: now + profile.muteInCallAfter)
            }
        case .answerCall:
            guard callState == .ringing else {
                return reject(
                    "answerCall expects a ringing call, but "
                        + (callState == nil ? "no call rings" : "the call is already answered"))
            }
            callState = .active
            decide(.call, .call(.active), AndroidRules.callAnswered)
            let entry = AndroidEngine.systemEntry(
                .call, uid: AndroidEngine.callUid, gain: .gainTransient,
                .voiceCommunication, .speech)
            let verdict = policy.answer(entry)
            recordRequest(.call, verdict)
            effects.result = verdict.result
            if !verdict.unchanged {
                decide(.call, .request(entry.gain, verdict.result), verdict.rule)
                if verdict.result == .granted { setStatus(.call, .gain, AndroidRules.holds) }
            }
            deliver(verdict)
        case .declineCall:
            guard callState == .ringing else {
                return reject(
                    "declineCall expects a ringing call, but "
                        + (callState == nil ? "no call rings" : "the call is already answered (endCall ends it)"))
            }
            endCall()
        case .endCall:
            guard callState != nil else { return reject("endCall expects a call, but none rings or is active") }
            endCall()
        case .assistantBegin(let gain):
            assistantActive = true
            decide(.assistant, .assistant(true), AndroidRules.assistantTakesFocus)
            effects.result = requestFocus(
                AndroidEngine.systemEntry(
                    .assistant, uid: AndroidEngine.assistantUid, gain: gain, .assistant,
                    .speech))
        case .assistantEnd:
            guard assistantActive else { return reject("assistant: end expects an active assistant, but none is") }
            assistantActive = false
            decide(.assistant, .assistant(false), AndroidRules.assistantEnds)
            abandonFocus(.assistant)
        case .alarmBegin:
            alarmActive = true
            decide(.alarm, .alarm(true), AndroidRules.alarmTakesFocus)
            effects.result = requestFocus(
                AndroidEngine.systemEntry(
                    .alarm, uid: AndroidEngine.alarmUid, gain: .gainTransient, .alarm,
                    .sonification))
        case .alarmEnd:
            guard alarmActive else { return reject("alarm: end expects a sounding alarm, but none sounds") }
            alarmActive = false
            decide(.alarm, .alarm(false), AndroidRules.alarmEnds)
            abandonFocus(.alarm)
        case .notification:
            let plays = notificationSoundPlays
            decide(
                nil, .notificationSound(plays: plays),
                plays ? AndroidRules.notificationPlays : AndroidRules.exclusiveHoldsNotificationBack)
        }
    }

    /// The call is declined or over: telephony abandons its focus and the muted players are unmuted.
    mutating func endCall() {
        callState = nil
        decide(.call, .call(nil), AndroidRules.callEnds)
        abandonFocus(.call)
        for i in records.indices where records[i].players.contains(where: \.muted) {
            for p in records[i].players.indices { records[i].players[p].muted = false }
            records[i].rules["muted"] = AndroidRules.callUnmutesMedia
            decide(i, .muted(false), AndroidRules.callUnmutesMedia)
        }
    }

    /// The ring or call `token` is still on: its media and game players are muted now.
    mutating func muteForCall(token: Int) {
        guard token == callToken, callState != nil else { return }
        for i in records.indices {
            var changed = false
            for p in records[i].players.indices
            where [.media, .game].contains(records[i].players[p].attributes.usage) && !records[i].players[p].muted {
                records[i].players[p].muted = true
                changed = true
            }
            if changed {
                records[i].rules["muted"] = AndroidRules.callMutesMedia
                decide(i, .muted(true), AndroidRules.callMutesMedia)
            }
        }
    }

    mutating func setRingerMode(_ mode: RingerMode) {
        currentRingerMode = mode
        decide(nil, .ringerMode(mode), AndroidRules.ringerMode)
    }

    /// Whether a notification sound asking to play now would play: not while a GAIN_TRANSIENT_EXCLUSIVE request is
    /// in the stack and the ringer is on vibrate or silent.
    public var notificationSoundPlays: Bool {
        let exclusive = policy.entries.contains { $0.gain == .gainTransientExclusive && !$0.delayed }
        return !(exclusive && currentRingerMode != .normal)
    }
}
