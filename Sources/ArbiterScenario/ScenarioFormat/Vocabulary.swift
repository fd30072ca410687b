import ArbiterEngine

/// The names scenario files use, as tables from name to value.
enum Vocabulary {
    static func table<T: CaseIterable & RawRepresentable>(_ type: T.Type) -> [(String, T)] where T.RawValue == String {
        T.allCases.map { ($0.rawValue, $0) }
    }

    static let categories = table(Category.self)
    static let modes = table(Mode.self)
    static let options: [(String, CategoryOption)] = table(CategoryOption.self) + [("allowBluetooth", .allowBluetoothHFP)]
    static let backgroundModes = table(BackgroundMode.self)
    static let playerKinds = table(PlayerKind.self)
    static let playerStates = table(PlayerState.self)
    static let commands = table(RemoteCommand.self)
    static let repeatTypes = table(RepeatType.self)
    static let shuffleTypes = table(ShuffleType.self)
    static let seekPhases = table(SeekPhase.self)
    static let feedbackSigns: [(String, Bool)] = [("positive", false), ("negative", true)]
    /// The commands that carry a value, with an example of each, for messages.
    static let commandsWithValues = "changePlaybackPosition (30), skipForward or skipBackward (15), "
        + "changePlaybackRate (1.5), changeRepeatMode (off, one, all), changeShuffleMode (off, items, collections), "
        + "seekForward or seekBackward (begin, end), rating (4), like, dislike or bookmark (positive, negative)"
    static let reactions = table(Reaction.self)
    static let accessories = table(AccessoryKind.self)
    static let ringer = table(RingerSwitch.self)
    static let lifecycles = table(AppLifecycle.self)
    static let errorCodes = table(ErrorCode.self)
    static let ports: [(String, PortType)] = table(PortType.self) + [("hdmi", .HDMI)]
    static let inputPorts: [(String, PortType)] = ports.filter {
        [.builtInMic, .headsetMic, .bluetoothHFP, .usbAudio, .carAudio, .lineIn].contains($0.1)
    }
    static let interruptionReasons = InterruptionReason.allCases.map { ($0.description, $0) }
    static let routeChangeReasons = RouteChangeReason.allCases.map { ($0.description, $0) }
    static let hintTypes: [(String, SecondaryAudioHint)] = [("begin", .begin), ("end", .end)]
    static let triggers: [String] = ["interruptionBegan", "interruptionEnded", "oldDeviceUnavailable",
                                     "newDeviceAvailable", "mediaServicesReset", "silenceSecondaryAudioBegan",
                                     "silenceSecondaryAudioEnded"] + RemoteCommand.allCases.map { "remote.\($0)" }

    static let appVerbs = ["activate", "deactivate", "setCategory", "setMode", "play", "pause", "stop", "record",
                           "stopRecording", "background", "foreground", "terminate", "launch", "overrideOutput",
                           "preferInput", "nowPlayingInfo", "enableCommands", "disableCommands", "seek", "rate", "nextTrack",
                           "detachVideo", "attachVideo", "setPrefersInterruptionOnRouteDisconnect",
                           "setPrefersNoInterruptionsFromSystemAlerts"]
    static let deviceVerbs = ["connect", "disconnect", "ringer", "lock", "unlock", "network", "builtInMic", "wake"]
    static let micStates: [(String, Bool)] = [("muted", true), ("unmuted", false)]
    static let callStyles = table(CallStyle.self)
    static let systemVerbs = ["incomingCall", "answerCall", "declineCall", "endCall", "siri", "alarm",
                              "mediaServicesReset", "mediaServicesLost", "remote"]
    static let profileKeys = Profile().tunables.map(\.name)
    static let appCheckKeys = ["active", "interrupted", "playing", "recording", "audible", "gain", "ducked", "mixable",
                               "category", "mode", "options", "state", "nowPlaying", "otherAudioPlaying",
                               "secondaryAudioShouldBeSilenced", "players", "events"]
    static let notificationNames = ["interruptionBegan", "interruptionEnded", "routeChange", "silenceSecondaryAudioHint",
                                    "mediaServicesWereReset", "mediaServicesWereLost", "remoteCommand",
                                    "playbackStateChanged", "didPlayToEndTime"]
}
