import ArbiterEngine
import ArbiterPipeWire
import ArbiterScenario
import Foundation
import Logging

/// `arbiter attach`'s session: the REPL's session (`ReplSession`, so `why`, `state` and `save` work as they do
/// there) over a `LiveBackend`, driven by the graph instead of a file. Each turn takes what the graph did as events
/// at the time it is seen, makes the programs follow the engine, steps the ramps under way, and runs the lines
/// typed since the last turn.
public final class LiveSession {
    public private(set) var session: ReplSession
    public let backend: LiveBackend
    let output: (String) -> Void
    let json: Bool
    /// The session's time: since it started, to the millisecond.
    public let clock: () -> Time
    /// Lines of output so far, for the `--json` step numbers.
    private var entriesPrinted = 0
    private var lastPrintedTime: Time?

    /// A session over `backend` under `rules`, printing to `output` (text as the REPL prints, or JSON lines).
    /// `clock` tells the session's time (by default, the time since it started, to the millisecond).
    /// `stepsKept` bounds the steps kept for `why`, `history` and `save` (nil: every one), and with them the
    /// session's memory.
    public init(
        rules: ProgramRules, backend: LiveBackend, json: Bool, clock: (() -> Time)? = nil,
        stepsKept: Int? = nil, output: @escaping (String) -> Void
    ) throws {
        let setup = Setup(ios: rules.ios, profile: rules.profile, device: rules.device, apps: [])
        session = try ReplSession(
            scenario: Scenario(file: rules.file, title: "Live session", setup: setup, steps: []),
            source: "attach", keepsHistory: false)
        session.backend = backend
        session.stepsKept = stepsKept
        self.backend = backend
        self.json = json
        self.output = output
        self.clock = clock ?? LiveSession.wallClock()
    }

    var now: Time { clock() }

    /// The time since the call, to the millisecond.
    public static func wallClock() -> () -> Time {
        let started = ContinuousClock.now
        return {
            let elapsed = ContinuousClock.now - started
            return .ms(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
        }
    }

    /// One turn: the graph's events, the programs settled, the ramps stepped, then `lines` run. Returns whether a
    /// ramp is under way (wake again soon) and whether a line asked to quit.
    public func turn(lines: [String] = []) -> (ramping: Bool, quit: Bool) {
        let time = now
        let reply = session.takeOutside(at: time)
        backend.carryOut(at: time)
        print(reply, time: time)
        var quit = false
        for line in lines {
            let reply = session.execute(line)
            backend.carryOut(at: time)
            print(reply, time: time, typed: line)
            if reply.quit {
                quit = true
                break
            }
        }
        let ramping = backend.tick(at: now)
        printNotes(time: time)
        return (ramping, quit)
    }

    /// Puts every program back as it was (the session is over).
    public func leave() {
        backend.leave()
        printNotes(time: now)
    }

    private func print(_ reply: ReplSession.Reply, time: Time, typed: String? = nil) {
        if json {
            let entries = session.entries
            for entry in entries.dropFirst(entriesPrinted) { output(LiveSession.jsonLine(entry)) }
            entriesPrinted = entries.count
            if let typed {
                var object = JSONObject()
                object.add("type", "reply")
                object.add("line", typed)
                object.add("failed", reply.failed)
                object.add("text", reply.lines.joined(separator: "\n"))
                output(object.text)
            }
            printNotes(time: time)
            return
        }
        // What was seen, then what the engine decided, then what was done to the programs ("⇒ ...").
        let notes = backend.takeNotes()
        guard !notes.isEmpty || !reply.lines.isEmpty else { return }
        header(time)
        let actions = notes.filter { $0.hasPrefix("⇒ ") }
        for line in notes where !line.hasPrefix("⇒ ") { output("  " + line) }
        if let typed { output("> \(typed)") }
        for line in reply.lines { output(typed == nil ? "  " + line : line) }
        for line in actions { output("  " + line) }
    }

    private func printNotes(time: Time) {
        let notes = backend.takeNotes()
        guard !notes.isEmpty else { return }
        if json {
            for note in notes {
                var object = JSONObject()
                object.add("type", "program")
                object.add("time", time.description)
                object.add("time_ms", Int(time.milliseconds))
                object.add("line", note.hasPrefix("⇒ ") ? String(note.dropFirst(2)) : note)
                output(object.text)
            }
            return
        }
        header(time)
        for line in notes { output("  " + line) }
    }

    private func header(_ time: Time) {
        guard lastPrintedTime != time else { return }
        lastPrintedTime = time
        output("at \(time)")
    }

    /// `{"type":"step", ...}`: an event the session handled, with its decisions and notifications.
    static func jsonLine(_ entry: ReplSession.Entry) -> String {
        var object = JSONObject()
        object.add("type", "step")
        object.add("time", entry.time.description)
        object.add("time_ms", Int(entry.time.milliseconds))
        object.add("step", entry.event.description)
        JSONLinesFormatter.addResult(of: entry.outcome, to: &object)
        JSONLinesFormatter.addDecisionsAndNotifications(of: entry.outcome, to: &object, sources: true)
        return object.text
    }
}
