import ArbiterEngine

/// A verb of a scenario step, spelled as its case is named. The decoder reads these words, the writer writes them and
/// the REPL types them, so an event's word is written once, here; the cases' order is the order messages and help
/// list them in.
protocol StepVerb: CaseIterable, RawRepresentable, Sendable where RawValue == String {}

/// What an app step does: `Music: { setCategory: playback }`.
enum AppVerb: String, StepVerb {
    case activate, deactivate, setCategory, setMode, play, pause, stop, record, stopRecording, background, foreground
    case terminate, launch, overrideOutput, preferInput, nowPlayingInfo, enableCommands, disableCommands, seek, rate
    case nextTrack, detachVideo, attachVideo, setPrefersInterruptionOnRouteDisconnect
    case setPrefersNoInterruptionsFromSystemAlerts, voiceProcessing

    /// The verb that says `action`; nil for what only an app's own code does (making a player, giving it items).
    init?(_ action: AppAction) {
        switch action {
        case .setCategory: self = .setCategory
        case .setMode: self = .setMode
        case .activate: self = .activate
        case .deactivate: self = .deactivate
        case .play: self = .play
        case .pause: self = .pause
        case .stop: self = .stop
        case .record: self = .record
        case .stopRecording: self = .stopRecording
        case .foreground: self = .foreground
        case .background: self = .background
        case .terminate: self = .terminate
        case .launch: self = .launch
        case .overrideOutput: self = .overrideOutput
        case .preferInput: self = .preferInput
        case .nowPlayingInfo: self = .nowPlayingInfo
        case .enableCommands: self = .enableCommands
        case .disableCommands: self = .disableCommands
        case .seek: self = .seek
        case .rate: self = .rate
        case .nextTrack: self = .nextTrack
        case .showVideo(_, let shown): self = shown ? .attachVideo : .detachVideo
        case .setPrefersInterruptionOnRouteDisconnect: self = .setPrefersInterruptionOnRouteDisconnect
        case .setPrefersNoInterruptionsFromSystemAlerts: self = .setPrefersNoInterruptionsFromSystemAlerts
        case .setVoiceProcessing: self = .voiceProcessing
        case .declarePlayer, .setItems: return nil
        }
    }
}

/// What a device step does: `device: { connect: wiredHeadphones }`.
enum DeviceVerb: String, StepVerb {
    case connect, disconnect, ringer, lock, unlock, network, builtInMic, wake

    /// The verb that says `action`.
    init(_ action: DeviceAction) {
        switch action {
        case .connect: self = .connect
        case .disconnect: self = .disconnect
        case .ringer: self = .ringer
        case .lock: self = .lock
        case .unlock: self = .unlock
        case .network: self = .network
        case .builtInMic: self = .builtInMic
        case .wake: self = .wake
        }
    }
}

/// What a system step does: `system: { siri: begin }`.
enum SystemVerb: String, StepVerb {
    case incomingCall, answerCall, declineCall, endCall, siri, alarm, mediaServicesReset, mediaServicesLost, remote

    /// The verb that says `action`; Siri and alarms take their phase as the verb's value.
    init(_ action: SystemAction) {
        switch action {
        case .incomingCall: self = .incomingCall
        case .answerCall: self = .answerCall
        case .declineCall: self = .declineCall
        case .endCall: self = .endCall
        case .siriBegin, .siriEnd: self = .siri
        case .alarmBegin, .alarmEnd: self = .alarm
        case .mediaServicesReset: self = .mediaServicesReset
        case .mediaServicesLost: self = .mediaServicesLost
        case .remote: self = .remote
        }
    }
}

extension StepVerb {
    /// Every verb's word, in order.
    static var words: [String] { allCases.map(\.rawValue) }
}
