import ArbiterAndroid
import ArbiterEngine

/// Android events in a scenario's own words, for timelines: `Music: play`, `Maps: requestFocus gainTransient`,
/// `system: assistant begin`, `device: ringerMode vibrate`.
public enum AndroidEventText {
    /// The event as a timeline shows it.
    public static func text(_ event: AndroidEvent) -> String {
        switch event {
        case .app(let app, let action): "\(app): \(text(action))"
        case .system(let action): "system: \(text(action))"
        case .ringerMode(let mode): "device: ringerMode \(mode)"
        case .advance: "time passes"
        }
    }

    static func text(_ action: AndroidAppAction) -> String {
        func verb(_ name: String, _ player: String?) -> String { player.map { "\(name) \($0)" } ?? name }
        switch action {
        case .requestFocus(let change): return "requestFocus" + text(change)
        case .abandonFocus: return "abandonFocus"
        case .start(let player): return verb("start", player)
        case .pause(let player): return verb("pause", player)
        case .stop(let player): return verb("stop", player)
        case .play(let player): return verb("play", player)
        case .setVolume(let player, let volume): return verb("setVolume", player) + " \(Profile.text(volume))"
        case .terminate: return "terminate"
        case .declarePlayer(let player): return "declarePlayer \(player.name) (\(player.kind))"
        }
    }

    /// ` gainTransient usage=assistant willPauseWhenDucked`: what a request step changes from the declaration.
    static func text(_ change: FocusRequestChange) -> String {
        var words: [String] = []
        if let gain = change.gain { words.append(gain.description) }
        if let usage = change.usage { words.append("usage=\(usage)") }
        if let type = change.contentType { words.append("contentType=\(type)") }
        func flag(_ value: Bool?, _ name: String) {
            if let value { words.append(value ? name : "\(name)=false") }
        }
        flag(change.willPauseWhenDucked, "willPauseWhenDucked")
        flag(change.acceptsDelayedFocusGain, "acceptsDelayedFocusGain")
        flag(change.locksFocus, "locksFocus")
        return words.isEmpty ? "" : " " + words.joined(separator: " ")
    }

    static func text(_ action: AndroidSystemAction) -> String {
        switch action {
        case .incomingCall: "incomingCall"
        case .answerCall: "answerCall"
        case .declineCall: "declineCall"
        case .endCall: "endCall"
        case .assistantBegin(let gain): gain == .gainTransient ? "assistant begin" : "assistant begin \(gain)"
        case .assistantEnd: "assistant end"
        case .alarmBegin: "alarm begin"
        case .alarmEnd: "alarm end"
        case .notification: "notification"
        }
    }
}
