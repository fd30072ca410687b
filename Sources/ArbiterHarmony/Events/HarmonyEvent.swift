import ArbiterEngine

/// What a HarmonyOS engine is told: an app's call, the system's, or time passing.
public enum HarmonyEvent: Hashable, Sendable, CustomStringConvertible {
    case app(AppID, HarmonyAppAction)
    case system(HarmonySystemAction)
    /// Time passes (an AudioSession's timeout falls due).
    case advance

    public var description: String {
        switch self {
        case .app(let app, let action): "\(app): \(action)"
        case .system(let action): "system: \(action)"
        case .advance: "time passes"
        }
    }
}

/// A call an app's code makes. A stream name of nil means every stream of the app.
public enum HarmonyAppAction: Hashable, Sendable, CustomStringConvertible {
    /// `start()` / `play()`: the stream requests focus (§4.1).
    case start(String?)
    case pause(String?)
    case stop(String?)
    case release(String?)
    case setInterruptMode(String?, InterruptMode)
    /// `AudioRenderer.setSilentModeAndMixWithOthers(on)` or AVPlayer `setMediaMuted(MEDIA_TYPE_AUD, on)` (API 12):
    /// the stream plays silently and interrupts nobody (§10).
    case setSilentMode(String?, Bool)
    /// `AudioRenderer.setVolume(volume)` / AVPlayer `setVolume`: the app's own volume for the stream, 0 to 1 (§10:
    /// from API 20 a start at volume 0 is a silent one).
    case setVolume(String?, Double)
    /// `AudioSessionManager.activateAudioSession({ concurrencyMode })` (§9).
    case activateSession(ConcurrencyMode)
    case deactivateSession
    /// `AudioSessionManager.setAudioSessionScene(scene)` (API 20): the next activation takes focus itself (§9.4).
    case setSessionScene(SessionScene)
    /// The app comes to the foreground (the one there before goes to the background), or goes to the background.
    case foreground, background
    /// The app's process ends: every stream is released and its AudioSession goes.
    case terminate

    public var description: String {
        func on(_ verb: String, _ stream: String?) -> String { stream.map { "\(verb) \($0)" } ?? verb }
        return switch self {
        case .start(let s): on("start", s)
        case .pause(let s): on("pause", s)
        case .stop(let s): on("stop", s)
        case .release(let s): on("release", s)
        case .setInterruptMode(let s, let mode): on("setInterruptMode \(mode)", s)
        case .setSilentMode(let s, let silent): on("setSilentMode \(silent)", s)
        case .setVolume(let s, let volume): on("setVolume \(Profile.text(volume))", s)
        case .activateSession(let mode): "activateSession \(mode)"
        case .deactivateSession: "deactivateSession"
        case .setSessionScene(let scene): "setAudioSessionScene \(scene)"
        case .foreground: "foreground"
        case .background: "background"
        case .terminate: "terminate"
        }
    }
}

/// What the system does with its own streams (§7, §8).
public enum HarmonySystemAction: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// A cellular call rings (usage VOICE_RINGTONE).
    case incomingCall
    /// It is answered (usage VOICE_MODEM_COMMUNICATION; the ring stops).
    case answerCall
    /// The call (or the ring) ends.
    case endCall
    /// The clock's alarm sounds (usage ALARM), and is dismissed.
    case alarmBegin, alarmEnd
    /// The voice assistant speaks (usage VOICE_ASSISTANT), and is done.
    case assistantBegin, assistantEnd

    public var description: String { rawValue }
}
