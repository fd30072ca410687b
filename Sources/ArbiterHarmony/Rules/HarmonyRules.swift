import ArbiterEngine

/// The rules a HarmonyOS engine cites, each with its source in the reference (harmonyos-audio-focus.md).
public enum HarmonyRules {
    // MARK: The focus table (§3, §4.1)

    static let firstStream = Rule(
        id: "harmony.focus.first-stream",
        statement: "a stream that starts while no other stream holds focus becomes active and nobody is told anything",
        source: "harmonyos §4.1 step 2 (AIS ActivateAudioInterruptInternal)", evidence: .source)
    static let playBoth = Rule(
        id: "harmony.focus.play-both",
        statement: "the focus table's cell for the two streams' types says both play: the new stream starts, the "
            + "other is left alone, nobody is told",
        source: "harmonyos §3.2 (audio_interrupt_policy_config.xml, OpenHarmony 6.0); D-FOCUS 音频焦点策略",
        evidence: .documented)
    static let stopExisting = Rule(
        id: "harmony.focus.stop-existing",
        statement: "the focus table's cell says the new stream stops the one already playing: the system stops it, "
            + "removes it from the focus list and tells it BEGIN FORCE STOP; nothing more will come to it",
        source: "harmonyos §3.2, §4.1 step 4, §5.2 (AIS ProcessActiveInterrupt); D-FOCUS 处理音频焦点变化",
        evidence: .documented)
    static let pauseExisting = Rule(
        id: "harmony.focus.pause-existing",
        statement: "the focus table's cell says the new stream pauses the one already playing: the system pauses it "
            + "(its focus entry kept) and tells it BEGIN FORCE PAUSE; it is told RESUME when the new one releases",
        source: "harmonyos §3.2, §4.1 step 4, §5.2; D-FOCUS 典型场景", evidence: .documented)
    static let duckExisting = Rule(
        id: "harmony.focus.duck-existing",
        statement: "the focus table's cell says the new stream ducks the one already playing: the system lowers it to "
            + "the duck factor (0.2) and tells it BEGIN FORCE DUCK; UNDUCK when the new one releases",
        source: "harmonyos §3.2, §5.2, §5.3 (DUCK_FACTOR 0.2); D-FOCUS \"默认降低至正常音量的20%\"",
        evidence: .documented)
    static let duckIncoming = Rule(
        id: "harmony.focus.duck-incoming",
        statement: "the focus table's cell says the new stream plays ducked under the one already playing: it starts "
            + "at the duck factor and is told BEGIN FORCE DUCK",
        source: "harmonyos §3.2, §4.1 steps 3 and 5", evidence: .documented)
    static let pauseIncoming = Rule(
        id: "harmony.focus.pause-incoming",
        statement: "the focus table's cell says the new stream waits: start() fails (6800301), the stream is queued "
            + "paused in the focus list and told BEGIN FORCE PAUSE, and RESUME when the other releases",
        source: "harmonyos §3.2, §4.1 steps 3, 5 and 6 (AR Start; NAPI_ERR_SYSTEM)", evidence: .source)
    static let denyIncoming = Rule(
        id: "harmony.focus.deny-incoming",
        statement: "the focus table's cell denies the new stream: start() fails (6800301) and it is told BEGIN FORCE "
            + "STOP",
        source: "harmonyos §3.1 (deny list), §4.1 step 6; D-FOCUS 申请音频焦点", evidence: .documented)
    static let noCell = Rule(
        id: "harmony.focus.no-cell",
        statement: "the focus table has no cell for the two types: the start fails",
        source: "harmonyos §3.1 (AIS ProcessActiveStreamFocus \"no focus cfg\")", evidence: .source)
    static let table500 = Rule(
        id: "harmony.focus.table-5.0.0",
        statement: "OpenHarmony 5.0.0's table (API 12 and 13) has this cell otherwise than 6.0: a SYSTEM or DTMF "
            + "stream that plays is stopped by almost any stream that starts, a NOTIFICATION that plays is stopped by "
            + "a system tone, an enforced tone or the voice assistant, ACCESSIBILITY started during a call assistant "
            + "is ducked, and 10 recording pairs differ; a type 5.0.0 lacks (CAMCORDER, UNPROCESSED, LIVE "
            + "recordings) has no cell, so its start fails. The cell acts as any other",
        source: "harmonyos §3.1 (5.0.0: 30 types, 899 cells), §3.3 (5.0.0 → 5.0.2: 31 playback cells) "
            + "(audio_interrupt_policy_config.xml, OpenHarmony-5.0.0-Release 09294a60c0bb)",
        evidence: .source)
    static let tableMaster = Rule(
        id: "harmony.focus.table-master",
        statement: "OpenHarmony master's table (after 6.0) has this cell otherwise than 6.0: media started over an "
            + "alarm is ducked instead of stopping it, media started during a call plays beside it instead of being "
            + "ducked. The cell acts as any other",
        source: "harmonyos §3.3 (master vs 6.0-Release: 20 playback cells) (audio_interrupt_policy_config.xml, "
            + "master 52141b7cdd5c)",
        evidence: .source)
    static let shareMode = Rule(
        id: "harmony.focus.share-mode",
        statement: "two streams of one app that both share its focus (InterruptMode SHARE_MODE, the default) do not "
            + "act on each other: the app manages them",
        source: "harmonyos §4.4 (D-FOCUS 焦点模式; AIS IsSameAppInShareMode; UT-JS 101-103)", evidence: .documented)
    static let soundPoolMixes = Rule(
        id: "harmony.focus.soundpool-mixes",
        statement: "a SoundPool playing music, movie or audiobook usage mixes with every other stream, both ways",
        source: "harmonyos §10 (D-FOCUS 特殊场景 1; OHPF stream.cpp IsAudioRendererCanMix)", evidence: .documented)
    static let silentMixes = Rule(
        id: "harmony.focus.silent-mixes",
        statement: "a stream that asked for focus in silent mode holds an entry with strategy SILENT: it mixes with "
            + "every other stream both ways, so it neither acts on another nor is acted on (API 18 and later; the "
            + "profile's silentModel silentStrategy)",
        source: "harmonyos §10 (AR @5.1.0/master SetSilentModeAndMixWithOthers, strategy SILENT); D-FOCUS 特殊场景 2 "
            + "\"不会打断其他音频流\"",
        evidence: .source)
    static let silentNoFocus = Rule(
        id: "harmony.focus.silent-no-focus",
        statement: "a stream in silent mode starts without asking for focus: it plays silently, has no focus entry, "
            + "acts on nobody and nothing acts on it (API 12 to 15; the profile's silentModel noFocus)",
        source: "harmonyos §10 (AR @5.0.0/5.0.2/5.0.3 Start skips ActivateAudioInterrupt); D-FOCUS 特殊场景 2",
        evidence: .source)
    static let zeroVolumeSilent = Rule(
        id: "harmony.focus.zero-volume-silent",
        statement: "a renderer started at volume 0 (set before it started, not raised since) asks for focus with "
            + "strategy SILENT, as in silent mode: it mixes with every other stream both ways (API 20 and master; "
            + "the profile's zeroVolumeIsSilent)",
        source: "harmonyos §10 (AR @6.0 Start: volume 0 and isStillZeroStreamVolume_ → SILENT; not in the docs "
            + "read)",
        evidence: .source)
    static let zeroVolumeRaised = Rule(
        id: "harmony.stream.zero-volume-raised",
        statement: "raising the volume of a renderer that started silent at volume 0 while it runs asks for focus "
            + "again with its own strategy, by the table as it stands, as a stream starting now",
        source: "harmonyos §10 (AR @6.0 SetVolume → UpdateAudioInterruptStrategy → ActivateAudioInterrupt; not in "
            + "the docs read)",
        evidence: .source)
    static let appVolume = Rule(
        id: "harmony.stream.volume",
        statement: "setVolume sets the app's own volume for the stream; it changes no focus, except that a start at "
            + "volume 0 is a silent one from API 20 and raising it from there asks for focus again",
        source: "harmonyos §10 (D-AR setVolume; AR UpdateAudioInterruptStrategy)", evidence: .documented)
    static let silentModeOn = Rule(
        id: "harmony.stream.silent-on",
        statement: "setSilentModeAndMixWithOthers(true) / setMediaMuted(MEDIA_TYPE_AUD, true): the stream plays on "
            + "silently and interrupts nobody; while it runs it releases its focus (what it paused or ducked is "
            + "resumed or unducked) and, from API 18, asks again as a SILENT entry (that the re-request releases "
            + "first is the model's reading of \"interrupts nobody\")",
        source: "harmonyos §10 (D-FOCUS 特殊场景 2; D-AR; D-AVP; AR SetSilentModeAndMixWithOthers: "
            + "DeactivateAudioInterrupt to API 15, ActivateAudioInterrupt with the SILENT strategy from API 18)",
        evidence: .documented)
    static let silentModeOff = Rule(
        id: "harmony.stream.silent-off",
        statement: "setSilentModeAndMixWithOthers(false) / setMediaMuted(MEDIA_TYPE_AUD, false): a running stream "
            + "asks for focus by the table as it stands, as a stream starting now",
        source: "harmonyos §10 (D-FOCUS 特殊场景 2: turned off, the stream takes focus by the normal policy at that "
            + "moment; AR SetSilentModeAndMixWithOthers ActivateAudioInterrupt)",
        evidence: .documented)
    static let alreadyHolds = Rule(
        id: "harmony.focus.already-holds",
        statement: "a stream that already holds focus (active or ducked) and starts again changes nothing",
        source: "harmonyos §4.1 step 1", evidence: .source)

    // MARK: Release and resume (§6)

    static let releaseRecomputes = Rule(
        id: "harmony.release.recomputes",
        statement: "pausing, stopping or releasing a stream releases its focus: every remaining entry's state is "
            + "worked out again from the table in list order, and each whose state changed is told",
        source: "harmonyos §6 (D-FOCUS 释放音频焦点; AIS ResumeAudioFocusList, SimulateFocusEntry)",
        evidence: .documented)
    static let resume = Rule(
        id: "harmony.release.resume",
        statement: "a stream the system paused is told END SHARE RESUME once nothing pauses it any more, and leaves "
            + "the focus list: the system does not restart it, the app must call start() (and so asks afresh)",
        source: "harmonyos §5.2, §6 (D-FOCUS: RESUME only after PAUSE; AIS SendInterruptEvent removeFocusInfo)",
        evidence: .documented)
    static let unduck = Rule(
        id: "harmony.release.unduck",
        statement: "a stream the system ducked is put back to full volume and told END FORCE UNDUCK once nothing "
            + "ducks it any more",
        source: "harmonyos §5.2, §6; D-FOCUS 典型场景 (navigation over music)", evidence: .documented)
    static let recomputedDuckOrPause = Rule(
        id: "harmony.release.duck-or-pause-again",
        statement: "when focus is worked out again after a release, a stream that an earlier entry now ducks or "
            + "pauses is told END FORCE DUCK or END FORCE PAUSE",
        source: "harmonyos §5.2 (END FORCE DUCK / PAUSE rows)", evidence: .source)
    static let forcePausedPauseRefused = Rule(
        id: "harmony.stream.pause-refused",
        statement: "pause() on a stream that is not running (the system paused or stopped it, or it never started) is "
            + "refused, so a stream the system paused keeps its focus entry; stop() or release() give it up",
        source: "harmonyos §4.2 (AR Pause, Stop)", evidence: .source)

    // MARK: The app's calls

    static let releasedCannotStart = Rule(
        id: "harmony.stream.released",
        statement: "a released stream cannot start again: the app makes a new one",
        source: "harmonyos §4.2; D-AR (the AudioRenderer's states: release is final)", evidence: .documented)
    static let appStarts = Rule(
        id: "harmony.stream.start",
        statement: "start() / play() makes the stream request focus itself; the app never requests playback focus",
        source: "harmonyos §1 (D-FOCUS 申请音频焦点)", evidence: .documented)
    static let appStops = Rule(
        id: "harmony.stream.stop",
        statement: "the app paused, stopped or released its stream",
        source: "harmonyos §1 (D-FOCUS 释放音频焦点)", evidence: .documented)
    static let interruptModeSet = Rule(
        id: "harmony.stream.interrupt-mode",
        statement: "setInterruptMode / audioInterruptMode chooses whether the stream shares its app's focus (SHARE) "
            + "or has its own (INDEPENDENT)",
        source: "harmonyos §4.4 (D-ENUM InterruptMode)", evidence: .documented)
    static let terminated = Rule(
        id: "harmony.app.terminated",
        statement: "an app whose process ends releases every stream and its AudioSession, so the streams it paused or "
            + "ducked are resumed or unducked",
        source: "harmonyos §6 (releasing focus), §9.2", evidence: .model)
    static let appReaction = Rule(
        id: "harmony.app.reaction",
        statement: "the app's on('audioInterrupt') handler runs the reaction the scenario declares for the hint",
        source: "the app's own code (scenario reactions)", evidence: .model)

    // MARK: AudioSession (§9)

    static let sessionActivated = Rule(
        id: "harmony.session.activate",
        statement: "activateAudioSession stores the app's concurrency mode (again: the latest wins); it takes no "
            + "focus and tells nobody",
        source: "harmonyos §9.2 (D-SESS; ASS ActivateAudioSession)", evidence: .documented)
    static let sessionDeactivated = Rule(
        id: "harmony.session.deactivate",
        statement: "deactivateAudioSession ends the strategy; a focus the session kept for stopped streams is "
            + "released at once (others resume or unduck); running streams keep theirs; no event",
        source: "harmonyos §9.2 (D-SESS; AIS RemovePlaceholderInterruptForSession)", evidence: .documented)
    static let sessionDuckOthers = Rule(
        id: "harmony.session.duck-others",
        statement: "an app whose AudioSession is DUCK_OTHERS ducks, instead of pausing or stopping, the streams its "
            + "new stream would act on; what acts on its own stream is unchanged",
        source: "harmonyos §9.3 (D-OVW 方案七; AIS UpdateHintTypeForExistingSession)", evidence: .documented)
    static let sessionPauseOthers = Rule(
        id: "harmony.session.pause-others",
        statement: "an app whose AudioSession is PAUSE_OTHERS pauses, instead of stopping, the streams its new stream "
            + "would stop, so they are told RESUME later; ducks stay ducks",
        source: "harmonyos §9.3 (D-OVW 方案三)", evidence: .documented)
    static let sessionMix = Rule(
        id: "harmony.session.mix-with-others",
        statement: "an app whose AudioSession is MIX_WITH_OTHERS neither acts on other streams nor is acted on by "
            + "streams of its own group (media); calls, rings and alarms still act on it",
        source: "harmonyos §9.3 (D-OVW 方案四/五; AIS CanMixForSession)", evidence: .documented)
    static let sessionPlaceholder = Rule(
        id: "harmony.session.keeps-focus",
        statement: "while an AudioSession is active, its app's last stream stopping does not release the focus: the "
            + "session keeps it (a placeholder), so what it paused or ducked stays so",
        source: "harmonyos §9.2 (D-FOCUS AudioSession使用流程 \"不会立刻释放焦点\")", evidence: .documented)
    static let sessionTimeout = Rule(
        id: "harmony.session.timeout",
        statement: "an active AudioSession with no stream for the profile's sessionTimeout (60 s) is deactivated: "
            + "streams it paused are told END FORCE STOP instead of RESUME, ducked ones UNDUCK, and the app "
            + "audioSessionDeactivated (timeout)",
        source: "harmonyos §9.2 (D-SESS; ASS AUDIO_SESSION_TIME_OUT_DURATION_S)", evidence: .documented)
    static let sessionLowerPriority = Rule(
        id: "harmony.session.lower-priority",
        statement: "when another stream stops the last stream of an app with an active AudioSession, the session is "
            + "deactivated and the app told audioSessionDeactivated (lowerPriority)",
        source: "harmonyos §9.2 (D-SESS \"全部被其他音频流打断\")", evidence: .source)

    // MARK: AudioSession scenes (§9.4)

    static let sceneSet = Rule(
        id: "harmony.session.scene",
        statement: "setAudioSessionScene (API 20) stores the scene (media, game or voiceCommunication) the app's next "
            + "activateAudioSession takes; while a session is active it is refused (6800103), the scene being set "
            + "before activation",
        source: "harmonyos §9.1 (D-ASM setAudioSessionScene, errors 6800101, 6800103, 6800301; D-ENUM "
            + "AudioSessionScene), §9.4 \"before activation\"",
        evidence: .documented)
    static let sceneTakesFocus = Rule(
        id: "harmony.session.scene-takes-focus",
        statement: "activating a session with a scene takes focus at once with a synthetic entry of type MUSIC "
            + "(media), GAME (game) or VOICE_COMMUNICATION (voiceCommunication); the table and the session's strategy "
            + "apply to it as to a stream that starts (a media scene stops another app's music under DEFAULT); denied, "
            + "the activation fails (6800301) and the session stays inactive",
        source: "harmonyos §9.4 (AIS ProcessFocusEntryForAudioSession; AS GetFakeStreamType)", evidence: .source)
    static let sceneBypass = Rule(
        id: "harmony.session.scene-bypass",
        statement: "while the app's session has a scene, its streams bypass focus: they play in the session without "
            + "an entry of their own and are told what interrupts the session; notifications, DTMF, alarms, call "
            + "assistants, ultrasonic, accessibility and every recording keep their own entries",
        source: "harmonyos §9.4 (AIS ShouldBypassAudioSessionFocus; AS ShouldExcludeStreamTypeInner)",
        evidence: .source)
    static let sceneInterrupted = Rule(
        id: "harmony.session.scene-interrupted",
        statement: "what interrupts a scene session's synthetic entry goes to its audioSessionStateChanged and is "
            + "passed on to the streams in the session as interrupt events: PAUSE pauses them, DUCK ducks them, "
            + "UNDUCK unducks them",
        source: "harmonyos §9.4 (AIS SendAudioSessionInterruptEventCallback; D-ENUM AudioSessionStateChangeHint)",
        evidence: .source)
    static let sceneResumed = Rule(
        id: "harmony.session.scene-resumed",
        statement: "a scene session's synthetic entry told RESUME leaves the focus list and the session is "
            + "deactivated: only the session is told (audioSessionStateChanged resume), its paused streams nothing",
        source: "harmonyos §9.4 (RESUME only to the session; a RESUME of the fake entry deactivates the session)",
        evidence: .source)
    static let sceneStopped = Rule(
        id: "harmony.session.scene-stopped",
        statement: "a scene session's synthetic entry stopped by another stream stops every stream in the session "
            + "(BEGIN FORCE STOP), the session is told audioSessionStateChanged stop, is deactivated and told "
            + "audioSessionDeactivated (lowerPriority)",
        source: "harmonyos §9.4 (a STOP of the fake entry deactivates the session, stops the streams, "
            + "DEACTIVATED_LOWER_PRIORITY), §5.2",
        evidence: .source)
    static let sceneDeactivated = Rule(
        id: "harmony.session.scene-deactivate",
        statement: "deactivating a scene session with no stream in it releases its synthetic entry at once (others "
            + "resume or unduck); with streams still in it, 1 s later they are stopped (BEGIN FORCE STOP) and 50 ms "
            + "after that the entry is released; the session is inactive from the call on",
        source: "harmonyos §9.4 (AIS DelayToDeactivateStreamsInAudioSession), §5.2 (BEGIN FORCE STOP to all session "
            + "streams)",
        evidence: .source)
    static let sceneTimeout = Rule(
        id: "harmony.session.scene-timeout",
        statement: "a scene session with no stream for the profile's sceneSessionTimeout (10 s) while its app is in "
            + "the background is deactivated: its entry is released as on a timeout (what it paused is told END FORCE "
            + "STOP, what it ducked UNDUCK), the app told audioSessionStateChanged timeOutStop and "
            + "audioSessionDeactivated (timeout); in the foreground it does not run",
        source: "harmonyos §9.4 (ASS AUDIO_SESSION_SCENE_TIME_OUT_DURATION_S = 10; D-ENUM TIME_OUT_STOP)",
        evidence: .source)
    static let appBackground = Rule(
        id: "harmony.app.background",
        statement: "the app goes to the background or comes to the foreground (one app is in the foreground, the "
            + "first declared at the start); focus does not change, only a scene session's timeout runs in the "
            + "background",
        source: "harmonyos §11 (focus is unaffected by foreground/background), §9.4", evidence: .model)

    // MARK: The system's own streams (§7, §8)

    static let callRings = Rule(
        id: "harmony.system.call-rings",
        statement: "an incoming cellular call rings with usage VOICE_RINGTONE, a stream of the system's under the "
            + "same table (it pauses media)",
        source: "harmonyos §7 (D-FOCUS 音乐 + 来电铃声)", evidence: .documented)
    static let callAnswered = Rule(
        id: "harmony.system.call-answered",
        statement: "an answered cellular call plays with usage VOICE_MODEM_COMMUNICATION; it stops the ring, which "
            + "resumes nobody (streams the ring paused stay paused until the call ends)",
        source: "harmonyos §7 (XML VRING×VCALL; AIS, §4.1 step 7)", evidence: .source)
    static let callEnds = Rule(
        id: "harmony.system.call-ends",
        statement: "the call (or the unanswered ring) ends and releases its focus",
        source: "harmonyos §7", evidence: .documented)
    static let alarm = Rule(
        id: "harmony.system.alarm",
        statement: "the clock's alarm plays with usage ALARM (it pauses media), and releases focus when dismissed",
        source: "harmonyos §8 (D-FOCUS 视频 + 闹铃)", evidence: .documented)
    static let assistant = Rule(
        id: "harmony.system.assistant",
        statement: "the voice assistant speaks with usage VOICE_ASSISTANT (it ducks media), and releases focus when "
            + "done",
        source: "harmonyos §8 (UT-JS 004)", evidence: .source)

    /// Every rule, grouped by what it decides.
    public static let catalog: [Rule] = [
        firstStream, playBoth, stopExisting, pauseExisting, duckExisting, duckIncoming, pauseIncoming, denyIncoming,
        noCell, table500, tableMaster, shareMode, soundPoolMixes, silentMixes, silentNoFocus, zeroVolumeSilent,
        alreadyHolds,
        releaseRecomputes, resume, unduck, recomputedDuckOrPause, forcePausedPauseRefused, releasedCannotStart,
        appStarts, appStops, interruptModeSet, silentModeOn, silentModeOff, appVolume,
        zeroVolumeRaised, terminated, appReaction,
        sessionActivated, sessionDeactivated, sessionDuckOthers, sessionPauseOthers, sessionMix, sessionPlaceholder,
        sessionTimeout, sessionLowerPriority,
        sceneSet, sceneTakesFocus, sceneBypass, sceneInterrupted, sceneResumed, sceneStopped, sceneDeactivated,
        sceneTimeout, appBackground,
        callRings, callAnswered, callEnds, alarm, assistant,
    ]

    /// The rule a cell that `version` changed from 6.0's cites.
    static func rule(for version: FocusTableVersion) -> Rule {
        version == .master ? tableMaster : table500
    }

    /// The rule a table cell cites.
    static func rule(for cell: FocusCell) -> Rule {
        switch cell {
        case .playBoth: playBoth
        case .duckExisting: duckExisting
        case .pauseExisting: pauseExisting
        case .stopExisting: stopExisting
        case .duckIncoming: duckIncoming
        case .pauseIncoming: pauseIncoming
        case .denyIncoming: denyIncoming
        case .none: noCell
        }
    }
}
