extension VerbWords {
    /// The app verbs, in the order of `Vocabulary.appVerbs`.
    static let app: [VerbWords] = [
        VerbWords(verb: "activate", summary: "activate the session", example: ""),
        VerbWords(verb: "deactivate", slots: [Slot(name: "notifyOthers", key: "notifyOthers", isOptional: true, isFlag: true)],
                  summary: "deactivate the session; notifyOthers lets interrupted apps resume", example: "notifyOthers"),
        VerbWords(verb: "setCategory", slots: [Slot(name: "CATEGORY", key: "category")],
                  keys: [Key(name: "mode", value: "MODE"), Key(name: "options", value: "OPTION,...", isList: true)],
                  summary: "set the category, and the mode and options with it", example: "playback options=duckOthers"),
        VerbWords(verb: "setMode", slots: [Slot(name: "MODE")], summary: "set the mode", example: "spokenAudio"),
        player("play", "play every player, or PLAYER"),
        player("pause", "pause every player, or PLAYER"),
        player("stop", "stop every player, or PLAYER"),
        VerbWords(verb: "record", summary: "start recording", example: ""),
        VerbWords(verb: "stopRecording", summary: "stop recording", example: ""),
        VerbWords(verb: "background", summary: "go to the background", example: ""),
        VerbWords(verb: "foreground", summary: "come to the foreground", example: ""),
        VerbWords(verb: "terminate", summary: "be terminated", example: ""),
        VerbWords(verb: "launch", summary: "be launched again", example: ""),
        VerbWords(verb: "overrideOutput", slots: [Slot(name: "speaker|none")],
                  summary: "route output to the speaker, or stop doing so", example: "speaker"),
        VerbWords(verb: "preferInput", slots: [Slot(name: "PORT|none", isOptional: true)],
                  summary: "prefer an input port, or none", example: "headsetMic"),
        VerbWords(verb: "nowPlayingInfo", slots: [Slot(name: "none", isOptional: true, isFlag: true)],
                  keys: ScenarioDecoder.nowPlayingInfoKeys.map { Key(name: $0, value: nowPlayingValues[$0] ?? "VALUE") },
                  summary: "publish Now Playing info; none (or no words) clears it",
                  example: "title=\"Song two\" duration=240 elapsed=12"),
        VerbWords(verb: "enableCommands", slots: [Slot(name: "COMMAND")], isList: true,
                  summary: "enable remote commands", example: "play pause"),
        VerbWords(verb: "disableCommands", slots: [Slot(name: "COMMAND")], isList: true,
                  summary: "disable remote commands", example: "nextTrack"),
        VerbWords(verb: "seek", slots: [Slot(name: "PLAYER", key: "player", isOptional: true), Slot(name: "SECONDS", key: "to")],
                  summary: "move a player to a position", example: "30"),
        VerbWords(verb: "rate", slots: [Slot(name: "PLAYER", key: "player", isOptional: true), Slot(name: "RATE", key: "to")],
                  summary: "set a player's playback rate (2 is twice normal speed)", example: "2"),
        player("nextTrack", "skip to the next item (the app's own next-track code)"),
        player("detachVideo", "take a player's video off the screen"),
        player("attachVideo", "put a player's video back on the screen"),
        VerbWords(verb: "setPrefersInterruptionOnRouteDisconnect", slots: [Slot(name: "true|false")],
                  summary: "whether losing the route interrupts the session (ios 17 and later)", example: "false"),
        VerbWords(verb: "setPrefersNoInterruptionsFromSystemAlerts", slots: [Slot(name: "true|false")],
                  summary: "whether system alerts leave the session alone", example: "true"),
    ]

    /// The device verbs, in the order of `Vocabulary.deviceVerbs`.
    static let device: [VerbWords] = [
        accessory("connect", "plug in or pair an accessory"),
        accessory("disconnect", "unplug or unpair an accessory"),
        VerbWords(verb: "ringer", slots: [Slot(name: "ring|silent")], summary: "flip the ring/silent switch", example: "silent"),
        VerbWords(verb: "lock", summary: "lock the screen", example: ""),
        VerbWords(verb: "unlock", summary: "unlock the screen", example: ""),
        VerbWords(verb: "network", slots: [Slot(name: "down|up")], summary: "lose or regain the network", example: "down"),
        VerbWords(verb: "builtInMic", slots: [Slot(name: "muted|unmuted")], summary: "mute or unmute the built-in mic",
                  example: "muted"),
        VerbWords(verb: "wake", summary: "wake the device from sleep", example: ""),
    ]

    /// The system verbs, in the order of `Vocabulary.systemVerbs`.
    static let system: [VerbWords] = [
        VerbWords(verb: "incomingCall", summary: "a call rings", example: ""),
        VerbWords(verb: "answerCall", summary: "answer it", example: ""),
        VerbWords(verb: "declineCall", summary: "decline it", example: ""),
        VerbWords(verb: "endCall", summary: "end the call", example: ""),
        VerbWords(verb: "siri", slots: [Slot(name: "begin|end")], summary: "Siri starts or ends", example: "begin"),
        VerbWords(verb: "alarm", slots: [Slot(name: "begin|end")], summary: "an alarm starts or ends", example: "begin"),
        VerbWords(verb: "mediaServicesReset", summary: "the media services are reset", example: ""),
        VerbWords(verb: "mediaServicesLost", summary: "the media server dies; activation fails until the reset", example: ""),
        VerbWords(verb: "remote", slots: [Slot(name: "COMMAND"), Slot(name: "VALUE", isOptional: true)],
                  summary: "a remote command (the lock screen, headphones); VALUE is what the user chose: a position, "
                      + "skip interval, rate or rating, a repeat type (off one all), shuffle type (off items "
                      + "collections), seek phase (begin end) or feedback (positive negative)",
                  example: "togglePlayPause"),
    ]

    /// `app NAME key=value...`: the keys of a declaration, as typed (the decoder's `backgroundModes` is
    /// `background=`, its `remoteCommands` is `commands=`).
    static let declaration = VerbWords(verb: "app", slots: [Slot(name: "NAME")], keys: [
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

    private static let nowPlayingValues = ["title": "TEXT", "artist": "TEXT", "album": "TEXT", "duration": "SECONDS",
                                           "elapsed": "SECONDS", "rate": "RATE", "defaultRate": "RATE"]

    private static func player(_ verb: String, _ summary: String) -> VerbWords {
        VerbWords(verb: verb, slots: [Slot(name: "PLAYER", isOptional: true)], summary: summary, example: "")
    }

    private static func accessory(_ verb: String, _ summary: String) -> VerbWords {
        VerbWords(verb: verb, slots: [Slot(name: "ACCESSORY", key: "accessory")], keys: [Key(name: "name", value: "NAME")],
                  summary: summary, example: "wiredHeadphones")
    }
}
