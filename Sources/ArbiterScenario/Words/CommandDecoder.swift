import ArbiterEngine
import Yams

/// A command typed in the REPL.
public enum Command: Sendable {
    /// A scenario step: an app, device or system verb.
    case event(Event)
    case after(Time)
    case at(Time)
    case declare(AppConfig)
    case state(AppID?)
    case route
    case nowPlaying
    case events
    case why(AppID, String?)
    case history
    case undo
    case goto(Int)
    case step
    case run
    case save(String)
    case timeline(String)
    case graph
    case help(String?)
    case quit
}

/// Decodes typed words with the scenario decoder itself: the words become the nodes a scenario file would
/// hold, so the REPL and `arbiter replay` cannot disagree on what a verb means.
public struct CommandDecoder {
    var decoder: ScenarioDecoder

    /// The inspection and session commands, with their one-line help.
    public static let sessionCommands: [(String, String)] = [
        ("app", "app NAME key=value...  declare an app (category, mode, options, background, commands, players)"),
        ("after", "after DURATION  move time forward"), ("at", "at TIME  move time to TIME"),
        ("state", "state [APP]  show the device, or an app"), ("route", "route  the current route"),
        ("nowplaying", "nowplaying  what the lock screen shows"), ("events", "events  notifications since the last look"),
        ("why", "why APP [PROPERTY]  explain a value: decision, rule, source, step"),
        ("history", "history  the steps so far"), ("undo", "undo  take back the last step"),
        ("goto", "goto N  go back to just after step N"), ("step", "step  run the file's next step"),
        ("run", "run  run the file's remaining steps"), ("save", "save FILE  write the session as a scenario"),
        ("timeline", "timeline FILE.svg  draw the session so far: a lane per app over time"),
        ("graph", "graph  the real PipeWire streams, read back from the graph (with --pipewire)"),
        ("help", "help [COMMAND]  this list, or one command"), ("quit", "quit  leave"),
    ]

    public init(file: String, apps: [AppConfig] = [], ios: Int = 17) {
        decoder = ScenarioDecoder(reader: YAMLReader(file: file, readsWordPositions: true))
        decoder.ios = ios
        decoder.apps = apps
        for app in apps { decoder.players[app.name] = app.players.map(\.name) }
    }

    /// The apps known so far (declared in the file or with `app`).
    public var apps: [AppConfig] { decoder.apps }

    /// Decodes one line, or returns its errors as the CLI prints them.
    public mutating func decode(_ words: Words) -> Result<Command?, ScenarioErrors> {
        decoder.reader.diagnostics = []
        if let column = words.unclosedQuote {
            let position = SourcePosition(file: decoder.reader.file, line: words.line, column: column)
            return .failure(ScenarioErrors([Diagnostic(position, "this quote is never closed",
                                                       expected: "a closing \" (`title=\"Song two\"`)")]))
        }
        guard let first = words.words.first else { return .success(nil) }
        let command = decode(first: first, rest: Array(words.words.dropFirst()), words: words)
        if !decoder.reader.diagnostics.isEmpty { return .failure(ScenarioErrors(decoder.reader.diagnostics)) }
        return .success(command)
    }

    private mutating func fail(_ word: Words.Word, _ words: Words, _ message: String, expected: String,
                               suggestion: String? = nil) {
        decoder.reader.fail(words.node(word), message, expected: expected, suggestion: suggestion)
    }

    private mutating func decode(first: Words.Word, rest: [Words.Word], words: Words) -> Command? {
        let appNames = decoder.apps.map(\.name.name)
        switch first.text {
        case "device", "system":
            guard let verb = rest.first else {
                fail(first, words, "\(first.text) needs a verb", expected: "for example `\(first.text) \(first.text == "device" ? "lock" : "incomingCall")`")
                return nil
            }
            let node = verbNode(verb, Array(rest.dropFirst()), words)
            if first.text == "device" { return decoder.decodeDeviceVerb(node).map { .event(.device($0)) } }
            return decoder.decodeSystemVerb(node).map { .event(.system($0)) }
        case "after", "at":
            guard rest.count == 1, let time = DurationText.parse(rest[0].text) else {
                fail(rest.first ?? first, words, "\(first.text) needs one duration", expected: DurationText.expected)
                return nil
            }
            return first.text == "after" ? .after(time) : .at(time)
        case "app":
            return declare(rest, words)
        case "state":
            guard let name = rest.first else { return .state(nil) }
            return app(name, words).map { .state($0) }
        case "why":
            guard let name = rest.first, let app = app(name, words) else {
                if rest.isEmpty { fail(first, words, "why needs an app", expected: "`why Music` or `why Music playing`") }
                return nil
            }
            if let property = rest.dropFirst().first, !ReplCompletion.appProperties.contains(property.text) {
                fail(property, words, "unknown property '\(property.text)'",
                     expected: "one of: " + ReplCompletion.appProperties.joined(separator: ", "),
                     suggestion: Suggestions.nearest(to: property.text, in: ReplCompletion.appProperties))
                return nil
            }
            return .why(app, rest.dropFirst().first?.text)
        case "goto":
            guard let word = rest.first, let number = Int(word.text), number >= 0 else {
                fail(rest.first ?? first, words, "goto needs a step number", expected: "a number from `history`")
                return nil
            }
            return .goto(number)
        case "save", "timeline":
            guard let word = rest.first else {
                fail(first, words, "\(first.text) needs a file",
                     expected: first.text == "save" ? "`save session.yaml`" : "`timeline session.svg`")
                return nil
            }
            return first.text == "save" ? .save(word.text) : .timeline(word.text)
        case "help": return .help(rest.first?.text)
        case "route": return .route
        case "graph": return .graph
        case "nowplaying": return .nowPlaying
        case "events": return .events
        case "history": return .history
        case "undo": return .undo
        case "step": return .step
        case "run": return .run
        case "quit", "exit": return .quit
        default:
            guard appNames.contains(first.text) else {
                let known = ["device", "system", "expect"] + CommandDecoder.sessionCommands.map(\.0)
                fail(first, words, "unknown app or command '\(first.text)'",
                     expected: "an app (" + appNames.joined(separator: ", ") + "), device, system, or a command (`help`)",
                     suggestion: Suggestions.nearest(to: first.text, in: appNames + known))
                return nil
            }
            guard let verb = rest.first else {
                fail(first, words, "\(first.text) needs a verb", expected: "for example `\(first.text) play`")
                return nil
            }
            let id = AppID(first.text)
            return decoder.decodeAppVerb(verbNode(verb, Array(rest.dropFirst()), words), app: id).map { .event(.app(id, $0)) }
        }
    }

    private mutating func app(_ word: Words.Word, _ words: Words) -> AppID? {
        decoder.appName(words.node(word))
    }

    /// Keys that take lists; `a,b` values become lists everywhere.
    static let listKeys: Set<String> = ["options", "backgroundModes", "remoteCommands", "previousOutputs"]
    /// What a verb's positional words mean, in order, when it also has key=value words.
    static let positionalKeys: [String: [String]] = [
        "setCategory": ["category"], "connect": ["accessory"], "disconnect": ["accessory"], "seek": ["player", "to"],
        "rate": ["player", "to"],
        "deactivate": [],
    ]

    /// `verb`, or `{ verb: argument }` with the argument built from the remaining words.
    private mutating func verbNode(_ verb: Words.Word, _ arguments: [Words.Word], _ words: Words) -> Node {
        let verbNode = words.node(verb)
        guard !arguments.isEmpty else { return verbNode }
        var positional: [Words.Word] = []
        var pairs: [(Node, Node)] = []
        for word in arguments {
            if let equals = word.text.firstIndex(of: "="), equals != word.text.startIndex {
                let key = String(word.text[..<equals])
                let text = String(word.text[word.text.index(after: equals)...])
                let keyNode = WordNodes.scalar(key, line: words.line, column: word.column)
                let valueColumn = word.column + key.count + 1
                pairs.append((keyNode, value(text, key: key, line: words.line, column: valueColumn)))
            } else if verb.text == "deactivate" && word.text == "notifyOthers" {
                pairs.append((words.node(word), WordNodes.scalar("true", line: words.line, column: word.column)))
            } else {
                positional.append(word)
            }
        }
        let argument: Node
        if ["enableCommands", "disableCommands"].contains(verb.text) {
            argument = WordNodes.sequence(positional.map { words.node($0) }, at: verbNode)
        } else if verb.text == "remote" && positional.count == 2 {
            argument = WordNodes.mapping([(words.node(positional[0]), words.node(positional[1]))], at: verbNode)
        } else if ["seek", "rate"].contains(verb.text) && positional.count == 1 && pairs.isEmpty {
            argument = words.node(positional[0])
        } else if positional.count == 1 && pairs.isEmpty {
            argument = verb.text == "nowPlayingInfo" && positional[0].text == "null"
                ? WordNodes.scalar("", line: words.line, column: positional[0].column) : words.node(positional[0])
        } else {
            var keys = CommandDecoder.positionalKeys[verb.text] ?? []
            if ["seek", "rate"].contains(verb.text) && positional.count == 1 { keys = ["to"] }
            for (index, word) in positional.enumerated() {
                guard index < keys.count else {
                    fail(word, words, "unexpected word '\(word.text)' after \(verb.text)",
                         expected: "key=value words (see `help \(verb.text)`)")
                    continue
                }
                pairs.insert((WordNodes.scalar(keys[index], line: words.line, column: word.column), words.node(word)),
                             at: index)
            }
            argument = WordNodes.mapping(pairs, at: verbNode)
        }
        return WordNodes.mapping([(verbNode, argument)], at: verbNode)
    }

    private func value(_ text: String, key: String, line: Int, column: Int) -> Node {
        let anchor = WordNodes.scalar(text, line: line, column: column)
        if CommandDecoder.listKeys.contains(key) || text.contains(",") {
            var items: [Node] = []
            var offset = 0
            for part in text.split(separator: ",", omittingEmptySubsequences: false) {
                items.append(WordNodes.scalar(String(part), line: line, column: column + offset))
                offset += part.count + 1
            }
            return WordNodes.sequence(items, at: anchor)
        }
        return anchor
    }

    /// `app Maps category=playback options=duckOthers background=audio commands=play,pause players=main:avPlayer`.
    private mutating func declare(_ rest: [Words.Word], _ words: Words) -> Command? {
        guard let name = rest.first else {
            decoder.reader.fail(at: SourcePosition(file: decoder.reader.file, line: words.line, column: 1),
                                "app needs a name", expected: "`app Maps category=playback`")
            return nil
        }
        if decoder.apps.contains(where: { $0.name.name == name.text }) {
            fail(name, words, "app '\(name.text)' already exists", expected: "a new app name")
            return nil
        }
        let aliases = ["background": "backgroundModes", "commands": "remoteCommands"]
        var pairs: [(Node, Node)] = []
        for word in rest.dropFirst() {
            guard let equals = word.text.firstIndex(of: "=") else {
                fail(word, words, "'\(word.text)' is not key=value", expected: "key=value words such as category=playback")
                continue
            }
            let rawKey = String(word.text[..<equals])
            let key = aliases[rawKey] ?? rawKey
            let text = String(word.text[word.text.index(after: equals)...])
            let column = word.column + rawKey.count + 1
            let keyNode = WordNodes.scalar(key, line: words.line, column: word.column)
            if key == "players" {
                let anchor = WordNodes.scalar(text, line: words.line, column: column)
                let players = text.split(separator: ",").map { part -> (Node, Node) in
                    let bits = part.split(separator: ":", maxSplits: 1).map(String.init)
                    return (WordNodes.scalar(bits[0], line: words.line, column: column),
                            WordNodes.scalar(bits.count > 1 ? bits[1] : "audioPlayer", line: words.line, column: column))
                }
                pairs.append((keyNode, WordNodes.mapping(players, at: anchor)))
            } else if key == "reactions" {
                let anchor = WordNodes.scalar(text, line: words.line, column: column)
                let reactions = text.split(separator: ",").map { part -> (Node, Node) in
                    let bits = part.split(separator: ":", maxSplits: 1).map(String.init)
                    return (WordNodes.scalar(bits[0], line: words.line, column: column),
                            WordNodes.scalar(bits.count > 1 ? bits[1] : "", line: words.line, column: column))
                }
                pairs.append((keyNode, WordNodes.mapping(reactions, at: anchor)))
            } else {
                pairs.append((keyNode, value(text, key: key, line: words.line, column: column)))
            }
        }
        let id = AppID(name.text)
        guard AppID.isValid(name.text) else {
            fail(name, words, "'\(name.text)' cannot be an app name", expected: "letters, digits, '-' and '_'")
            return nil
        }
        guard let config = decoder.decodeApp(id, WordNodes.mapping(pairs, at: words.node(name))) else { return nil }
        if !decoder.reader.diagnostics.isEmpty { return nil }
        decoder.apps.append(config)
        decoder.players[id] = config.players.map(\.name)
        // The engine adds the Music app for the first systemMusicPlayer: later lines may name it.
        if let music = Setup(apps: decoder.apps).musicApp {
            decoder.apps.append(music)
            decoder.players[music.name] = music.players.map(\.name)
        }
        return .declare(config)
    }
}
