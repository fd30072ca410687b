extension VerbWords {
    /// The app verbs, in the order of `AppVerb`.
    static let app = AppVerb.allCases.map(words)

    /// How an app verb is typed.
    static func words(_ verb: AppVerb) -> VerbWords {
        switch verb {
        case .activate: VerbWords(verb, summary: "activate the session", example: "")
        case .deactivate:
            VerbWords(
                verb, slots: [Slot(name: "notifyOthers", key: "notifyOthers", isOptional: true, isFlag: true)],
                summary: "deactivate the session; notifyOthers lets interrupted apps resume", example: "notifyOthers")
        case .setCategory:
            VerbWords(
                verb, slots: [Slot(name: "CATEGORY", key: "category")],
                keys: [Key(name: "mode", value: "MODE"), Key(name: "options", value: "OPTION,...", isList: true)],
                summary: "set the category, and the mode and options with it", example: "playback options=duckOthers")
        case .setMode: VerbWords(verb, slots: [Slot(name: "MODE")], summary: "set the mode", example: "spokenAudio")
        case .play: player(verb, "play every player, or PLAYER")
        case .pause: player(verb, "pause every player, or PLAYER")
        case .stop: player(verb, "stop every player, or PLAYER")
        case .record: VerbWords(verb, summary: "start recording", example: "")
        case .stopRecording: VerbWords(verb, summary: "stop recording", example: "")
        case .background: VerbWords(verb, summary: "go to the background", example: "")
        case .foreground: VerbWords(verb, summary: "come to the foreground", example: "")
        case .terminate: VerbWords(verb, summary: "be terminated", example: "")
        case .launch: VerbWords(verb, summary: "be launched again", example: "")
        case .overrideOutput:
            VerbWords(
                verb, slots: [Slot(name: either(Vocabulary.outputOverrides))],
                summary: "route output to the speaker, or stop doing so", example: "speaker")
        case .preferInput:
            VerbWords(
                verb, slots: [Slot(name: "PORT|none", isOptional: true)],
                summary: "prefer an input port, or none", example: "headsetMic")
        case .nowPlayingInfo:
            VerbWords(
                verb, slots: [Slot(name: "none", isOptional: true, isFlag: true)],
                keys: ScenarioDecoder.nowPlayingInfoKeys.map { Key(name: $0, value: nowPlayingValues[$0] ?? "VALUE") },
                summary: "publish Now Playing info; none (or no words) clears it",
                example: "title=\"Song two\" duration=240 elapsed=12")
        case .enableCommands:
            VerbWords(
                verb, slots: [Slot(name: "COMMAND")], isList: true,
                summary: "enable remote commands", example: "play pause")
        case .disableCommands:
            VerbWords(
                verb, slots: [Slot(name: "COMMAND")], isList: true,
                summary: "disable remote commands", example: "nextTrack")
        case .seek:
            VerbWords(
                verb, slots: [Slot(name: "PLAYER", key: "player", isOptional: true), Slot(name: "SECONDS", key: "to")],
                summary: "move a player to a position", example: "30")
        case .rate:
            VerbWords(
                verb, slots: [Slot(name: "PLAYER", key: "player", isOptional: true), Slot(name: "RATE", key: "to")],
                summary: "set a player's playback rate (2 is twice normal speed)", example: "2")
        case .nextTrack: player(verb, "skip to the next item (the app's own next-track code)")
        case .detachVideo: player(verb, "take a player's video off the screen")
        case .attachVideo: player(verb, "put a player's video back on the screen")
        case .setPrefersInterruptionOnRouteDisconnect:
            VerbWords(
                verb, slots: [Slot(name: "true|false")],
                summary: "whether losing the route interrupts the session (ios 17 and later)", example: "false")
        case .setPrefersNoInterruptionsFromSystemAlerts:
            VerbWords(
                verb, slots: [Slot(name: "true|false")],
                summary: "whether system alerts leave the session alone", example: "true")
        case .voiceProcessing:
            VerbWords(
                verb, slots: [Slot(name: "true|false")],
                summary: "voice processing on the app's audio I/O (it ducks others in playAndRecord)", example: "true")
        }
    }

    /// The device verbs, in the order of `DeviceVerb`.
    static let device = DeviceVerb.allCases.map(words)

    /// How a device verb is typed.
    static func words(_ verb: DeviceVerb) -> VerbWords {
        switch verb {
        case .connect: accessory(verb, "plug in or pair an accessory")
        case .disconnect: accessory(verb, "unplug or unpair an accessory")
        case .ringer:
            VerbWords(
                verb, slots: [Slot(name: either(Vocabulary.ringer))], summary: "flip the ring/silent switch",
                example: "silent")
        case .lock: VerbWords(verb, summary: "lock the screen", example: "")
        case .unlock: VerbWords(verb, summary: "unlock the screen", example: "")
        case .network:
            VerbWords(
                verb, slots: [Slot(name: either(Vocabulary.networkStates))], summary: "lose or regain the network",
                example: "down")
        case .builtInMic:
            VerbWords(
                verb, slots: [Slot(name: either(Vocabulary.micStates))], summary: "mute or unmute the built-in mic",
                example: "muted")
        case .wake: VerbWords(verb, summary: "wake the device from sleep", example: "")
        }
    }

    /// The system verbs, in the order of `SystemVerb`.
    static let system = SystemVerb.allCases.map(words)

    /// How a system verb is typed.
    static func words(_ verb: SystemVerb) -> VerbWords {
        switch verb {
        case .incomingCall: VerbWords(verb, summary: "a call rings", example: "")
        case .answerCall: VerbWords(verb, summary: "answer it", example: "")
        case .declineCall: VerbWords(verb, summary: "decline it", example: "")
        case .endCall: VerbWords(verb, summary: "end the call", example: "")
        case .siri:
            VerbWords(
                verb, slots: [Slot(name: either(Vocabulary.phases))], summary: "Siri starts or ends", example: "begin")
        case .alarm:
            VerbWords(
                verb, slots: [Slot(name: either(Vocabulary.phases))], summary: "an alarm starts or ends",
                example: "begin")
        case .mediaServicesReset: VerbWords(verb, summary: "the media services are reset", example: "")
        case .mediaServicesLost:
            VerbWords(verb, summary: "the media server dies; activation fails until the reset", example: "")
        case .remote:
            VerbWords(
                verb, slots: [Slot(name: "COMMAND"), Slot(name: "VALUE", isOptional: true)],
                summary: "a remote command (the lock screen, headphones); VALUE is what the user chose: a position, "
                    + "skip interval, rate or rating, a repeat type (off one all), shuffle type (off items "
                    + "collections), seek phase (begin end) or feedback (positive negative)",
                example: "togglePlayPause")
        }
    }

    /// `app NAME key=value...`: the keys of a declaration, as typed (the decoder's `backgroundModes` is
    /// `background=`, its `remoteCommands` is `commands=`).
    static let declaration = VerbWords(
        verb: "app", slots: [Slot(name: "NAME")],
        keys: [
            Key(name: "category", value: "CATEGORY"), Key(name: "mode", value: "MODE"),
            Key(name: "options", value: "OPTION,...", isList: true),
            Key(name: "background", value: "BACKGROUND,...", isList: true),
            Key(name: "commands", value: "COMMAND,...", isList: true),
            Key(name: "players", value: "NAME:KIND,...", isList: true),
            Key(name: "reactions", value: "TRIGGER:REACTION,...", isList: true),
        ], summary: "declare an app", example: "Maps category=playback options=duckOthers background=audio")

    /// The declaration keys as the decoder names them, by the name typed.
    static let declarationAliases = ["background": "backgroundModes", "commands": "remoteCommands"]

    /// Declaration keys only a file has: the REPL's `app` cannot silence lints (`allowLints`); a loaded file's
    /// allowances hold for the session.
    static let fileOnlyAppKeys = ["allowLints"]

    /// The verbs of `target`: `app`, `device` or `system`.
    static func verbs(of target: String) -> [VerbWords] {
        switch target {
        case "device": device
        case "system": system
        default: app
        }
    }

    private static let nowPlayingValues = [
        "title": "TEXT", "artist": "TEXT", "album": "TEXT", "duration": "SECONDS",
        "elapsed": "SECONDS", "rate": "RATE", "defaultRate": "RATE",
    ]

    /// A place for one of a table's words: `ring|silent`.
    private static func either<T>(_ table: [(String, T)]) -> String { table.map(\.0).joined(separator: "|") }

    private static func player(_ verb: AppVerb, _ summary: String) -> VerbWords {
        VerbWords(verb, slots: [Slot(name: "PLAYER", isOptional: true)], summary: summary, example: "")
    }

    private static func accessory(_ verb: DeviceVerb, _ summary: String) -> VerbWords {
        VerbWords(
            verb, slots: [Slot(name: "ACCESSORY", key: "accessory")], keys: [Key(name: "name", value: "NAME")],
            summary: summary, example: "wiredHeadphones")
    }

    /// A verb's words, the verb spelled as its step verb.
    init(
        _ verb: some StepVerb, slots: [Slot] = [], keys: [Key] = [], isList: Bool = false, summary: String,
        example: String
    ) {
        self.init(verb: verb.rawValue, slots: slots, keys: keys, isList: isList, summary: summary, example: example)
    }
}
