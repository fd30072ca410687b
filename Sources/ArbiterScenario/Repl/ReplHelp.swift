/// `help`: every step verb and command with how it is typed, made from the same tables the line is checked
/// against (`VerbWords`, `SessionCommand`), so what help shows is what the REPL accepts.
enum ReplHelp {
    /// One line per verb and command, or those `topic` names with the values their words take. A live session
    /// (`live`) lists only the commands it takes.
    static func lines(_ topic: String?, live: Bool = false) -> [String] {
        let commands = live ? commands.filter { SessionCommand(rawValue: $0.name)?.takenLive ?? true } : commands
        guard let topic else {
            return ["Steps, as in scenario files (APP is an app's name):"] + steps.map { "  " + $0.line }
                + ["Commands:"] + commands.map { "  " + $0.line } + notes
        }
        var found: [Entry]
        if topic == "device" || topic == "system" {
            found = steps.filter { $0.target == topic }
        } else {
            let command = SessionCommand(word: topic)?.rawValue ?? topic
            found = (steps + commands).filter { $0.name == command }
            if found.isEmpty {
                found = (steps + commands).filter { $0.name.lowercased().hasPrefix(topic.lowercased()) }
            }
        }
        guard !found.isEmpty else { return ["no help for '\(topic)'; try `help`"] }
        return found.map(\.line) + values(in: found.map(\.usage))
    }

    /// A verb or command: its name, how it is typed, and what it does.
    struct Entry {
        var target: String
        var name: String
        var usage: String
        var summary: String
        var line: String { "\(usage)  \(summary)" }
    }

    static var steps: [Entry] {
        ["app", "device", "system"].flatMap { target in
            VerbWords.verbs(of: target).map {
                Entry(
                    target: target, name: $0.verb, usage: "\(target == "app" ? "APP" : target) \($0.usage)",
                    summary: $0.summary)
            }
        }
    }

    static var commands: [Entry] {
        SessionCommand.allCases.map { Entry(target: "", name: $0.rawValue, usage: $0.usage, summary: $0.summary) }
    }

    /// The words a verb's slot may also be named by, and how lists and quotes are typed.
    static var notes: [String] {
        var named: [String] = []
        for key in ["app", "device", "system"].flatMap({ VerbWords.verbs(of: $0) }).flatMap({
            $0.slots.compactMap(\.key)
        })
        where !named.contains(key) { named.append(key) }
        return [
            "A word in its place may also be named: " + named.map { "\($0)=" }.joined(separator: ", ")
                + " (`Music seek player=main to=30`).",
            "Lists are comma-separated (options=duckOthers,mixWithOthers); double quotes keep spaces (title=\"Song two\").",
            "`help WORD` shows one verb or command with the values its words take; Tab completes them.",
        ]
    }

    /// `CATEGORY: ambient, soloAmbient, ...` for each placeholder in `usages` that names a fixed set of words.
    static func values(in usages: [String]) -> [String] {
        var seen: [String] = []
        for usage in usages {
            for word in usage.split(whereSeparator: { !$0.isUppercase }) where !seen.contains(String(word)) {
                seen.append(String(word))
            }
        }
        return seen.compactMap { placeholder in
            placeholderValues[placeholder].map { "  \(placeholder): \($0)" }
        }
    }

    static let placeholderValues: [String: String] = [
        "CATEGORY": names(Vocabulary.categories), "MODE": names(Vocabulary.modes), "OPTION": names(Vocabulary.options),
        "BACKGROUND": names(Vocabulary.backgroundModes), "COMMAND": names(Vocabulary.commands),
        "KIND": names(Vocabulary.playerKinds), "TRIGGER": Vocabulary.triggers.joined(separator: ", "),
        "REACTION": names(Vocabulary.reactions), "ACCESSORY": names(Vocabulary.accessories),
        "PORT": names(Vocabulary.inputPorts), "DURATION": DurationText.expected, "TIME": DurationText.expected,
        "PROPERTY": ReplCompletion.appProperties.joined(separator: ", "),
        "PLAYER": "a player of the app (main, unless it was declared with players=)",
    ]

    private static func names<T>(_ table: [(String, T)]) -> String { table.map(\.0).joined(separator: ", ") }
}
