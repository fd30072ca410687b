import ArbiterAndroid
import ArbiterEngine
import ArbiterLint
import Foundation
import Yams

/// The REPL on an Android scenario (`arbiter repl FILE` with `platform: android` or `androidAutomotive`, or
/// `arbiter repl --platform android`): each typed line is a step in the scenario's words, or a command.
///
/// A step is typed as words (`Maps requestFocus gainTransientMayDuck`, `Maps requestFocus gain=gainTransient
/// usage=assistant`, `system incomingCall`, `system assistant begin`, `device ringerMode silent`) or as the YAML of
/// one step (`Maps: { requestFocus: gainTransient }`). Each is decoded by the scenario decoder against the file's
/// apps, so what a file accepts the REPL accepts, with the same errors.
public struct AndroidReplSession {
    /// What a line did: the lines to print, whether it failed, whether the session ends.
    public struct Reply: Sendable {
        public var lines: [String] = []
        public var failed = false
        public var quit = false
        /// What a request step returned, for `returns:`.
        var outcomeResult: FocusRequestResult?
    }

    /// The engine after the last step.
    public private(set) var engine: AndroidEngine
    /// The session's clock.
    public private(set) var now: Time = .zero
    /// The file's steps not yet played (`step`, `run`).
    public private(set) var pendingSteps: [AndroidStep]
    /// Every event step played, in order, with what it did, and the session before each (`undo`, `goto`).
    public private(set) var history = SessionHistory<Snapshot, (line: String, outcome: FocusOutcome)>()
    /// The scenario file's document, whose `steps` each typed line replaces.
    private var root: Node.Mapping
    private let source: String
    private var linter: AndroidLinter

    /// What the session was before an event step: all that `undo` and `goto` put back.
    public struct Snapshot {
        var engine: AndroidEngine
        var now: Time
        var pendingSteps: [AndroidStep]
        var linter: AndroidLinter
        var sinceLastExpectStart: Int
    }

    /// The session's own words: a typed line starting with one is a command, never an app to declare.
    static let commands: Set<String> = [
        "help", "quit", "exit", "state", "stack", "why", "step", "run", "lints",
        "after", "at", "declare", "undo", "goto", "history",
    ]

    /// A session over the scenario file `text` (its `platform` run, for a cross-platform file), or an empty phone or
    /// car when `text` is nil. Throws `ScenarioErrors` when the file is not a valid Android scenario.
    public init(text: String? = nil, file: String = "repl", platform: ScenarioPlatform = .android) throws {
        let car = platform == .androidAutomotive
        let document =
            text ?? "scenario: REPL\nplatform: \(car ? "androidAutomotive" : "android")\napps: {}\nsteps: []\n"
        let composed = try ScenarioParser.compose(document, file: file).get()
        var reader = YAMLReader(file: file)
        let runs = PlatformProjection.split(composed, reader: &reader)
        if !reader.diagnostics.isEmpty { throw ScenarioErrors(reader.diagnostics) }
        guard
            let run = runs.first(where: { $0.platform == platform })
                ?? runs.first(where: { $0.platform != .ios && platform == .android }),
            case .mapping(let root) = run.root
        else {
            throw ScenarioErrors([
                Diagnostic(
                    SourcePosition(file: file, line: 1, column: 1),
                    "the file replays on " + runs.map(\.platform.rawValue).joined(separator: " and "),
                    expected:
                        "an Android scenario (platform: android or androidAutomotive, or platforms: [ios, android])")
            ])
        }
        self.root = root
        source = file
        if text == nil {
            // No apps yet: each is declared on first mention (or with `declare`).
            engine = try AndroidEngine(AndroidSetup(platform: car ? .car : .phone))
            pendingSteps = []
            linter = AndroidLinter(startingFrom: engine)
            return
        }
        let scenario = try AndroidReplSession.decode(.mapping(root), file: file).get()
        engine = try AndroidEngine(scenario.setup)
        pendingSteps = scenario.steps
        linter = AndroidLinter(startingFrom: engine, allowances: scenario.lintAllowances)
    }

    static func decode(_ root: Node, file: String) -> Result<AndroidScenario, ScenarioErrors> {
        AndroidScenarioParser.decode(root, file: file)
    }

    /// Runs one typed line.
    public mutating func execute(_ line: String) -> Reply {
        let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let first = words.first else { return Reply() }
        switch first {
        case "help": return Reply(lines: AndroidReplSession.help)
        case "quit", "exit": return Reply(quit: true)
        case "state": return Reply(lines: stateLines)
        case "stack": return Reply(lines: ["stack: " + engine.stack.map(\.description).joined(separator: ", ")])
        case "why": return why(words.dropFirst().first, key: words.dropFirst(2).first)
        case "step": return playFileSteps(1)
        case "run": return playFileSteps(pendingSteps.count)
        case "lints": return Reply(lines: linter.findings.map { "⚠ \($0.summary)" })
        case "after", "at":
            let target: Time
            switch ReplTime.target(words, now: now) {
            case .success(let time): target = time
            case .failure(let error): return Reply(lines: [error.line], failed: true)
            }
            now = target
            let typed = DurationText.parse(words[1])!  // ReplTime read it
            var reply = play(.advance, line: "\(first) \(typed)")
            if words.count > 2 {
                let rest = execute(words.dropFirst(2).joined(separator: " "))
                reply.lines += rest.lines
                reply.failed = reply.failed || rest.failed
            }
            return reply
        case "declare":
            return declare(Array(words.dropFirst()))
        case "undo":
            guard words.count == 1 else {
                return Reply(lines: ["error: undo takes nothing; expected `undo`"], failed: true)
            }
            guard let undone = history.last?.line else { return Reply(lines: ["nothing to undo"]) }
            restore(history.count - 1)
            return Reply(lines: ["undid `\(undone)`; now \(now)"])
        case "goto":
            guard words.count == 2, let count = Int(words[1]), count >= 0, count <= history.count else {
                return Reply(
                    lines: ["error: goto takes a step number from 0 to \(history.count) (`history` lists them)"],
                    failed: true)
            }
            restore(count)
            return Reply(lines: ["after step \(count); now \(now)"])
        case "history":
            return Reply(lines: history.lines { number, entry in "\(number)  \(entry.outcome.time)  \(entry.line)" })
        default:
            if let refusal = Self.notAStep(first, words: words, line: line) { return refusal }
            let target =
                line.contains(":") ? String(line.prefix { $0 != ":" }).trimmingCharacters(in: .whitespaces) : first
            if !["system", "device", "expect", "{"].contains(target), AppID.isValid(target),
                !engine.apps.contains(AppID(target))
            {
                // Declared on first mention; a step that then fails leaves the session as it was.
                let before = self
                let declared = declare([target])
                if declared.failed { return declared }
                var reply = typedStep(line, words: words)
                guard !reply.failed || history.count > before.history.count else {
                    self = before
                    return reply
                }
                reply.lines.insert("declared \(target) (usage media, focusGain gain; `declare` sets others)", at: 0)
                return reply
            }
            return typedStep(line, words: words)
        }
    }

    /// The refusal of a line that cannot be a step: a command of the iOS REPL this one lacks, a command word with
    /// other capitals, or an app's name with no verb.
    static func notAStep(_ first: String, words: [String], line: String) -> Reply? {
        let typed = first.lowercased()
        if SessionCommand(rawValue: typed) != nil && !commands.contains(typed) {
            return Reply(
                lines: [
                    "error: `\(typed)` is a command of the iOS REPL; the Android REPL has "
                        + commands.sorted().joined(separator: ", ") + " (`help` says what each does)"
                ], failed: true)
        }
        if typed != first && commands.contains(typed) {
            return Reply(lines: ["error: unknown command '\(first)'; did you mean `\(typed)`?"], failed: true)
        }
        if words.count == 1 && !line.contains(":") && !line.hasPrefix("{") {
            return Reply(
                lines: [
                    "error: `\(first)` is not a step: expected an app, system or device, then a verb "
                        + "(`\(first) play`, `\(first) requestFocus gainTransient`; `help` lists them)"
                ], failed: true)
        }
        return nil
    }

    // MARK: Steps

    /// Decodes a typed step against the file's apps and plays it.
    mutating func typedStep(_ line: String, words: [String]) -> Reply {
        let yaml = line.contains(":") ? "{ at: \(now), \(line) }" : AndroidReplSession.yaml(words, at: now)
        let stepNode: Node
        do {
            guard let node = try Yams.compose(yaml: yaml) else { return Reply() }
            stepNode = node
        } catch {
            return Reply(lines: ["error: the line is not a step: \(error)"], failed: true)
        }
        var pairs = root.filter { $0.key.string != "steps" }
        pairs.append((Node("steps"), .sequence(Node.Sequence([stepNode]))))
        switch AndroidReplSession.decode(.mapping(Node.Mapping(pairs)), file: source) {
        case .failure(let errors):
            return Reply(lines: errors.diagnostics.map { "error: \($0.text)" }, failed: true)
        case .success(let scenario):
            guard let step = scenario.steps.first else { return Reply() }
            return play(step, line: line)
        }
    }

    /// `APP VERB`, `APP VERB VALUE`, `APP VERB key=value ...` (and the same for `system` and `device`) as the YAML of
    /// one step at `time`.
    static func yaml(_ words: [String], at time: Time) -> String {
        let target = words[0]
        guard words.count > 1 else { return "{ at: \(time), \(target): nothing }" }
        let verb = words[1]
        let rest = words.dropFirst(2)
        let value: String
        if rest.isEmpty {
            value = verb
        } else if rest.allSatisfy({ $0.contains("=") }) {
            let pairs = rest.map { word -> String in
                let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
                return "\(parts[0]): \(parts.count > 1 ? parts[1] : "")"
            }
            value = "{ \(verb): { \(pairs.joined(separator: ", ")) } }"
        } else {
            value = "{ \(verb): \(rest.joined(separator: " ")) }"
        }
        return "{ at: \(time), \(target): \(value) }"
    }

    mutating func playFileSteps(_ count: Int) -> Reply {
        guard !pendingSteps.isEmpty else { return Reply(lines: ["the file has no more steps"]) }
        var reply = Reply()
        for _ in 0..<min(count, pendingSteps.count) {
            let (stepsBefore, historyBefore) = (pendingSteps, history.count)
            let step = pendingSteps.removeFirst()
            now = max(now, step.time)
            // The step as the file writes it, at its time, with where: `1m  Quiz: play  (file.yaml:30:5)`.
            let text: String =
                switch step.action {
                case .event(let event, _): AndroidEventText.text(event)
                case .expect: "expect"
                }
            reply.lines.append("\(now)  \(text)  (\(step.position))")
            let played = play(step, line: "\(text)  (\(step.position))")
            // Going back to before this step gives the file's step back too.
            history.amendState(before: historyBefore) { $0.pendingSteps = stepsBefore }
            reply.lines += played.lines
            reply.failed = reply.failed || played.failed
        }
        return reply
    }

    mutating func play(_ step: AndroidStep, line: String) -> Reply {
        switch step.action {
        case .event(let event, let returns):
            var reply = play(event, line: line)
            if let returns, reply.outcomeResult != returns.result {
                reply.lines.append(
                    "  ✗ returned \(reply.outcomeResult.map(\.description) ?? "nothing"), "
                        + "expected \(returns.result)")
                reply.failed = true
            }
            return reply
        case .expect(let checks):
            var reply = play(.advance, line: line)
            let results = AndroidCheck.evaluate(checks, engine: engine, since: sinceLastExpect)
            sinceLastExpectStart = history.count
            for result in results {
                reply.lines.append(result.passed ? "  ✓ \(result.summary)" : "  ✗ \(result.summary)")
                reply.failed = reply.failed || !result.passed
            }
            return reply
        }
    }

    private var sinceLastExpectStart = 0
    private var sinceLastExpect: [FocusNotification] {
        history.steps.dropFirst(sinceLastExpectStart).flatMap(\.outcome.notifications)
    }

    mutating func play(_ event: AndroidEvent, line: String) -> Reply {
        // The clock before this step is where the last one left it (a step that moves time sets `now` first).
        let before = Snapshot(
            engine: engine, now: history.last?.outcome.time ?? .zero, pendingSteps: pendingSteps,
            linter: linter, sinceLastExpectStart: sinceLastExpectStart)
        let outcome = engine.handle(event, at: now)
        history.append((line, outcome), before: before)
        let found = linter.observe(outcome, after: engine)
        var reply = Reply()
        reply.outcomeResult = outcome.result
        if let rejection = outcome.rejection {
            reply.lines.append("error: \(rejection)")
            reply.failed = true
            return reply
        }
        if let result = outcome.result { reply.lines.append("  returns \(result)") }
        reply.lines += outcome.decisions.map { "  \($0)" }
        reply.lines += outcome.notifications.map { "  → \($0.app): \($0.change)  [\($0.rule.id)]" }
        reply.lines += found.map { "  ⚠ \($0.summary)" }
        return reply
    }

    /// Goes back to just after the first `count` event steps.
    private mutating func restore(_ count: Int) {
        guard let snapshot = history.back(to: count) else { return }
        engine = snapshot.engine
        now = snapshot.now
        pendingSteps = snapshot.pendingSteps
        linter = snapshot.linter
        sinceLastExpectStart = snapshot.sinceLastExpectStart
    }

    // MARK: Views

    var stateLines: [String] {
        var lines = [
            "\(now)  focus: \(engine.focusOwner?.description ?? "none")  stack: "
                + (engine.stack.isEmpty ? "empty" : engine.stack.map(\.description).joined(separator: ", "))
        ]
        if let call = engine.call { lines.append("  call: \(call)") }
        for app in engine.apps {
            guard let state = engine.state(of: app) else { continue }
            let players = state.players.sorted { $0.key < $1.key }.map { name, playerState in
                "\(name) \(playerState) \(AndroidReplSession.volume(state.volumes[name] ?? 1))"
            }
            var flags: [String] = []
            if state.ducked { flags.append("ducked") }
            if state.faded { flags.append("faded") }
            if state.muted { flags.append("muted") }
            lines.append(
                "  \(app): focus \(state.focus)" + (flags.isEmpty ? "" : ", " + flags.joined(separator: ", "))
                    + "; " + players.joined(separator: ", "))
        }
        return lines
    }

    static func volume(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        return "volume \(rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded))"
    }

    /// `why APP [KEY]`: the rule behind each of the app's values (or one), and the last focus change it was told.
    func why(_ name: String?, key: String?) -> Reply {
        let names = engine.apps.map(\.name)
        guard !names.isEmpty else {
            return Reply(
                lines: [
                    "error: no app is declared yet, so there is nothing to explain; expected a step "
                        + "that names an app (`Music play`), or `declare APP`"
                ], failed: true)
        }
        guard let name else {
            return Reply(
                lines: ["error: why takes an app; expected one of: " + names.joined(separator: ", ")],
                failed: true)
        }
        /// `what`, then the words expected and the nearest of them.
        func refused(_ what: String, _ word: String, among words: [String]) -> Reply {
            let nearest = Suggestions.nearest(to: word, in: words).map { "; did you mean \($0)?" } ?? ""
            return Reply(
                lines: ["error: \(what); expected one of: " + words.joined(separator: ", ") + nearest], failed: true)
        }
        guard let state = engine.state(of: AppID(name)) else {
            return refused("unknown app '\(name)'", name, among: names)
        }
        let keys = AndroidScenarioDecoder.appCheckKeys.filter { $0 != "events" }
        if let key, !keys.contains(key) { return refused("'\(key)' is not one of an app's values", key, among: keys) }
        var lines: [String] = []
        for (property, rule) in state.rules.sorted(by: { $0.key < $1.key }) where key == nil || key == property {
            lines.append("\(name).\(property): [\(rule.id)] \(rule.statement)")
            lines.append("    source: \(rule.source) (\(rule.evidence))")
        }
        if let told = history.steps.reversed().lazy.flatMap({ entry in
            entry.outcome.notifications.filter { $0.app == AppID(name) }.map { (entry.line, $0) }
        }).first {
            lines.append(
                "\(name) was last told \(told.1.change) (at `\(told.0)`): [\(told.1.rule.id)] "
                    + told.1.rule.statement)
            lines.append("    source: \(told.1.rule.source) (\(told.1.rule.evidence))")
        }
        if lines.isEmpty { lines.append("no rule explains \(name)\(key.map { ".\($0)" } ?? "") yet") }
        return Reply(lines: lines)
    }

    /// `declare APP key=value ...`: adds an app (as a scenario's `apps:` entry), and replays the session's steps on
    /// the new setup.
    mutating func declare(_ words: [String]) -> Reply {
        guard let name = words.first, AppID.isValid(name) else {
            return Reply(
                lines: ["error: declare takes an app name, then key=value pairs (usage=media focusGain=gain)"],
                failed: true)
        }
        let fields = words.dropFirst().map { word -> String in
            let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
            return "\(parts[0]): \(parts.count > 1 ? parts[1] : "")"
        }
        guard let declaration = try? Yams.compose(yaml: "{ \(fields.joined(separator: ", ")) }") ?? Node.mapping([:])
        else {
            return Reply(lines: ["error: the declaration is not key=value pairs"], failed: true)
        }
        var pairs: [(Node, Node)] = []
        for (key, value) in root {
            guard key.string == "apps", case .mapping(let apps) = value else {
                pairs.append((key, value))
                continue
            }
            var entries = apps.filter { $0.key.string != name }
            entries.append((Node(name), declaration))
            pairs.append((key, .mapping(Node.Mapping(entries))))
        }
        let candidate = Node.Mapping(pairs)
        switch AndroidReplSession.decode(.mapping(candidate), file: source) {
        case .failure(let errors):
            return Reply(lines: errors.diagnostics.map { "error: \($0.text)" }, failed: true)
        case .success(let scenario):
            guard var rebuilt = try? AndroidEngine(scenario.setup) else {
                return Reply(lines: ["error: the apps cannot start an engine"], failed: true)
            }
            // The steps so far, again on the new setup: each snapshot's engine is the rebuilt one before its step.
            for (index, entry) in history.steps.enumerated() {
                history.amendState(before: index) { [rebuilt] in $0.engine = rebuilt }
                _ = rebuilt.handle(entry.outcome.event, at: entry.outcome.time)
            }
            root = candidate
            engine = rebuilt
            return Reply(lines: ["declared \(name)"])
        }
    }

    static let help = [
        "Steps, as in the scenario file (docs/android.md), typed as words or as YAML:",
        "  APP requestFocus [GAIN | gain=GAIN usage=USAGE contentType=TYPE willPauseWhenDucked=true ...]",
        "  APP abandonFocus | play | start [PLAYER] | pause [PLAYER] | stop [PLAYER] | terminate",
        "  APP setVolume VOLUME",
        "  system incomingCall | answerCall | declineCall | endCall | notification",
        "  system assistant begin | system assistant end | system alarm begin | system alarm end",
        "  device ringerMode normal|vibrate|silent",
        "  APP: { requestFocus: { gain: gainTransientMayDuck, usage: assistant } }   (one step's YAML)",
        "Commands:",
        "  after DURATION [STEP], at TIME [STEP]   move time on (ramps, fades and delayed losses fall due)",
        "  state, stack                            who holds focus, each app's focus, players and volumes",
        "  why APP [KEY]                           the rule behind each value, and the last focus change told",
        "  step, run                               play the file's next step, or all of them",
        "  history, undo, goto N                   the steps so far; take the last back; go back to after step N",
        "  declare APP key=value ...               add an app (usage=media focusGain=gainTransient ...)",
        "  lints, help, quit",
    ]
}
