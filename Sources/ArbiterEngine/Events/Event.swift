/// Something that happens: an app's call, a device change, or a system event. Each arrives with its time.
public enum Event: Hashable, Sendable, CustomStringConvertible {
    indirect case app(AppID, AppAction)
    case device(DeviceAction)
    case system(SystemAction)
    /// A new app appears, running in the background.
    indirect case declare(AppConfig)
    /// Time passes: players reach the end of their items, ramps go on. Nothing else happens.
    case advance

    public var description: String {
        switch self {
        case .app(let app, let action): "\(app): \(action)"
        case .device(let action): "device: \(action)"
        case .system(let action): "system: \(action)"
        case .declare(let config): "declare \(config.name)"
        case .advance: "time passes"
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
    /// `overrideOutputAudioPort(.speaker)` (true) or `(.none)` (false).
    case overrideOutput(speaker: Bool)
    /// `setPreferredInput`; nil clears the preference.
    case preferInput(PortType?)
    /// Publishes to `MPNowPlayingInfoCenter`; nil clears it.
    indirect case nowPlayingInfo(NowPlayingInfo?)
    case enableCommands([RemoteCommand])
    case disableCommands([RemoteCommand])
    /// Moves a player (the only one, or by name) to `to` seconds into its item.
    case seek(player: String? = nil, to: Double)
    /// Sets a player's playback rate (the only player, or by name), e.g. 2 for twice normal speed (extension).
    case rate(player: String? = nil, Double)
    /// Skips to the next item (extension: the app's own next-track code).
    case nextTrack(player: String? = nil)
    /// Attaches (true) or detaches (false) a player's video from the screen (extension, QA1668).
    case showVideo(player: String? = nil, Bool)
    /// `setPrefersInterruptionOnRouteDisconnect` (iOS 17+): false opts the session out of the routeDisconnected
    /// interruption.
    case setPrefersInterruptionOnRouteDisconnect(Bool)
    /// `setPrefersNoInterruptionsFromSystemAlerts` (iOS 14.5+): true keeps the session running while a Banner-style
    /// call rings.
    case setPrefersNoInterruptionsFromSystemAlerts(Bool)
    /// Voice processing on (true) or off (false) for the app's audio I/O (`AVAudioInputNode.setVoiceProcessingEnabled`,
    /// the voice-processing I/O unit): while its session is an active playAndRecord one, it ducks other apps.
    case setVoiceProcessing(Bool)
    /// The app's code makes a player (`AVAudioPlayer(contentsOf:)`, `AVPlayer(url:)`, ...), or re-declares the one with
    /// this name (an AVPlayer handed to an AVPlayerViewController, say), which keeps its state, items and position.
    indirect case declarePlayer(PlayerConfig)
    /// The app's code gives a player new items (`replaceCurrentItem(with:)`, an AVQueuePlayer's `insert`): the first
    /// is current, from its start.
    indirect case setItems(player: String, [PlayerItem])

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
        case .overrideOutput(let speaker): return "overrideOutput \(speaker ? "speaker" : "none")"
        case .preferInput(let port): return "preferInput \(port.map(\.rawValue) ?? "none")"
        case .nowPlayingInfo(let info): return info == nil ? "nowPlayingInfo null" : "nowPlayingInfo"
        case .enableCommands(let commands): return "enableCommands \(commands.map(\.rawValue))"
        case .disableCommands(let commands): return "disableCommands \(commands.map(\.rawValue))"
        case .seek(let player, let to): return "seek \(player.map { "\($0) " } ?? "")\(to)"
        case .rate(let player, let rate): return "rate \(player.map { "\($0) " } ?? "")\(Profile.text(rate))"
        case .nextTrack(let player): return player.map { "nextTrack \($0)" } ?? "nextTrack"
        case .showVideo(let player, let shown):
            return (shown ? "attachVideo" : "detachVideo") + (player.map { " \($0)" } ?? "")
        case .setPrefersInterruptionOnRouteDisconnect(let prefers):
            return "setPrefersInterruptionOnRouteDisconnect \(prefers)"
        case .setPrefersNoInterruptionsFromSystemAlerts(let prefers):
            return "setPrefersNoInterruptionsFromSystemAlerts \(prefers)"
        case .setVoiceProcessing(let on): return "voiceProcessing \(on)"
        case .declarePlayer(let player): return "declarePlayer \(player.name) (\(player.kind))"
        case .setItems(let player, let items):
            return "setItems \(player) [\(items.map { $0.title ?? "untitled" }.joined(separator: ", "))]"
        }
    }
}

/// A change to the device.
public enum DeviceAction: Hashable, Sendable, CustomStringConvertible {
    case ringer(RingerSwitch)
    case lock
    case unlock
    case connect(AccessorySpec)
    /// Disconnects the accessory of this kind (and name, when several are connected).
    case disconnect(AccessorySpec)
    /// The device goes offline (`down: true`) or comes back (extension): streamed items stall and recover.
    case network(down: Bool)
    /// The built-in microphone is muted (true) or unmuted (false) in hardware, as an iPad's Smart Folio closing or
    /// opening does.
    case builtInMic(muted: Bool)
    /// The device wakes from sleep.
    case wake

    public var description: String {
        switch self {
        case .builtInMic(let muted): "builtInMic \(muted ? "muted" : "unmuted")"
        case .wake: "wake"
        case .connect(let accessory): "connect \(accessory)"
        case .disconnect(let accessory): "disconnect \(accessory)"
        case .ringer(let position): "ringer \(position)"
        case .lock: "lock"
        case .unlock: "unlock"
        case .network(let down): "network \(down ? "down" : "up")"
        }
    }
}

/// Something the system does: calls, Siri, alarms.
public enum SystemAction: Hashable, Sendable, CustomStringConvertible {
    case incomingCall, answerCall, declineCall, endCall
    case siriBegin, siriEnd
    case alarmBegin, alarmEnd
    /// The media server died (extension): activation fails with mediaServicesFailed until the reset.
    case mediaServicesLost
    /// The media server restarted: every session loses its state and every app is told.
    case mediaServicesReset
    /// A remote command from the lock screen, Control Center or a headset, with what the user chose when the command
    /// carries a value (a position, a skip interval, a rate, a repeat or shuffle type, a seek phase, a rating, a
    /// feedback's negative flag: reference §8.3); nil sends the command as the SDK's default would have it.
    case remote(RemoteCommand, value: RemoteValue? = nil)

    /// A remote command with a position: changePlaybackPosition's `positionTime`, in seconds.
    public static func remote(_ command: RemoteCommand, position: Double?) -> SystemAction {
        .remote(command, value: position.map(RemoteValue.position))
    }

    public var description: String {
        switch self {
        case .incomingCall: "incomingCall"
        case .answerCall: "answerCall"
        case .declineCall: "declineCall"
        case .endCall: "endCall"
        case .siriBegin: "siri begin"
        case .siriEnd: "siri end"
        case .alarmBegin: "alarm begin"
        case .alarmEnd: "alarm end"
        case .mediaServicesLost: "mediaServicesLost"
        case .mediaServicesReset: "mediaServicesReset"
        case .remote(let command, let value): "remote \(command)\(value.map { " \($0)" } ?? "")"
        }
    }
}
