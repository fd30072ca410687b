import ArbiterScenario
import Testing

@Suite("REPL help")
struct ReplHelpTests {
    func help(_ topic: String = "") throws -> [String] {
        var session = try ReplSession()
        return session.execute(topic.isEmpty ? "help" : "help \(topic)").lines
    }

    /// The words of `text`, split where a name or a key= word ends.
    func words(_ text: String) -> Set<String> {
        Set(
            text.split(whereSeparator: { " [](),`|".contains($0) || $0 == "\n" }).map { word in
                word.hasSuffix("...") ? String(word.dropLast(3)) : String(word)
            })
    }

    @Test("help lists every verb, key and command the decoder knows, from the decoder's own tables")
    func coversTheVocabulary() throws {
        let text = try help().joined(separator: "\n")
        let shown = words(text)
        let known = CommandDecoder.knownWords
        for verb in known.verbs { #expect(shown.contains(verb), "help does not show the verb \(verb)") }
        for key in known.keys {
            #expect(shown.contains { $0.hasPrefix("\(key)=") }, "help does not show the key \(key)=")
        }
        for command in known.commands {
            #expect(text.contains("\n  \(command)"), "help does not show the command \(command)")
        }
        for word in [
            "reactions=", "nextTrack", "detachVideo", "attachVideo", "title=", "artist=", "album=", "duration=",
            "elapsed=", "rate=",
        ] {
            #expect(shown.contains { $0.hasPrefix(word) }, "\(word)")
        }
    }

    @Test("help VERB shows the verb and the values its words take")
    func oneVerb() throws {
        for verb in CommandDecoder.knownWords.verbs + CommandDecoder.knownWords.commands {
            let lines = try help(verb)
            #expect(lines.contains { words($0).contains(verb) }, "help \(verb): \(lines)")
        }
        #expect(try help("setCategory").contains { $0.hasPrefix("  CATEGORY: ambient, soloAmbient, playback") })
        #expect(try help("nosuchthing") == ["no help for 'nosuchthing'; try `help`"])
    }
}
