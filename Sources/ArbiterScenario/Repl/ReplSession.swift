import ArbiterEngine
import ArbiterLint

/// An interactive session over the engine: typed commands in, explanations out. The front end (`arbiter repl`)
/// only reads lines and prints what `execute` returns.
public struct ReplSession {
    /// One step taken, with what it did.
    public struct Entry: Sendable {
        public var text: String
        public var time: Time
        public var event: Event
        public var outcome: Outcome
        /// Where it came from, when it came from a file.
        public var position: SourcePosition?
    }

    /// What a command printed, and whether it failed.
    public struct Reply: Sendable {
        public var lines: [String] = []
        public var failed = false
        public var quit = false
    }

    public private(set) var setup: Setup
    public private(set) var engine: Engine
    public private(set) var time: Time = .zero
    /// The steps taken, each with the session before it (`undo`, `goto`, `timeline`).
    private var history: SessionHistory<Snapshot, Entry>
    /// The steps kept, oldest first.
    public var entries: [Entry] { history.steps }
    /// Steps taken before the first of `entries`, no longer kept (a live session keeps only its latest `stepsKept`).
    public var entriesDropped: Int { history.dropped }
    /// How many steps a session that keeps no history keeps, for `why`, `history` and `save`; nil: every one.
    public var stepsKept: Int? {
        get { history.stepsKept }
        set { history.stepsKept = newValue }
    }
    /// The real system the session is mirrored on: one that carries every step out and reads the file's checks back
    /// (a `ReplayBackend`: `arbiter repl --pipewire`), or one that is followed only (`arbiter attach`).
    public var backend: (any RealSystem)?
    /// The backend, when it carries steps out.
    private var driven: (any ReplayBackend)? { backend as? any ReplayBackend }
    private var initial: Engine
    /// Watches the steps for the lints' mistakes; an instant's checks run when time moves on.
    private var linter: Linter
    private var decoder: CommandDecoder
    private var unseen: [SessionNotification] = []
    private var provenance: [String: (decision: Decision, entry: Int)] = [:]
    private var fileSteps: [ScenarioStep]
    private var cursor = 0
    /// The decoder as it was before the current line, to take back an `app` the real system refused.
    private var decoderBeforeLine: CommandDecoder?
    /// The results of a file's `expect` steps, with how many steps had been taken then (for `timeline`).
    private var checkMarks: [(steps: Int, mark: TimelinePicture.CheckMark)] = []
    private var lineNumber = 0
    private let source: String
    private let title: String
    /// Whether each step keeps the state before it, for `undo`, `goto` and `timeline`. A live session
    /// (`arbiter attach`) runs for days and keeps none.
    public let keepsHistory: Bool

    struct Snapshot {
        var engine: Engine
        var time: Time
        var provenance: [String: (decision: Decision, entry: Int)]
        var cursor: Int
        var setup: Setup
        var decoder: CommandDecoder
        var linter: Linter
    }

    /// A session over `scenario`'s setup, whose steps can then be stepped through; or an empty one.
    public init(scenario: Scenario? = nil, source: String = "repl", keepsHistory: Bool = true) throws {
        self.keepsHistory = keepsHistory
        history = SessionHistory(keepsStates: keepsHistory)
        setup = scenario?.setup ?? Setup()
        engine = try Engine(setup)
        initial = engine
        linter = Linter(startingFrom: engine, allowances: scenario?.lintAllowances ?? LintAllowances())
        fileSteps = scenario?.steps ?? []
        self.source = source
        title = scenario.map { "\($0.title) (REPL)" } ?? "REPL session"
        decoder = CommandDecoder(file: source, apps: setup.allApps, ios: setup.ios)
    }

    /// Runs one typed line.
    public mutating func execute(_ line: String) -> Reply {
        lineNumber += 1
        var reply = Reply()
        takeOutsideEvents(&reply)
        let words = Words(line, line: lineNumber)
        if words.words.first?.text.hasPrefix("#") == true { return reply }
        decoderBeforeLine = decoder
        switch decoder.decode(words) {
        case .failure(let errors):
            reply.lines += errors.diagnostics.map(\.description)
            reply.failed = true
        case .success(nil):
            break
        case .success(let command?):
            run(command, text: line.trimmingSpaces(), &reply)
        }
        return reply
    }

    /// The session as a scenario file, as `save` writes it. When the earlier steps are no longer kept, it holds the
    /// latest and says so in its title: replayed from the start, it may not reach the same state.
    public var savedText: String {
        ScenarioWriter.text(
            setup: setup, entries: entries,
            title: entriesDropped > 0
                ? "Saved session (its latest \(entries.count) steps of \(entriesDropped + entries.count))"
                : keepsHistory ? "Saved REPL session" : "Saved live session",
            lintAllowances: linter.allowances)
    }

    /// The notifications a live session keeps for `events`: the latest.
    static let unseenKept = 1000

    /// Moves the session's clock on to `now` (never back) and takes what happened outside meanwhile: the way a
    /// live session (`arbiter attach`) hears of the real system between typed lines.
    public mutating func takeOutside(at now: Time) -> Reply {
        var reply = Reply()
        if now > time { time = now }
        takeOutsideEvents(&reply)
        return reply
    }

    private mutating func run(_ command: Command, text: String, _ reply: inout Reply) {
        if !keepsHistory, command.needsHistory || command.movesClock {
            reply.lines.append(
                "\(source):\(lineNumber):1: error: "
                    + (command.movesClock
                        ? "a live session's time is the real time, which no command moves"
                        : "a live session keeps no history to go back in")
                    + "; expected a step or a question (`why`, `state`, `save`)")
            reply.failed = true
            return
        }
        switch command {
        case .event(let event): performForReal(event, text: text, position: nil, &reply)
        case .declare(let config):
            do {
                try driven?.declare(config)
                // The engine adds the Music app for the first systemMusicPlayer; the real system gets it too.
                if engine.musicApp == nil,
                    let music = Setup(profile: setup.profile, apps: setup.apps + [config]).musicApp
                {
                    try driven?.declare(music)
                }
            } catch let error as RealSystemGone {
                realSystemFailed(error, &reply)
            } catch {
                realSystemFailed(error, &reply)
                if let decoderBeforeLine { decoder = decoderBeforeLine }
                return
            }
            setup.apps.append(config)
            perform(.declare(config), text: text, position: nil, &reply)
        case .after(let delay):
            letTimePass(to: time + delay, &reply)
            reply.lines.append("time \(time)")
            if time > engine.now { reply.lines += ReplSession.warningLines(linter.endInstant()) }
        case .at(let instant):
            guard instant >= time else {
                reply.lines.append(
                    "\(source):\(lineNumber):1: error: time goes backwards: \(instant) is before \(time); expected \(time) or later"
                )
                reply.failed = true
                return
            }
            letTimePass(to: instant, &reply)
            reply.lines.append("time \(time)")
            if time > engine.now { reply.lines += ReplSession.warningLines(linter.endInstant()) }
        case .state(let app): reply.lines += ReplViews.state(engine, app: app, time: time)
        case .route:
            reply.lines.append("route: \(engine.currentRoute) (owner \(engine.routeOwner.map(\.name) ?? "none"))")
        case .nowPlaying: reply.lines.append(ReplViews.nowPlaying(engine, time: time))
        case .events:
            reply.lines +=
                unseen.isEmpty ? ["no new notifications"] : unseen.map { "\($0.app): \($0.kind)  [\($0.rule.id)]" }
            unseen = []
        case .why(let app, let property): reply.lines += why(app, property)
        case .history:
            reply.lines += history.lines { number, entry in
                "\(number)  \(entry.time)  \(entry.text)" + (entry.position.map { "  (\($0))" } ?? "")
            }
        case .lints:
            let findings = linter.findingsIfFinishedNow
            reply.lines += findings.isEmpty ? ["no warnings"] : ReplSession.warningLines(findings)
        case .undo:
            guard !entries.isEmpty else {
                reply.lines.append("nothing to undo")
                reply.failed = true
                return
            }
            restore(entries.count - 1)
            reply.lines.append("undone; \(entries.count) steps, time \(time)")
            restoreForReal(&reply)
        case .goto(let number):
            guard number <= entries.count else {
                reply.lines.append(
                    "\(source):\(lineNumber):6: error: there is no step \(number); expected 0 to \(entries.count)")
                reply.failed = true
                return
            }
            restore(number)
            reply.lines.append("at step \(number), time \(time)")
            restoreForReal(&reply)
        case .step: stepFile(&reply)
        case .run:
            if fileSteps.isEmpty {
                stepFile(&reply)
                return
            }
            if cursor >= fileSteps.count { reply.lines.append("no more steps") }
            while cursor < fileSteps.count { stepFile(&reply) }
        case .save(let path):
            do {
                try ScenarioWriter.write(savedText, to: path)
                let count = ScenarioWriter.stepCount(entries)
                reply.lines.append(
                    "saved \(count) step\(count == 1 ? "" : "s") to \(path)"
                        + (entriesDropped > 0
                            ? " (the latest; the \(entriesDropped) before them are no longer kept)" : ""))
            } catch {
                reply.lines.append(
                    "\(source):\(lineNumber):6: error: cannot write \(path) (\(error)); expected a writable path")
                reply.failed = true
            }
        case .timeline(let path):
            do {
                try ScenarioWriter.write(TimelineSVG.render(picture), to: path)
                reply.lines.append("drew \(entries.count) steps to \(path)")
            } catch {
                reply.lines.append(
                    "\(source):\(lineNumber):10: error: cannot write \(path) (\(error)); expected a writable path")
                reply.failed = true
            }
        case .graph:
            guard let backend else {
                reply.lines.append(
                    "\(source):\(lineNumber):1: error: there is no real graph; expected `arbiter repl --pipewire`")
                reply.failed = true
                return
            }
            do {
                reply.lines += try backend.describe()
            } catch {
                realSystemFailed(error, &reply)
            }
        case .help(let topic): reply.lines += ReplHelp.lines(topic, live: !keepsHistory)
        case .quit: reply.quit = true
        }
    }

    /// Moves the clock to `instant`. Apps idling in the background are suspended on the way, each at its own time
    /// and shown as time passing.
    private mutating func letTimePass(to instant: Time, _ reply: inout Reply) {
        while let due = engine.nextIdleSuspension, due <= instant {
            time = max(time, due)
            reply.lines.append("\(time)  time passes")
            perform(.advance, text: "time passes", position: nil, &reply)
        }
        time = instant
    }

    private mutating func perform(_ event: Event, text: String, position: SourcePosition?, _ reply: inout Reply) {
        let before = Snapshot(
            engine: engine, time: time, provenance: provenance, cursor: cursor, setup: setup, decoder: decoder,
            linter: linter)
        let outcome = engine.handle(event, at: time)
        if case .rejected(let error) = outcome.result {
            reply.lines.append("\(source):\(lineNumber):1: error: \(error.inReplWords)")
            reply.failed = true
            return
        }
        history.append(
            Entry(text: text, time: time, event: event, outcome: outcome, position: position), before: before)
        let decisions = outcome.decisions  // spelled out once, from the engine's codes
        for decision in decisions {
            for property in Provenance.properties(of: decision.change) {
                provenance[Provenance.key(decision.app, property)] = (decision, entriesDropped + entries.count)
            }
        }
        unseen += outcome.notifications
        if !keepsHistory && unseen.count > ReplSession.unseenKept {  // a live session may never be asked `events`
            unseen.removeFirst(unseen.count - ReplSession.unseenKept)
        }
        do {
            try backend?.reconcile(with: engine)
        } catch {
            realSystemFailed(error, &reply)
        }
        if let error = outcome.error {
            reply.lines.append(
                "✗ failed with \(error.code) (\(error.code.codeText)): \(error.rule.statement)  [\(error.rule.id)]")
            reply.failed = true
        }
        reply.lines += decisions.map(\.description)
        reply.lines += outcome.notifications.map { "→ \($0.app): \($0.kind)  [\($0.rule.id)]" }
        if decisions.isEmpty && outcome.notifications.isEmpty && outcome.error == nil {
            reply.lines.append("nothing changed")
        }
        reply.lines += ReplSession.warningLines(linter.observe(outcome, after: engine))
    }

    /// A lint's finding as the REPL shows it: what went wrong, and the fix.
    static func warningLines(_ findings: [LintFinding]) -> [String] {
        findings.flatMap { ["⚠ \($0.app): \($0.message)  [\($0.lint.id)]", "  fix: \($0.fix)"] }
    }

    /// A step carried out for real first when there is a backend: a plug or unplug becomes what the real
    /// system reported.
    private mutating func performForReal(_ event: Event, text: String, position: SourcePosition?, _ reply: inout Reply)
    {
        guard backend != nil, case .device(let action) = event, Replayer.isPlug(action) else {
            perform(event, text: text, position: position, &reply)
            return
        }
        guard let backend = driven else {
            // A followed system's devices are real: they are plugged by hand, and the session hears of it.
            reply.lines.append(
                "\(source):\(lineNumber):1: error: \(action) is a real device here; plug or unplug it, and the "
                    + "session hears of it")
            reply.failed = true
            return
        }
        do {
            let reported = try backend.perform(action, at: time)
            if reported.isEmpty, Replayer.modelRejection(of: action, by: engine, at: time) != nil {
                // The model refuses it too: its rejection says what was expected.
                perform(event, text: text, position: position, &reply)
                return
            }
            if reported.isEmpty {
                reply.lines.append("\(source):\(lineNumber):1: error: the real system reported nothing for \(action)")
                reply.failed = true
            }
            for event in reported { perform(event, text: text, position: position, &reply) }
        } catch {
            realSystemFailed(error, &reply)
        }
    }

    /// Events from outside (an accessory's node destroyed by someone else), taken before each command.
    private mutating func takeOutsideEvents(_ reply: inout Reply) {
        guard let backend else { return }
        do {
            // The session's time stands still between commands: what happened outside since the last one
            // happened at the session's time, and is handled at it.
            for outside in try backend.externalEvents(at: time) {
                if case .declare(let config) = outside.event {
                    // A program that appeared is an app from now on, as if declared with `app`.
                    setup.apps.append(config)
                    decoder.declare(config)
                }
                reply.lines.append("outside: \(outside.event)")
                perform(outside.event, text: "\(outside.event)  # outside", position: nil, &reply)
            }
        } catch {
            realSystemFailed(error, &reply)
        }
    }

    /// An error of the real system (`--pipewire`) while running the current line.
    private func realSystemFailed(_ error: Error, _ reply: inout Reply) {
        reply.lines.append("\(source):\(lineNumber):1: error: the real system failed: \(error)")
        reply.failed = true
    }

    /// After undo or goto, the real system goes back too.
    private mutating func restoreForReal(_ reply: inout Reply) {
        do {
            try driven?.restore(engine)
        } catch {
            realSystemFailed(error, &reply)
        }
    }

    private mutating func restore(_ count: Int) {
        if let snapshot = history.back(to: count) { apply(snapshot) }
        checkMarks.removeAll { $0.steps > count }
        unseen = []
    }

    private mutating func apply(_ snapshot: Snapshot) {
        engine = snapshot.engine
        time = snapshot.time
        provenance = snapshot.provenance
        cursor = snapshot.cursor
        setup = snapshot.setup
        decoder = snapshot.decoder
        linter = snapshot.linter
    }

    private mutating func stepFile(_ reply: inout Reply) {
        guard !fileSteps.isEmpty else {
            reply.lines.append("\(source):\(lineNumber):1: error: no file is loaded; expected `arbiter repl FILE`")
            reply.failed = true
            return
        }
        guard cursor < fileSteps.count else {
            reply.lines.append("no more steps")
            return
        }
        let step = fileSteps[cursor]
        let (cursorBefore, timeBefore, historyBefore) = (cursor, time, history.count)
        cursor += 1
        if step.time > time { letTimePass(to: step.time, &reply) }
        switch step.action {
        case .event(let event, let fails):
            reply.lines.append("\(time)  \(event)  (\(step.position))")
            var inner = Reply()
            performForReal(event, text: event.description, position: step.position, &inner)
            // Going back to before this step puts the file's cursor and the clock back too.
            history.amendState(before: historyBefore) {
                $0.cursor = cursorBefore
                $0.time = timeBefore
            }
            if let fails, case .failed(let error)? = entries.last?.outcome.result, error.code == fails.code {
                inner.failed = false
            }
            reply.lines += inner.lines.map { "  " + $0 }
            reply.failed = reply.failed || inner.failed
        case .expect(let checks):
            _ = engine.handle(.advance, at: time)
            var provenanceView = Provenance()
            provenanceView.record(entries.flatMap(\.outcome.decisions))
            var evaluator = CheckEvaluator(engine: engine, time: time, window: unseen, provenance: provenanceView)
            reply.lines.append("\(time)  expect  (\(step.position))")
            var results = checks.map { evaluator.evaluate($0) }
            do {
                try backend?.reconcile(with: engine)
                try driven?.verify(&results, engine: engine)
            } catch {
                reply.lines.append("  \(step.position): error: the real system failed: \(error)")
                reply.failed = true
            }
            for result in results {
                checkMarks.append(
                    (entries.count, TimelinePicture.CheckMark(result, time: time, frame: entries.count - 1)))
                reply.lines.append(
                    result.passed ? "  ✓ \(result.summary)" : "  ✗ \(result.check.position): \(result.summary)")
                if !result.passed { reply.failed = true }
            }
            unseen = []
        }
    }

    /// The session so far as a timeline picture: each step with the engine just after it.
    public var picture: TimelinePicture {
        let frames = entries.enumerated().map { index, entry in
            TimelinePicture.Frame(
                time: entry.time, engine: history.state(before: index + 1)?.engine ?? engine,
                label: entry.text, detail: entry.position.map { "\($0)" },
                notifications: entry.outcome.notifications, failed: entry.outcome.error != nil)
        }
        return TimelinePicture(
            title: title, initial: history.state(before: 0)?.engine ?? engine, frames: frames,
            checks: checkMarks.map(\.mark), until: time)
    }

    /// `why APP [PROPERTY]`: the value, the decision that set it, its rule and source, and the step behind it.
    func why(_ app: AppID, _ property: String?) -> [String] {
        let properties =
            property.map { [$0] } ?? [
                "active", "interrupted", "playing", "audible", "gain", "state",
                "category", "nowPlaying",
            ]
        var lines: [String] = []
        for name in properties {
            let value = ReplViews.value(engine, app: app, property: name, time: time) ?? "unknown property"
            lines.append("\(app).\(name) = \(value)")
            guard
                let (decision, index) = provenance[Provenance.key(app, name)]
                    ?? (name == "nowPlaying"
                        ? provenance[Provenance.key(nil, "nowPlaying")] : nil)
            else {
                if name == "audible", let audibility = engine.audibility(of: app) {
                    lines += ReplViews.ruleTree(audibility.rule, indent: "  ")
                } else {
                    lines.append("  └─ as declared: no step has changed it")
                }
                continue
            }
            lines.append("  ├─ decision: \(decision.change)")
            lines += ReplViews.ruleTree(decision.rule, indent: "  │  ")
            guard index > entriesDropped else {
                lines.append("  └─ step \(index), no longer kept")
                continue
            }
            let entry = entries[index - entriesDropped - 1]
            lines.append(
                "  └─ step \(index) at \(entry.time): \(entry.text)" + (entry.position.map { "  (\($0))" } ?? ""))
        }
        return lines
    }
}
