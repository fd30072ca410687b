import Yams

/// Commands typed as words (`Music setCategory playback mode=spokenAudio`) become the same YAML nodes a scenario
/// file would hold, so the REPL and the replayer share one decoder. Each node remembers the word's column.
enum WordNodes {
    static let prefix = "!arbiter-word:"

    static func scalar(_ text: String, line: Int, column: Int) -> Node {
        .scalar(Node.Scalar(text, Tag(Tag.Name(rawValue: "\(prefix)\(line):\(column)")), .plain))
    }

    static func mapping(_ pairs: [(Node, Node)], at anchor: Node) -> Node {
        .mapping(Node.Mapping(pairs, Tag(Tag.Name(rawValue: anchor.tag.rawValue))))
    }

    static func sequence(_ items: [Node], at anchor: Node) -> Node {
        .sequence(Node.Sequence(items, Tag(Tag.Name(rawValue: anchor.tag.rawValue))))
    }

    /// The word's position, for nodes made from words.
    static func position(of node: Node, file: String) -> SourcePosition? {
        let name = node.tag.rawValue
        guard name.hasPrefix(prefix) else { return nil }
        let parts = name.dropFirst(prefix.count).split(separator: ":")
        guard parts.count == 2, let line = Int(parts[0]), let column = Int(parts[1]) else { return nil }
        return SourcePosition(file: file, line: line, column: column)
    }
}

/// A typed line split into words, each with its column. Double quotes group words (`title="Song two"`).
public struct Words: Sendable {
    public struct Word: Sendable {
        public var text: String
        public var column: Int
    }

    public var words: [Word]
    public var line: Int
    /// The column of a quote that is never closed (`title="Song`), if there is one.
    public var unclosedQuote: Int?

    public init(_ text: String, line: Int) {
        self.line = line
        words = []
        var current = ""
        var start = 0
        var inWord = false
        var column = 0
        var quote: Int?
        for character in text {
            column += 1
            let space = (character == " " || character == "\t") && quote == nil
            if space {
                if inWord { words.append(Word(text: current, column: start)) }
                current = ""
                inWord = false
                continue
            }
            if !inWord {
                inWord = true
                start = column
            }
            if character == "\"" {
                quote = quote == nil ? column : nil
                continue
            }
            current.append(character)
        }
        if inWord { words.append(Word(text: current, column: start)) }
        unclosedQuote = quote
    }

    func node(_ word: Word) -> Node { WordNodes.scalar(word.text, line: line, column: word.column) }
}
