import ArbiterEngine
import Foundation

/// The runs of an HTML report as the page's script reads them: one JSON document whose texts and rules sit in tables
/// every run shares, so that a long scenario's repeated steps cost an index each.
///
/// ```
/// {"texts": [TEXT...], "rules": [[ID, STATEMENT, SOURCE, EVIDENCE]...], "runs": [RUN...]}
/// RUN: {"file", "title", "platform", "device", "failed", "lanes": [NAME...],
///       "states": [[STATE, PLAYING 0/1, GAIN]...],
///       "steps": [[TIME, LABEL, LINE, COLUMN(, PROBLEM)]...],
///       "changes": [[TIME, STATE, STEP, TIME, STATE, STEP...] a lane],   (STATE -1: the lane is not there; STEP
///                  the step after which it holds, so that steps at one instant each show theirs; -1 none)
///       "marks": [[KIND, LANE, TEXT, RULE, STEP] or [KIND, LANE, TEXT, RULE, -1, TIME, LINE, COLUMN]...],
///       "warnings": [TEXT...]}
///    or {"file", "title", "failed": true, "invalid", "errors": [TEXT...]} for a file that did not replay
/// ```
/// Times are the scenario's milliseconds; LABEL, TEXT and PROBLEM index `texts`, RULE `rules`, STATE `states`, STEP
/// `steps` (a mark of a step is at its time; one of no step, a check, has its own time and position); KIND is 0 a
/// decision, 1 a notification, 2 a check that held, 3 one that failed; -1 is none (LANE: the steps' row), LINE 0 no
/// position. Failed runs come first, each group in the order added.
struct HTMLReportData: Sendable {
    private var texts: [String] = []
    private var textIndex: [String: Int] = [:]
    private var rules: [String] = []
    private var ruleIndex: [Rule: Int] = [:]
    private var failed: [String] = []
    private var passed: [String] = []

    mutating func add(_ run: RunTimeline, failed isFailed: Bool, warnings: [String]) {
        var states: [RunTimeline.LaneState] = []
        var stateIndex: [RunTimeline.LaneState: Int] = [:]
        let changes = run.lanes.map { lane -> String in
            var items: [String] = []
            var last: Int?
            for sample in run.samples {
                var index = -1
                if let state = sample.lanes[lane] {
                    if stateIndex[state] == nil {
                        states.append(state)
                        stateIndex[state] = states.count - 1
                    }
                    index = stateIndex[state]!
                }
                guard index != last else { continue }
                last = index
                items += ["\(sample.time.milliseconds)", "\(index)", "\(sample.step ?? -1)"]
            }
            return Self.array(items)
        }
        let steps = run.steps.map { step in
            var items = ["\(step.time.milliseconds)", "\(text(step.label))"]
            items += ["\(step.position?.line ?? 0)", "\(step.position?.column ?? 0)"]
            if let problem = step.problem { items.append("\(text(problem))") }
            return Self.array(items)
        }
        let kinds: [RunTimeline.Mark.Kind: Int] = [.decision: 0, .notification: 1, .checkHeld: 2, .checkFailed: 3]
        let marks = run.marks.map { mark in
            let lane = mark.lane.flatMap { run.lanes.firstIndex(of: $0) } ?? -1
            var items = [kinds[mark.kind]!, lane, text(mark.text), mark.rule.map { rule($0) } ?? -1, mark.step ?? -1]
            if mark.step == nil {
                items += [Int(mark.time.milliseconds), mark.position?.line ?? 0, mark.position?.column ?? 0]
            }
            return Self.array(items.map(String.init))
        }
        let object = Self.object([
            ("file", Self.quote(run.file)), ("title", Self.quote(run.title)), ("platform", Self.quote(run.platform)),
            ("device", Self.quote(run.device)), ("failed", "\(isFailed)"), ("lanes", Self.strings(run.lanes)),
            (
                "states",
                Self.array(states.map { Self.array([Self.quote($0.state), $0.playing ? "1" : "0", gain($0)]) })
            ),
            ("steps", Self.array(steps)), ("changes", Self.array(changes)), ("marks", Self.array(marks)),
            ("warnings", Self.strings(warnings)),
        ])
        isFailed ? failed.append(object) : passed.append(object)
    }

    /// A file that did not replay: invalid, or a run whose setup failed.
    mutating func add(problem file: String, title: String, errors: [String], invalid: Bool) {
        failed.append(
            Self.object([
                ("file", Self.quote(file)), ("title", Self.quote(title)), ("failed", "true"), ("invalid", "\(invalid)"),
                ("errors", Self.strings(errors)),
            ]))
    }

    /// The document, one run a line.
    var json: String {
        "{\"texts\":" + Self.strings(texts) + ",\n\"rules\":[\n" + rules.joined(separator: ",\n") + "],\n\"runs\":[\n"
            + (failed + passed).joined(separator: ",\n") + "]}"
    }

    private mutating func text(_ string: String) -> Int {
        if let index = textIndex[string] { return index }
        texts.append(string)
        textIndex[string] = texts.count - 1
        return texts.count - 1
    }

    private mutating func rule(_ rule: Rule) -> Int {
        if let index = ruleIndex[rule] { return index }
        rules.append(Self.strings([rule.id, rule.statement, rule.source, rule.evidence.rawValue]))
        ruleIndex[rule] = rules.count - 1
        return rules.count - 1
    }

    /// `1`, `0.2`, `0.017783` (1 for a gain that is not a number).
    private func gain(_ state: RunTimeline.LaneState) -> String {
        guard state.gain.isFinite else { return "1" }
        let gain = Double(String(format: "%.6g", state.gain)) ?? state.gain
        return gain == gain.rounded() ? "\(Int(gain))" : "\(gain)"
    }

    private static func object(_ fields: [(String, String)]) -> String {
        "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }

    private static func array(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }

    private static func strings(_ items: [String]) -> String { array(items.map(quote)) }

    /// A JSON string that can sit inside a `<script>` element: `<`, `>` and `&` escaped as well as control characters
    /// (and the two line separators JavaScript once refused in strings).
    static func quote(_ string: String) -> String {
        doubleQuoted(string) { scalar in
            scalar.value < 0x20 || scalar == "<" || scalar == ">" || scalar == "&" || scalar.value == 0x2028
                || scalar.value == 0x2029
        }
    }
}
