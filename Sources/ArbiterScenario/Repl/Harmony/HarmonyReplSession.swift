import ArbiterEngine
import ArbiterHarmony
import ArbiterLint
import Yams

/// The REPL on a HarmonyOS scenario (`arbiter repl FILE` with `platform: harmonyos`, or `arbiter repl --platform
/// harmonyos`): each typed line is a step in the scenario's words, or a command.
///
/// A step is typed as words (`Music start`, `Maps start voice`, `Chat activateSession duckOthers`, `system
/// incomingCall`) or as the YAML of one step (`Maps: { start: voice }`, `expect: { Music: { focus: duck } }`). Each
/// is decoded by the scenario decoder against the session's apps, so what a file accepts the REPL accepts, with the
/// same errors.
public struct HarmonyReplSession {
    /// What a line did: the lines to print, whether it failed, whether the session ends.
    public struct Reply: Sendable {
        public var lines: [String] = []
        public var failed = false
        public var quit = false
    }

    public private(set) var setup: HarmonySetup
    /// The engine after the last step.
    public private(set) var engine: HarmonyEngine
    /// The session's clock.
    public private(set) var now: Time = .zero
    /// Every event step played, in order, with what it did (`undo` replays all but the last).
    private var played: [(line: String, time: Time, event: HarmonyEvent, outcome: HarmonyOutcome)] = []
    /// The file's steps not yet played (`step`, `run`).
    public private(set) var pendingSteps: [HarmonyStep] = []
    /// The notifications since the last `expect`.
    private var window: [HarmonyNotification] = []
    private var linter: HarmonyLinter
    private let file: String

    static let commands: Set<String> = [
        "help", "quit", "exit", "state", "focus", "why", "step", "run", "lints", "after", "at", "declare", "undo",
        "history",
    ]

    /// A session over the scenario file `text`, or an empty phone when it is nil. Throws `ScenarioErrors` when the
    /// file is not a valid HarmonyOS scenario (a cross-platform file's HarmonyOS run is taken).
    public init(text: String? = nil, file: String = "repl") throws {
        self.file = file
        if let text {
            let composed = try ScenarioParser.compose(text, file: file).get()
            var reader = YAMLReader(file: file)
            let runs = PlatformProjection.split(composed, reader: &reader)
            if !reader.diagnostics.isEmpty { throw ScenarioErrors(reader.diagnostics) }
            guard let run = runs.first(where: { $0.platform == .harmonyos }) else {
                throw ScenarioErrors([
                    Diagnostic(
                        SourcePosition(file: file, line: 1, column: 1),
                        "the file replays on " + runs.map(\.platform.rawValue).joined(separator: " and "),
                        expected: "a HarmonyOS scenario (platform: harmonyos, or platforms: [..., harmonyos])")
                ])
            }
            let scenario = try HarmonyScenarioParser.decode(run.root, file: file).get()
            setup = scenario.setup
            pendingSteps = scenario.steps
            engine = try HarmonyEngine(setup)
            linter = HarmonyLinter(startingFrom: engine, allowances: scenario.lintAllowances)
        } else {
            setup = HarmonySetup(apps: [])
            engine = try HarmonyEngine(setup)
            linter = HarmonyLinter(startingFrom: engine)
        }
    }

    /// Runs one typed line.
    public mutating func execute(_ line: String) -> Reply {
        let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let first = words.first else { return Reply() }
        switch first {
        case "help": return Reply(lines: HarmonyReplSession.help)
        case "quit", "exit": return Reply(quit: true)
        case "state": return Reply(lines: stateLines)
        case "focus": return Reply(lines: ["focus: " + engine.focusList.map(\.description).joined(separator: ", ")])
        case "why": return why(words.dropFirst().first)
        case "lints": return Reply(lines: linter.findings.map { "⚠ \($0.summary)" })
        case "history":
            return Reply(lines: played.enumerated().map { "\($0.offset + 1). \($0.element.time)  \($0.element.line)" })
        case "step", "run":
            var reply = Reply()
            let count = first == "step" ? 1 : pendingSteps.count
            for _ in 0..<min(count, pendingSteps.count) {
                let step = pendingSteps.removeFirst()
                reply.lines.append("\(step.time)  (\(step.position))")
                now = max(now, step.time)
                reply.merge(play(step, line: "\(step.position)"))
            }
            if count > 0 && reply.lines.isEmpty { reply.lines = ["no more steps"] }
            return reply
        case "after", "at":
            let target: Time
            switch ReplTime.target(words, now: now) {
            case .success(let time): target = time
            case .failure(let error): return Reply(lines: [error.line], failed: true)
            }
            var reply = letTimePass(to: target)
            reply.lines.append("time \(now)")
            if words.count > 2 { reply.merge(execute(words.dropFirst(2).joined(separator: " "))) }
            return reply
        case "declare": return declare(Array(words.dropFirst()))
        case "undo":
            guard let last = played.popLast() else { return Reply(lines: ["nothing to undo"]) }
            rebuild()
            return Reply(lines: ["undid `\(last.line)`; now \(now)"])
        default:
            return typedStep(line, words: words)
        }
    }

    /// A typed step: YAML as is, or words (`App verb [argument]`, `system verb`) made into YAML.
    private mutating func typedStep(_ line: String, words: [String]) -> Reply {
        let yaml =
            line.contains(":")
            ? line
            : words.count >= 3
                ? "\(words[0]): { \(words[1]): \(words.dropFirst(2).joined(separator: " ")) }"
                : words.count == 2 ? "\(words[0]): \(words[1])" : line
        let node: Node
        switch ScenarioParser.compose("- \(yaml)", file: file) {
        case .success(let composed): node = composed
        case .failure(let errors): return Reply(lines: errors.diagnostics.map(\.description), failed: true)
        }
        switch HarmonyScenarioParser.decodeSteps(node, file: file, setup: setup, from: now) {
        case .failure(let errors): return Reply(lines: errors.diagnostics.map(\.description), failed: true)
        case .success(let steps):
            var reply = Reply()
            for step in steps { reply.merge(play(step, line: line)) }
            return reply
        }
    }

    /// Plays one decoded step: an event, or the checks of an `expect`.
    private mutating func play(_ step: HarmonyStep, line: String) -> Reply {
        var reply = letTimePass(to: step.time)
        switch step.action {
        case .event(let event, let returns):
            let outcome = record(event, at: step.time, line: line)
            reply.lines += HarmonyReplSession.lines(for: outcome)
            if let problem = HarmonyReplayer.problem(outcome, expected: returns) {
                reply.lines.append("✗ \(problem)")
                reply.failed = true
            }
            reply.failed = reply.failed || outcome.rejection != nil
        case .expect(let checks):
            let evaluator = HarmonyCheckEvaluator(engine: engine, window: window, rules: rules)
            for result in checks.map(evaluator.evaluate) {
                reply.lines.append((result.passed ? "✓ " : "✗ ") + result.summary)
                reply.failed = reply.failed || !result.passed
            }
            window = []
        }
        return reply
    }

    /// Time passes to `time`: AudioSessions that time out on the way do, each at its own time.
    private mutating func letTimePass(to time: Time) -> Reply {
        var reply = Reply()
        while let due = engine.nextSessionTimeout, due <= time {
            reply.lines.append("\(due)  time passes")
            reply.lines += HarmonyReplSession.lines(for: record(.advance, at: due, line: "time passes"))
        }
        now = max(now, time)
        return reply
    }

    private mutating func record(_ event: HarmonyEvent, at time: Time, line: String) -> HarmonyOutcome {
        let outcome = engine.handle(event, at: time)
        now = max(now, engine.now)
        if outcome.rejection == nil { played.append((line, time, event, outcome)) }
        window += outcome.notifications
        linter.observe(outcome, after: engine)
        return outcome
    }

    /// The last rule that decided something about each owner, for checks.
    private var rules: [String: Rule] {
        var rules: [String: Rule] = [:]
        for entry in played {
            for decision in entry.outcome.decisions { rules[decision.owner.description] = decision.rule }
        }
        return rules
    }

    /// `declare NAME USAGE [STREAM]`: a new app with one stream (`player` by default) of that usage. The engine is
    /// made again with it and the steps played so far are played again.
    private mutating func declare(_ words: [String]) -> Reply {
        let usages = StreamUsage.forApps.map(\.rawValue)
        guard words.count == 2 || words.count == 3,
            let usage = StreamUsage.forApps.first(where: { $0.rawValue == words[1] })
        else {
            return Reply(
                lines: [
                    "error: declare takes an app name, a usage and a stream name (player by default); expected "
                        + "`declare Music music` with one of: " + usages.joined(separator: ", ")
                ], failed: true)
        }
        let name = AppID(words[0])
        guard AppID.isValid(words[0]), !setup.apps.contains(where: { $0.name == name }) else {
            return Reply(lines: ["error: \(words[0]) is declared already, or not a valid name"], failed: true)
        }
        setup.apps.append(
            HarmonyAppConfig(
                name, streams: [StreamConfig(words.count == 3 ? words[2] : "player", kind: .avPlayer, usage: usage)]))
        rebuild()
        return Reply(lines: ["declared \(name) (\(usage))"])
    }

    /// Makes the engine again from the setup and plays the steps kept so far.
    private mutating func rebuild() {
        var fresh = try! HarmonyEngine(setup)  // a setup the decoder and `declare` checked
        linter = HarmonyLinter(startingFrom: fresh)
        for (k, entry) in played.enumerated() {
            played[k].outcome = fresh.handle(entry.event, at: entry.time)
            linter.observe(played[k].outcome, after: fresh)
        }
        engine = fresh
        window = []
    }

    /// `why Music` or `why Music.player`: the decisions about it, latest last, each with its rule and source.
    private func why(_ target: String?) -> Reply {
        guard let target else {
            return Reply(lines: ["error: why takes an app or a stream: `why Music.player`"], failed: true)
        }
        let decisions = played.flatMap(\.outcome.decisions).filter {
            $0.owner.description == target || $0.owner.app.name == target
        }
        let apps = (setup.apps + HarmonyEngine.systemApps).map(\.name.name)
        guard apps.contains(String(target.prefix { $0 != "." })) else {
            return Reply(
                lines: ["error: unknown app '\(target)'; expected one of: " + apps.joined(separator: ", ")],
                failed: true)
        }
        guard !decisions.isEmpty else { return Reply(lines: ["nothing was decided about \(target)"]) }
        return Reply(
            lines: decisions.suffix(6).flatMap { decision in
                [
                    "\(decision)", "  \(decision.rule.statement)",
                    "  source: \(decision.rule.source) (\(decision.rule.evidence))",
                ]
            })
    }

    private var stateLines: [String] {
        var lines: [String] = []
        for app in setup.apps {
            let session = engine.session(of: app.name).map { " session \($0)" } ?? ""
            let scene = engine.sessionScene(of: app.name).map { " scene \($0)" } ?? ""
            let place = engine.isInBackground(app.name) == true ? " (background)" : ""
            lines.append("\(app.name)\(session)\(scene)\(place)")
            for stream in app.streams {
                guard let status = engine.stream(StreamOwner(app.name, stream.name)) else { continue }
                lines.append(
                    "  \(stream.name): \(status.state), volume \(Profile.text(status.volume))"
                        + (status.appVolume == 1 ? "" : " (app \(Profile.text(status.appVolume)))") + ", focus "
                        + "\(status.focus?.rawValue ?? "none"), \(status.interruptMode)"
                        + (status.silent ? ", silent" : ""))
            }
        }
        lines.append("focus: " + engine.focusList.map(\.description).joined(separator: ", "))
        return lines
    }

    static func lines(for outcome: HarmonyOutcome) -> [String] {
        if let rejection = outcome.rejection { return ["error: \(rejection)"] }
        var lines: [String] = []
        if case .failed(let code, let rule)? = outcome.result {
            lines.append("returned failed \(code): \(rule.statement)  [\(rule.id)]")
        }
        lines += outcome.decisions.map(\.description)
        lines += outcome.notifications.map { "→ \($0)  [\($0.rule.id)]" }
        if lines.isEmpty { lines.append("nothing changed") }
        return lines
    }

    static let help = [
        "Steps, in the scenario's words (docs/harmonyos.md):",
        "  Music start | Maps start voice | Music pause | Music stop | Music release",
        "  Chat activateSession duckOthers | Chat deactivateSession | Music setInterruptMode independent",
        "  Game setAudioSessionScene game   (API 20: the next activation takes focus itself; its streams bypass it)",
        "  Game background | Game foreground   (a scene session's 10 s timeout runs only in the background)",
        "  Video setSilentMode true | Video setSilentMode false   (mute-play: plays silently, interrupts nobody)",
        "  Video setVolume 0   (the app's own volume; from API 20 a start at 0 is a silent one)",
        "  system incomingCall | answerCall | endCall | alarmBegin | alarmEnd | assistantBegin | assistantEnd",
        "  or one step's YAML: `Maps: { start: voice }`, `expect: { Music: { focus: duck } }`",
        "Commands:",
        "  declare NAME USAGE [STREAM]   a new app with one stream (player) of that usage",
        "  after 2s [STEP] | at 1m [STEP]   let time pass (an AudioSession may time out), then a step",
        "  state | focus | why APP[.STREAM] | lints | history | undo | step | run | help | quit",
    ]
}

extension HarmonyReplSession.Reply {
    mutating func merge(_ other: Self) {
        lines += other.lines
        failed = failed || other.failed
        quit = quit || other.quit
    }
}
