import Foundation
import Testing

/// A real terminal for the REPL: a private tmux server, keys sent with send-keys, the screen read with
/// capture-pane. Driven with system(3), since the tmux server outlives the command that starts it.
final class Terminal {
    let socket = "arbiter-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let directory: String
    private var screenFile: String { directory + "/screen" }

    init(command: String) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(socket).path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let status = tmux(
            "new-session -d -x 160 -y 60 \(quoted("cd \(quoted(CLI.packageRoot.path)) && \(command); echo EXIT $?; sleep 60"))"
        )
        guard status == 0 else { throw TerminalError.cannotStart(status) }
    }

    deinit {
        _ = tmux("kill-server")
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Sends keys as tmux names them (`Enter`, `Tab`, `Up`, `C-a`, or literal text with `literal`).
    func send(_ keys: String, literal: Bool = false) {
        _ = tmux("send-keys -t 0 \(literal ? "-l " : "")\(quoted(keys))")
    }

    /// The screen's text.
    func screen() -> String {
        _ = system("tmux -L \(socket) capture-pane -p -N -t 0 > \(quoted(screenFile)) 2>/dev/null")
        return (try? String(contentsOfFile: screenFile, encoding: .utf8)) ?? ""
    }

    /// Waits (up to 20 s) until the screen holds `text`; returns whether it did.
    @discardableResult
    func waitFor(_ text: String) -> Bool {
        for _ in 0..<400 {
            if screen().contains(text) { return true }
            usleep(50_000)
        }
        return false
    }

    /// Waits (up to 20 s) until the screen holds `text` with a prompt after it: the REPL reads again, so keys sent
    /// now are not dropped when the line editor takes the terminal back.
    @discardableResult
    func waitForPrompt(after text: String) -> Bool {
        for _ in 0..<400 {
            let shown = screen()
            if let found = shown.range(of: text, options: .backwards), shown[found.upperBound...].contains("arbiter> ")
            {
                return true
            }
            usleep(50_000)
        }
        return false
    }

    private func tmux(_ arguments: String) -> Int32 {
        system("tmux -L \(socket) \(arguments) </dev/null >/dev/null 2>&1")
    }

    private func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    enum TerminalError: Error { case cannotStart(Int32) }
}

@Suite("arbiter repl in a terminal (tmux): editing, completion, history")
struct ReplTerminalTests {
    @Test(
        "Tab completes app names, verbs, categories and option lists; editing keys work; Ctrl-C drops the line; history persists"
    )
    func terminalSession() throws {
        let history = FileManager.default.temporaryDirectory.appendingPathComponent("arbiter-history-\(getpid())").path
        defer { unlink(history) }
        let command = "\(CLI.executable.path) repl --history-file \(history)"
        do {
            let terminal = try Terminal(command: command)
            #expect(terminal.waitFor("arbiter> "), "the prompt appears: \(terminal.screen())")

            // Completion of a key=value list item keeps the key and the items before it, and adds no space: the
            // list may go on with a comma.
            terminal.send("app Music category=play", literal: true)
            terminal.send("Tab")
            terminal.send("b", literal: true)
            terminal.send("Tab")
            terminal.send("options=mixWithOthers,duck", literal: true)
            terminal.send("Tab")
            terminal.send(" background=audio", literal: true)
            #expect(
                terminal.waitFor("app Music category=playback options=mixWithOthers,duckOthers background=audio"),
                "\(terminal.screen())")
            terminal.send("Enter")
            #expect(
                terminal.waitForPrompt(after: "Music: app foreground  [lifecycle.declared]"), "\(terminal.screen())")

            // Ctrl-C drops the line being typed and prompts again; the REPL goes on.
            terminal.send("Music sto", literal: true)
            terminal.send("C-c")
            #expect(terminal.waitFor("arbiter> Music sto^C\narbiter> "), "\(terminal.screen())")

            // App names and verbs complete; a unique word gets its space.
            terminal.send("Mu", literal: true)
            terminal.send("Tab")
            terminal.send("pl", literal: true)
            terminal.send("Tab")
            #expect(terminal.waitFor("arbiter> Music play "), "\(terminal.screen())")
            terminal.send("Enter")
            #expect(
                terminal.waitForPrompt(after: "Music: player main playing  [playback.player-state]"),
                "\(terminal.screen())")

            // Several candidates: the second Tab lists them.
            terminal.send("Music setCategory play", literal: true)
            terminal.send("Tab")
            terminal.send("Tab")
            #expect(terminal.waitFor("playAndRecord playback"), "\(terminal.screen())")
            terminal.send("C-u")

            // Editing: type the end of a line, jump to its start, type the beginning.
            terminal.send("usic pause", literal: true)
            terminal.send("C-a")
            terminal.send("M", literal: true)
            terminal.send("Enter")
            #expect(terminal.waitForPrompt(after: "Music: player main paused"), "\(terminal.screen())")

            // Up recalls the previous line.
            terminal.send("Up")
            terminal.send("Enter")
            #expect(terminal.waitForPrompt(after: "arbiter> Music pause\nnothing changed"), "\(terminal.screen())")
            terminal.send("quit", literal: true)
            terminal.send("Enter")
            #expect(terminal.waitFor("EXIT 0"), "\(terminal.screen())")
        }

        let saved = try String(contentsOfFile: history, encoding: .utf8)
        #expect(saved.contains("app\\040Music\\040category=playback"), "the history file holds the lines: \(saved)")

        // A new session starts with the old history (the line dropped with Ctrl-C is not in it): the fifth Up
        // reaches the `app Music` line.
        let again = try Terminal(command: command)
        #expect(again.waitFor("arbiter> "))
        for _ in 0..<5 { again.send("Up") }
        again.send("Enter")
        #expect(again.waitForPrompt(after: "Music: app foreground  [lifecycle.declared]"), "\(again.screen())")
        // Ctrl-D on an empty line leaves.
        again.send("C-d")
        #expect(again.waitFor("EXIT 0"), "\(again.screen())")
    }
}
