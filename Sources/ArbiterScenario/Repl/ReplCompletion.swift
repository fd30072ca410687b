import ArbiterEngine

/// Tab completion for the REPL: what the word being typed can become, from the same vocabulary the scenario
/// decoder accepts (commands, app names, verbs, categories, modes, options, ports, commands, properties).
public enum ReplCompletion {
    /// The words that can replace the last, partly typed word of `line` (the text before the cursor).
    /// A `key=value` word completes its value, and a comma list its last item; the candidates are whole words.
    public static func candidates(for line: String, apps: [AppConfig]) -> [String] {
        let endsWithSpace = line.last == " " || line.last == "\t"
        var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        let partial = endsWithSpace ? "" : (words.popLast() ?? "")
        // A key=value word: complete the value (its last comma item) and give back the whole word.
        if let equals = partial.firstIndex(of: "=") {
            let key = String(partial[..<equals])
            let value = String(partial[partial.index(after: equals)...])
            let head = value.lastIndex(of: ",").map { String(value[...$0]) } ?? ""
            let item = String(value.dropFirst(head.count))
            return values(forKey: key)
                .filter { $0.hasPrefix(item) }
                .map { "\(key)=\(head)\($0)" }
        }
        return choices(before: words, apps: apps).filter { $0.hasPrefix(partial) }
    }

    /// Whether a single candidate is a whole word, to be followed by a space: not a `key=` waiting for its value,
    /// nor a `key=value` of a comma list (`options=duckOthers`), which may go on with a comma.
    public static func endsWord(_ candidate: String) -> Bool {
        if let last = candidate.last, "=:,".contains(last) { return false }
        guard let equals = candidate.firstIndex(of: "=") else { return true }
        return !listKeys.contains(String(candidate[..<equals]))
    }

    /// The keys whose values are comma lists, as typed and as the decoder names them.
    static let listKeys: Set<String> = {
        let keys = (VerbWords.app + VerbWords.device + VerbWords.system + [VerbWords.declaration]).flatMap(\.keys)
        let typed = keys.filter(\.isList).map(\.name)
        return Set(typed + typed.compactMap { VerbWords.declarationAliases[$0] })
    }()

    static let appProperties = [
        "active", "interrupted", "playing", "recording", "audible", "gain", "ducked", "state",
        "category", "mode", "options", "mixable", "nowPlaying",
    ]

    /// The whole words that may come after `words`.
    static func choices(before words: [String], apps: [AppConfig]) -> [String] {
        let appNames = apps.map(\.name.name)
        guard let first = words.first else {
            return appNames + ["device", "system"] + CommandDecoder.sessionCommands.map(\.0)
        }
        let rest = Array(words.dropFirst())
        switch first {
        case "device":
            guard let verb = rest.first else { return Vocabulary.deviceVerbs }
            switch DeviceVerb(rawValue: verb) {
            case .connect, .disconnect:
                return rest.count == 1 ? names(Vocabulary.accessories) : keyWords("device", verb)
            case .ringer: return rest.count == 1 ? names(Vocabulary.ringer) : []
            case .builtInMic: return rest.count == 1 ? names(Vocabulary.micStates) : []
            default: return []
            }
        case "system":
            guard let verb = rest.first else { return Vocabulary.systemVerbs }
            switch SystemVerb(rawValue: verb) {
            case .remote:
                if rest.count == 1 { return names(Vocabulary.commands) }
                return rest.count == 2 ? remoteValueWords(RemoteCommand(rawValue: rest[1])?.valueKind) : []
            case .siri, .alarm: return rest.count == 1 ? names(Vocabulary.phases) : []
            default: return []
            }
        case "state": return rest.isEmpty ? appNames : []
        case "why":
            if rest.isEmpty { return appNames }
            return rest.count == 1 ? appProperties : []
        case "help":
            return rest.isEmpty
                ? ["device", "system"] + CommandDecoder.sessionCommands.map(\.0) + Vocabulary.appVerbs
                    + Vocabulary.deviceVerbs + Vocabulary.systemVerbs : []
        case "app": return rest.isEmpty ? [] : VerbWords.declaration.keys.map { "\($0.name)=" }
        default:
            guard let app = apps.first(where: { $0.name.name == first }) else { return [] }
            guard let verb = rest.first else { return Vocabulary.appVerbs }
            let players = app.players.map(\.name)
            let position = rest.count - 1
            switch AppVerb(rawValue: verb) {
            case .setCategory: return position == 0 ? names(Vocabulary.categories) : keyWords("app", verb)
            case .setMode: return position == 0 ? names(Vocabulary.modes) : []
            case .deactivate: return position == 0 ? ["notifyOthers"] : []
            case .play: return position == 0 ? players + ["video"] : []
            case .pause, .stop, .seek, .rate: return position == 0 ? players : []
            case .overrideOutput: return position == 0 ? names(Vocabulary.outputOverrides) : []
            case .preferInput: return position == 0 ? names(Vocabulary.inputPorts) + ["none"] : []
            case .setPrefersInterruptionOnRouteDisconnect, .setPrefersNoInterruptionsFromSystemAlerts,
                .voiceProcessing:
                return position == 0 ? ["true", "false"] : []
            case .enableCommands, .disableCommands: return names(Vocabulary.commands).filter { !rest.contains($0) }
            case .nowPlayingInfo: return (position == 0 ? ["none"] : []) + keyWords("app", verb)
            default: return []
            }
        }
    }

    /// The values a `key=` word takes.
    static func values(forKey key: String) -> [String] {
        switch key {
        case "category": return names(Vocabulary.categories)
        case "mode": return names(Vocabulary.modes)
        case "options": return names(Vocabulary.options)
        case "background", "backgroundModes": return names(Vocabulary.backgroundModes)
        case "commands", "remoteCommands": return names(Vocabulary.commands)
        case "players": return names(Vocabulary.playerKinds).map { "main:\($0)" }
        case "reactions": return Vocabulary.triggers.map { "\($0):" }
        default: return []
        }
    }

    private static func names<T>(_ table: [(String, T)]) -> [String] { table.map(\.0) }

    /// The words a remote command's value may be; numbers have none.
    private static func remoteValueWords(_ kind: RemoteValue.Kind?) -> [String] {
        switch kind {
        case .repeatType: names(Vocabulary.repeatTypes)
        case .shuffleType: names(Vocabulary.shuffleTypes)
        case .seek: names(Vocabulary.seekPhases)
        case .negative: names(Vocabulary.feedbackSigns)
        case .position, .interval, .rate, .rating, nil: []
        }
    }

    /// The key= words a verb takes besides its positional words (`mode=` after `setCategory playback`).
    private static func keyWords(_ target: String, _ verb: String) -> [String] {
        VerbWords.verbs(of: target).first { $0.verb == verb }?.keys.map { "\($0.name)=" } ?? []
    }
}
