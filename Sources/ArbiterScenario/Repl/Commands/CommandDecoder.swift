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
    /// Every lint's warning so far, as if the session ended now.
    case lints
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
/// hold, so the REPL and `arbiter replay` cannot disagree on what a verb means. The words are first checked
/// against how each verb is typed (`VerbWords`), so a word out of place gets one error, in words.
public struct CommandDecoder {
    var decoder: ScenarioDecoder

    /// The inspection and session commands, with their one-line help.
    public static let sessionCommands: [(String, String)] = SessionCommand.allCases.map {
        ($0.rawValue, "\($0.usage)  \($0.summary)")
    }

    /// Every verb and key= word the scenario decoder knows, read from its own tables (keys as typed: the
    /// decoder's `backgroundModes` is `background=`), and the session commands: what `help` must cover.
    public static var knownWords: (verbs: [String], keys: [String], commands: [String]) {
        let aliases = Dictionary(uniqueKeysWithValues: VerbWords.declarationAliases.map { ($1, $0) })
        let keys =
            ScenarioDecoder.appKeys.filter { !VerbWords.fileOnlyAppKeys.contains($0) }.map { aliases[$0] ?? $0 }
            + ScenarioDecoder.deactivateKeys
            + ScenarioDecoder.setCategoryKeys + ScenarioDecoder.playerValueKeys + ScenarioDecoder.nowPlayingInfoKeys
            + ScenarioDecoder.accessoryKeys
        var unique: [String] = []
        for key in keys where !unique.contains(key) { unique.append(key) }
        return (
            Vocabulary.appVerbs + Vocabulary.deviceVerbs + Vocabulary.systemVerbs, unique,
            SessionCommand.allCases.map(\.rawValue)
        )
    }

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
            return .failure(
                ScenarioErrors([
                    Diagnostic(
                        position, "this quote is never closed",
                        expected: "a closing \" (`title=\"Song two\"`)")
                ]))
        }
        guard let first = words.words.first else { return .success(nil) }
        let command = decode(first: first, rest: Array(words.words.dropFirst()), words: words)
        if !decoder.reader.diagnostics.isEmpty { return .failure(ScenarioErrors(decoder.reader.diagnostics)) }
        return .success(command)
    }

    mutating func fail(
        _ word: Words.Word, _ words: Words, _ message: String, expected: String,
        suggestion: String? = nil
    ) {
        decoder.reader.fail(words.node(word), message, expected: expected, suggestion: suggestion)
    }

    private mutating func decode(first: Words.Word, rest: [Words.Word], words: Words) -> Command? {
        let appNames = decoder.apps.map(\.name.name)
        let command = SessionCommand(word: first.text)
        if ["device", "system"].contains(first.text) || command == nil && appNames.contains(first.text) {
            return step(first, rest, words)
        }
        guard let command else {
            let known = ["device", "system"] + SessionCommand.allCases.map(\.rawValue)
            let apps =
                appNames.isEmpty
                ? "an app (there are none yet: declare one with `app NAME category=...`)"
                : "an app (" + appNames.joined(separator: ", ") + ")"
            fail(
                first, words, "unknown app or command '\(first.text)'",
                expected: "\(apps), device, system, or a command (`help`)",
                suggestion: Suggestions.nearest(to: first.text, in: appNames + known))
            return nil
        }
        if command == .app { return declare(first, rest, words) }
        let (least, most) = command.wordCount
        if rest.count > most {
            fail(
                rest[most], words, "'\(rest[most].text)' is one word too many for `\(command.rawValue)`",
                expected: "`\(command.usage)`")
            return nil
        }
        if rest.count < least {
            let needed = command.usage.split(separator: " ")[rest.count + 1]
            fail(
                first, words, "`\(command.rawValue)` needs \(needed)",
                expected: [.after, .at].contains(command) ? DurationText.expected : "`\(command.usage)`")
            return nil
        }
        switch command {
        case .app: return nil
        case .after, .at:
            guard let time = DurationText.parse(rest[0].text) else {
                fail(
                    rest[0], words, "\(first.text) needs a duration; '\(rest[0].text)' is not one",
                    expected: DurationText.expected)
                return nil
            }
            return command == .after ? .after(time) : .at(time)
        case .state:
            guard let name = rest.first else { return .state(nil) }
            return app(name, words).map { .state($0) }
        case .why:
            guard let app = app(rest[0], words) else { return nil }
            if let property = rest.dropFirst().first, !ReplCompletion.appProperties.contains(property.text) {
                fail(
                    property, words, "unknown property '\(property.text)'",
                    expected: "one of: " + ReplCompletion.appProperties.joined(separator: ", "),
                    suggestion: Suggestions.nearest(to: property.text, in: ReplCompletion.appProperties))
                return nil
            }
            return .why(app, rest.dropFirst().first?.text)
        case .goto:
            guard let number = Int(rest[0].text), number >= 0 else {
                fail(
                    rest[0], words, "goto needs a step number; '\(rest[0].text)' is not one",
                    expected: "a number from `history`")
                return nil
            }
            return .goto(number)
        case .save: return .save(rest[0].text)
        case .timeline: return .timeline(rest[0].text)
        case .help: return .help(rest.first?.text)
        case .route: return .route
        case .graph: return .graph
        case .nowplaying: return .nowPlaying
        case .events: return .events
        case .history: return .history
        case .lints: return .lints
        case .undo: return .undo
        case .step: return .step
        case .run: return .run
        case .quit: return .quit
        }
    }

    /// `device VERB ...`, `system VERB ...` or `APP VERB ...`.
    private mutating func step(_ first: Words.Word, _ rest: [Words.Word], _ words: Words) -> Command? {
        guard let verb = rest.first else {
            let example = first.text == "device" ? "lock" : first.text == "system" ? "incomingCall" : "play"
            fail(
                first, words, "\(first.text) needs a verb",
                expected: "for example `\(first.text) \(example)` (see `help`)")
            return nil
        }
        let target = ["device", "system"].contains(first.text) ? first.text : "app"
        guard let node = stepNode(first, target: target, verb, Array(rest.dropFirst()), words) else { return nil }
        switch target {
        case "device": return decoder.decodeDeviceVerb(node).map { .event(.device($0)) }
        case "system": return decoder.decodeSystemVerb(node).map { .event(.system($0)) }
        default:
            let id = AppID(first.text)
            return decoder.decodeAppVerb(node, app: id).map { .event(.app(id, $0)) }
        }
    }

    private mutating func app(_ word: Words.Word, _ words: Words) -> AppID? {
        decoder.appName(words.node(word))
    }
}

extension CommandDecoder {
    /// Knows an app declared other than by a typed `app` line (a program a live session saw appear), so later
    /// lines may name it.
    mutating func declare(_ config: AppConfig) {
        guard !decoder.apps.contains(where: { $0.name == config.name }) else { return }
        decoder.apps.append(config)
        decoder.players[config.name] = config.players.map(\.name)
    }
}

extension Command {
    /// Whether the command goes back in the session's history (which a live session does not keep).
    var needsHistory: Bool {
        switch self {
        case .undo, .goto, .step, .run, .timeline: true
        default: false
        }
    }

    /// Whether the command moves the session's clock (which a live session takes from the real one).
    var movesClock: Bool {
        switch self {
        case .after, .at: true
        default: false
        }
    }
}
