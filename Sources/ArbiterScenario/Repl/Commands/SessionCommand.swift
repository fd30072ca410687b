/// The REPL's own commands, beside the scenario's steps. Each must say how it is typed and what it does, so a
/// command cannot be added without its help.
enum SessionCommand: String, CaseIterable, Sendable {
    case app, after, at, state, route, nowplaying, events, why, history, lints, undo, goto, step, run, save, timeline,
        graph,
        help, quit

    /// The command a typed word names (`exit` is `quit`).
    init?(word: String) {
        if word == "exit" { self = .quit } else { self.init(rawValue: word) }
    }

    /// `goto N`, `why APP [PROPERTY]`.
    var usage: String {
        switch self {
        case .app: VerbWords.declaration.usage
        case .after: "after DURATION"
        case .at: "at TIME"
        case .state: "state [APP]"
        case .route: "route"
        case .nowplaying: "nowplaying"
        case .events: "events"
        case .why: "why APP [PROPERTY]"
        case .history: "history"
        case .lints: "lints"
        case .undo: "undo"
        case .goto: "goto N"
        case .step: "step"
        case .run: "run"
        case .save: "save FILE"
        case .timeline: "timeline FILE.svg"
        case .graph: "graph"
        case .help: "help [WORD]"
        case .quit: "quit"
        }
    }

    var summary: String {
        switch self {
        case .app: "declare an app"
        case .after: "move time forward"
        case .at: "move time to TIME"
        case .state: "show the device, or an app"
        case .route: "the current route"
        case .nowplaying: "what the lock screen shows"
        case .events: "notifications since the last look"
        case .why: "explain a value: decision, rule, source, step"
        case .history: "the steps so far"
        case .lints: "every mistake the lints found so far, as if the session ended now (`arbiter lints`)"
        case .undo: "take back the last step"
        case .goto: "go back to just after step N (0: the start)"
        case .step: "run the file's next step"
        case .run: "run the file's remaining steps"
        case .save: "write the session as a scenario"
        case .timeline: "draw the session so far: a lane per app over time"
        case .graph: "the real PipeWire streams, read back from the graph (with --pipewire)"
        case .help: "this list, or one command or verb"
        case .quit: "leave (also exit, or Ctrl-D on an empty line)"
        }
    }

    /// How many words may follow it: those it needs, and at most.
    var wordCount: (least: Int, most: Int) {
        let words = usage.split(separator: " ").dropFirst()
        return (words.filter { !$0.hasPrefix("[") }.count, words.count)
    }
}

extension SessionCommand {
    /// Whether a live session (`arbiter attach`) takes it: not one that goes back in a history it does not keep, or
    /// moves a clock that is the real one.
    var takenLive: Bool {
        switch self {
        case .after, .at, .undo, .goto, .step, .run, .timeline: false
        default: true
        }
    }
}
