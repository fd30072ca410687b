/// How a verb is typed in the REPL: the words that follow it in order, and the key= words it takes. A typed line
/// is checked against it before the scenario decoder reads it, so a word out of place gets one error that speaks
/// of words; `help` prints it.
struct VerbWords: Sendable {
    /// A word in its place (`CATEGORY` in `setCategory CATEGORY`).
    struct Slot: Sendable {
        /// Its placeholder in help, or the word itself for a flag.
        var name: String
        /// The decoder's key for it, which may also name it (`to=30`); nil when it cannot be named.
        var key: String?
        var isOptional = false
        /// A fixed word that stands for `key=true` (`deactivate notifyOthers`).
        var isFlag = false
    }

    /// A key= word, with its value's placeholder (`mode=MODE`).
    struct Key: Sendable {
        var name: String
        var value: String
        /// A comma-separated list.
        var isList = false
    }

    var verb: String
    var slots: [Slot] = []
    var keys: [Key] = []
    /// Every word after the verb is an item, and so is each comma-separated part (`enableCommands play,pause`).
    var isList = false
    /// What the verb does, for help.
    var summary: String
    /// The words after the verb in a typical use, for messages.
    var example: String

    /// `setCategory CATEGORY [mode=MODE] [options=OPTION,...]`.
    var usage: String {
        var parts = [verb]
        for slot in slots {
            let word = slot.isFlag ? slot.name : isList ? "\(slot.name)..." : slot.name
            parts.append(slot.isOptional ? "[\(word)]" : word)
        }
        parts += keys.map { "[\($0.name)=\($0.value)]" }
        return parts.joined(separator: " ")
    }

    /// The slots that must be given, by position or by key.
    var required: [Slot] { slots.filter { !$0.isOptional } }

    /// The key a key= word names: one of `keys` or a slot's key.
    func key(named name: String) -> (key: String, isList: Bool)? {
        if let key = keys.first(where: { $0.name == name }) { return (key.name, key.isList) }
        if slots.contains(where: { $0.key == name }) { return (name, false) }
        return nil
    }

    /// Every key= word it takes.
    var keyNames: [String] { slots.compactMap(\.key) + keys.map(\.name) }

    /// Which slots `count` positional words fill: the required ones, and the optional ones in order as far as the
    /// words go; with fewer words than required slots, the first ones (the rest may be named with key=). Nil when
    /// there are more words than slots.
    func slots(forWords count: Int) -> [Slot]? {
        if isList { return Array(repeating: slots[0], count: count) }
        guard count <= slots.count else { return nil }
        var optional = max(0, count - required.count)
        var filled: [Slot] = []
        for slot in slots where !slot.isOptional || optional > 0 {
            if slot.isOptional { optional -= 1 }
            filled.append(slot)
        }
        return Array(filled.prefix(count))
    }
}
