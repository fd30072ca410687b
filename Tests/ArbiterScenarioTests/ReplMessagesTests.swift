import ArbiterEngine
import ArbiterScenario
import Testing

/// What the REPL says about a mistake: one error, at the word, in the words typed.
@Suite("REPL error messages")
struct ReplMessagesTests {
    /// The reply to `line` after `setup` lines, in a new session.
    func reply(_ line: String, after setup: [String] = ["app Music category=playback"]) throws -> ReplSession.Reply {
        var session = try ReplSession()
        for earlier in setup {
            let reply = session.execute(earlier)
            #expect(!reply.failed, "\(earlier): \(reply.lines)")
        }
        return session.execute(line)
    }

    @Test("an unclosed quote is an error at the quote, and the line does nothing")
    func unclosedQuote() throws {
        let reply = try reply(#"Music nowPlayingInfo title="Song duration=240"#)
        #expect(reply.failed)
        #expect(reply.lines == [#"repl:2:28: error: this quote is never closed; expected a closing " (`title="Song two"`)"#])
        let closed = try self.reply(#"Music nowPlayingInfo title="Song two" duration=240"#)
        #expect(!closed.failed, "\(closed.lines)")
    }
}
