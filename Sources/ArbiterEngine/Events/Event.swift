/// Something that happens: an app's call, a device change, or a system event. Each arrives with its time.
public enum Event: Hashable, Sendable, CustomStringConvertible {
    case app(AppID, AppAction)
    case device(DeviceAction)
    case system(SystemAction)
    /// A new app appears, running in the background.
    case declare(AppConfig)

    public var description: String {
        switch self {
        case .app(let app, let action): "\(app): \(action)"
        case .device(let action): "device: \(action)"
        case .system(let action): "system: \(action)"
        case .declare(let config): "declare \(config.name)"
        }
    }
}

/// What an app's code does.
public enum AppAction: Hashable, Sendable, CustomStringConvertible {
    /// `setCategory(_:mode:options:)`; a nil mode keeps the current one. Options are replaced.
    case setCategory(Category, mode: Mode? = nil, options: CategoryOptions = [])
    case setMode(Mode)
    case activate
    case deactivate(notifyOthers: Bool = false)
    /// Plays one player by name, or every player (not recorders) when nil.
    case play(player: String? = nil)
    case pause(player: String? = nil)
    case stop(player: String? = nil)
    case record
    case stopRecording
    case foreground
    case background
    case terminate
    case launch

    public var description: String {
        switch self {
        case .setCategory(let category, let mode, let options):
            var text = "setCategory \(category)"
            if let mode { text += " mode=\(mode)" }
            if !options.isEmpty { text += " options=\(options)" }
            return text
        case .setMode(let mode): return "setMode \(mode)"
        case .activate: return "activate"
        case .deactivate(let notify): return notify ? "deactivate notifyOthers" : "deactivate"
        case .play(let player): return player.map { "play \($0)" } ?? "play"
        case .pause(let player): return player.map { "pause \($0)" } ?? "pause"
        case .stop(let player): return player.map { "stop \($0)" } ?? "stop"
        case .record: return "record"
        case .stopRecording: return "stopRecording"
        case .foreground: return "foreground"
        case .background: return "background"
        case .terminate: return "terminate"
        case .launch: return "launch"
        }
    }
}

/// A change to the device.
public enum DeviceAction: Hashable, Sendable, CustomStringConvertible {
    case ringer(RingerSwitch)
    case lock
    case unlock

    public var description: String {
        switch self {
        case .ringer(let position): "ringer \(position)"
        case .lock: "lock"
        case .unlock: "unlock"
        }
    }
}

/// Something the system does: calls, Siri, alarms.
public enum SystemAction: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    case incomingCall, answerCall, declineCall, endCall
    case siriBegin, siriEnd
    case alarmBegin, alarmEnd

    public var description: String {
        switch self {
        case .siriBegin: "siri begin"
        case .siriEnd: "siri end"
        case .alarmBegin: "alarm begin"
        case .alarmEnd: "alarm end"
        default: rawValue
        }
    }
}
