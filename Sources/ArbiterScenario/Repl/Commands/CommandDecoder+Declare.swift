import ArbiterEngine
import Yams

/// `app Maps category=playback options=duckOthers background=audio commands=play,pause players=main:avPlayer`.
extension CommandDecoder {
    /// Names an app cannot have in the REPL: they start other commands.
    static var reservedNames: [String] {
        ["device", "system", "expect", "fails", "exit"] + SessionCommand.allCases.map(\.rawValue)
    }

    mutating func declare(_ command: Words.Word, _ rest: [Words.Word], _ words: Words) -> Command? {
        let usage = "`\(VerbWords.declaration.usage)`"
        guard let name = rest.first else {
            fail(
                command, words, "app needs a name",
                expected: "\(usage), such as `app \(VerbWords.declaration.example)`")
            return nil
        }
        if decoder.apps.contains(where: { $0.name.name == name.text }) {
            fail(name, words, "app '\(name.text)' already exists", expected: "a new app name")
            return nil
        }
        guard AppID.isValid(name.text), !CommandDecoder.reservedNames.contains(name.text) else {
            fail(
                name, words, "'\(name.text)' cannot be an app name",
                expected: "letters, digits, '-' and '_', and not a command (device, system, "
                    + SessionCommand.allCases.map(\.rawValue).joined(separator: ", ") + ")")
            return nil
        }
        let grammar = VerbWords.declaration
        var pairs: [(Node, Node)] = []
        var given: [(key: String, column: Int)] = []
        for word in rest.dropFirst() {
            guard let keyWord = KeyWord(word) else {
                fail(word, words, "'\(word.text)' is not key=value", expected: "key=value words: \(usage)")
                return nil
            }
            // The decoder's names are taken too: `backgroundModes=` is `background=`.
            let typed = VerbWords.declarationAliases.first { $0.value == keyWord.key }?.key ?? keyWord.key
            guard let key = grammar.key(named: typed) else {
                let names = grammar.keyNames
                fail(
                    word, words, "unknown key '\(keyWord.key)=' for app",
                    expected: "one of: " + names.map { "\($0)=" }.joined(separator: ", "),
                    suggestion: Suggestions.nearest(to: keyWord.key, in: names).map { "\($0)=" })
                return nil
            }
            guard checkValue(keyWord, isList: key.isList, words) else { return nil }
            if let earlier = given.first(where: { $0.key == key.key }) {
                fail(
                    word, words, "'\(keyWord.key)=' is given twice (first at column \(earlier.column))",
                    expected: "each key once")
                return nil
            }
            given.append((key.key, word.column))
            let decoderKey = VerbWords.declarationAliases[key.key] ?? key.key
            let keyNode = WordNodes.scalar(decoderKey, line: words.line, column: word.column)
            if key.key == "players" || key.key == "reactions" {
                guard let mapping = pairsValue(keyWord, words) else { return nil }
                pairs.append((keyNode, mapping))
            } else {
                pairs.append((keyNode, value(keyWord, isList: key.isList, line: words.line)))
            }
        }
        let id = AppID(name.text)
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

    /// `players=main:avPlayer,video:playerViewController` or `reactions=interruptionEnded:resumeIfShouldResume` as
    /// the mapping a file would hold; nil after reporting an item that is not `NAME:VALUE`. A player's kind may be
    /// left out (an audioPlayer); a reaction may not.
    private mutating func pairsValue(_ keyWord: KeyWord, _ words: Words) -> Node? {
        let isPlayers = keyWord.key == "players"
        var pairs: [(Node, Node)] = []
        var seen: [String] = []
        var offset = 0
        for part in keyWord.value.split(separator: ",") {
            let column = keyWord.valueColumn + offset
            offset += part.count + 1
            let bits = part.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let item = WordNodes.scalar(String(part), line: words.line, column: column)
            let shape = isPlayers ? "NAME:KIND" : "TRIGGER:REACTION"
            let hasValue = bits.count == 2 && !bits[1].isEmpty
            guard !bits[0].isEmpty, hasValue || isPlayers && bits.count == 1 else {
                decoder.reader.fail(
                    item, "'\(part)' in '\(keyWord.key)=' is not \(shape)",
                    expected: isPlayers
                        ? "\(shape), such as main:avPlayer"
                        : "\(shape), such as interruptionEnded:resumeIfShouldResume")
                return nil
            }
            if seen.contains(bits[0]) {
                decoder.reader.fail(item, "'\(bits[0])' is given twice in '\(keyWord.key)='", expected: "each once")
                return nil
            }
            seen.append(bits[0])
            let valueColumn = column + bits[0].count + 1
            let value = bits.count > 1 ? bits[1] : "audioPlayer"
            pairs.append(
                (
                    WordNodes.scalar(bits[0], line: words.line, column: column),
                    WordNodes.scalar(value, line: words.line, column: valueColumn)
                ))
        }
        let anchor = WordNodes.scalar(keyWord.value, line: words.line, column: keyWord.valueColumn)
        return WordNodes.mapping(pairs, at: anchor)
    }
}
