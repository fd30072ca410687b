import Yams

/// A typed step's words checked against its verb's `VerbWords`, then made into the node a file would hold.
extension CommandDecoder {
    /// A key=value word split at its `=`, with its value's column.
    struct KeyWord {
        var word: Words.Word
        var key: String
        var value: String
        var valueColumn: Int

        init?(_ word: Words.Word) {
            guard let equals = word.text.firstIndex(of: "="), equals != word.text.startIndex else { return nil }
            self.word = word
            key = String(word.text[..<equals])
            value = String(word.text[word.text.index(after: equals)...])
            valueColumn = word.column + key.count + 1
        }
    }

    /// A step's words after its verb, sorted: words in their places and key= words.
    struct Arguments {
        var positional: [Words.Word] = []
        var named: [KeyWord] = []
        /// The slot each positional word fills.
        var filled: [VerbWords.Slot] = []
    }

    /// The node for `first verb arguments...` (`Music setCategory playback mode=spokenAudio`): the bare verb, or
    /// `{ verb: argument }`. Nil after reporting the first word out of place. A verb the REPL does not know goes
    /// to the decoder bare, which says what the verbs are.
    mutating func stepNode(
        _ first: Words.Word, target: String, _ verb: Words.Word, _ arguments: [Words.Word],
        _ words: Words
    ) -> Node? {
        let verbNode = words.node(verb)
        guard let grammar = VerbWords.verbs(of: target).first(where: { $0.verb == verb.text }) else { return verbNode }
        guard !arguments.isEmpty else {
            if let missing = grammar.required.first {
                needs(missing, first, grammar, at: verb, words)
                return nil
            }
            return verbNode
        }
        guard let sorted = sort(arguments, first, verb, grammar, words),
            let argument = argumentNode(sorted, grammar, at: verbNode, words)
        else { return nil }
        return WordNodes.mapping([(verbNode, argument)], at: verbNode)
    }

    /// Sorts the words after the verb into places and key= words; nil after reporting the first one out of place,
    /// a key given twice, or a word the verb needs and lacks.
    private mutating func sort(
        _ arguments: [Words.Word], _ first: Words.Word, _ verb: Words.Word,
        _ grammar: VerbWords, _ words: Words
    ) -> Arguments? {
        let command = "`\(first.text) \(grammar.verb)`"
        let usage = "`\(first.text) \(grammar.usage)`"
        var sorted = Arguments()
        for word in arguments {
            guard let keyWord = KeyWord(word) else {
                if word.text.isEmpty {
                    fail(word, words, "an empty word (\"\")", expected: usage)
                    return nil
                }
                sorted.positional.append(word)
                continue
            }
            guard let key = grammar.key(named: keyWord.key) else {
                let names = grammar.keyNames
                fail(
                    word, words, "unknown key '\(keyWord.key)=' for \(command)",
                    expected: names.isEmpty
                        ? "no key= words: \(usage)"
                        : "one of: " + names.map { "\($0)=" }.joined(separator: ", "),
                    suggestion: Suggestions.nearest(to: keyWord.key, in: names).map { "\($0)=" })
                return nil
            }
            guard checkValue(keyWord, isList: key.isList, words) else { return nil }
            if let earlier = sorted.named.first(where: { $0.key == keyWord.key }) {
                fail(
                    word, words, "'\(keyWord.key)=' is given twice (first at column \(earlier.word.column))",
                    expected: "each key once")
                return nil
            }
            sorted.named.append(keyWord)
        }
        guard let filled = grammar.slots(forWords: sorted.positional.count) else {
            let extra = sorted.positional[min(sorted.positional.count - 1, grammar.slots.count)]
            fail(extra, words, "'\(extra.text)' is one word too many for \(command)", expected: usage)
            return nil
        }
        sorted.filled = filled
        for (word, slot) in zip(sorted.positional, filled) {
            if slot.isFlag && word.text != slot.name && !(slot.name == "none" && word.text == "null") {
                fail(
                    word, words, "unexpected word '\(word.text)' for \(command)", expected: usage,
                    suggestion: Suggestions.nearest(to: word.text, in: [slot.name]))
                return nil
            }
            if slot.isFlag && slot.key == nil && !sorted.named.isEmpty {
                fail(
                    word, words, "'\(word.text)' goes alone",
                    expected: "`\(first.text) \(grammar.verb) \(word.text)`, or key= words without it")
                return nil
            }
            if let key = slot.key, let keyWord = sorted.named.first(where: { $0.key == key }) {
                let later = keyWord.word.column > word.column ? keyWord.word : word
                fail(
                    later, words, "\(slot.name) is given twice, as '\(word.text)' and as '\(keyWord.word.text)'",
                    expected: "one \(slot.name)")
                return nil
            }
        }
        for slot in grammar.required
        where !filled.contains(where: { $0.name == slot.name })
            && !sorted.named.contains(where: { $0.key == slot.key })
        {
            needs(slot, first, grammar, at: verb, words)
            return nil
        }
        return sorted
    }

    /// The verb's argument as a file would write it: a scalar for one word in its place, a list, or a mapping
    /// from keys (a place's key for a word in it) to values.
    private mutating func argumentNode(
        _ sorted: Arguments, _ grammar: VerbWords, at verbNode: Node,
        _ words: Words
    ) -> Node? {
        let (positional, filled, line) = (sorted.positional, sorted.filled, words.line)
        if grammar.isList {
            var all: [Node] = []
            for word in positional {
                guard let parts = items(of: word.text, key: nil, column: word.column, line: line, words) else {
                    return nil
                }
                all += parts
            }
            return WordNodes.sequence(all, at: verbNode)
        }
        if let flag = filled.first, flag.isFlag, flag.key == nil {
            return WordNodes.scalar("", line: line, column: positional[0].column)  // `nowPlayingInfo none`: null
        }
        // `remote changePlaybackPosition 30` is `{ remote: { changePlaybackPosition: 30 } }`.
        if grammar.verb == SystemVerb.remote.rawValue, positional.count == 2 {
            return WordNodes.mapping([(words.node(positional[0]), words.node(positional[1]))], at: verbNode)
        }
        if positional.count == 1, sorted.named.isEmpty, filled.first?.isFlag == false {
            return words.node(positional[0])
        }
        var pairs: [(column: Int, key: Node, value: Node)] = []
        for (word, slot) in zip(positional, filled) {
            let value = slot.isFlag ? WordNodes.scalar("true", line: line, column: word.column) : words.node(word)
            pairs.append((word.column, WordNodes.scalar(slot.key ?? slot.name, line: line, column: word.column), value))
        }
        for keyWord in sorted.named {
            let isList = grammar.key(named: keyWord.key)?.isList == true
            let key = WordNodes.scalar(keyWord.key, line: line, column: keyWord.word.column)
            pairs.append((keyWord.word.column, key, value(keyWord, isList: isList, line: line)))
        }
        return WordNodes.mapping(pairs.sorted { $0.column < $1.column }.map { ($0.key, $0.value) }, at: verbNode)
    }

    /// Reports that `slot` is missing, at the verb.
    private mutating func needs(
        _ slot: VerbWords.Slot, _ first: Words.Word, _ grammar: VerbWords, at verb: Words.Word,
        _ words: Words
    ) {
        let example = "`\(first.text) \(grammar.verb) \(grammar.example)`"
        fail(
            verb, words, "`\(first.text) \(verb.text)` needs \(slot.name)",
            expected: "`\(first.text) \(grammar.usage)`, such as \(example)")
    }

    /// Whether a key= word has a value, and a list no empty item; reports what is wrong.
    mutating func checkValue(_ keyWord: KeyWord, isList: Bool, _ words: Words) -> Bool {
        guard !keyWord.value.isEmpty else {
            fail(keyWord.word, words, "'\(keyWord.key)=' has no value", expected: "a value after the '='")
            return false
        }
        guard
            !isList
                || items(
                    of: keyWord.value, key: keyWord.key, column: keyWord.valueColumn, line: words.line,
                    words) != nil
        else { return false }
        return true
    }

    /// The comma-separated items of `text`, each with its column; nil after reporting an empty item.
    mutating func items(of text: String, key: String?, column: Int, line: Int, _ words: Words) -> [Node]? {
        let items = CommandDecoder.split(text, line: line, column: column)
        if let empty = items.first(where: { decoder.reader.text($0) == "" }) {
            decoder.reader.fail(
                empty, "an empty item in " + (key.map { "'\($0)='" } ?? "'\(text)'"),
                expected: "items separated by single commas, such as duckOthers,mixWithOthers")
            return nil
        }
        return items
    }

    /// A key= word's value: a list of its comma-separated items for a list key, else the text as it is.
    func value(_ keyWord: KeyWord, isList: Bool, line: Int) -> Node {
        let anchor = WordNodes.scalar(keyWord.value, line: line, column: keyWord.valueColumn)
        guard isList else { return anchor }
        return WordNodes.sequence(
            CommandDecoder.split(keyWord.value, line: line, column: keyWord.valueColumn), at: anchor)
    }

    /// `a,b` as one node per item, each at its own column.
    static func split(_ text: String, line: Int, column: Int) -> [Node] {
        var items: [Node] = []
        var offset = 0
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            items.append(WordNodes.scalar(String(part), line: line, column: column + offset))
            offset += part.count + 1
        }
        return items
    }
}
