import ArbiterEngine
import Foundation

/// `arbiter replay --junit FILE`: the runs as JUnit XML, which GitLab, Jenkins and GitHub's test reporters read.
///
/// A test suite for each file and platform half (`scenarios/x.yaml [android]`); a test case for each `expect:` step,
/// named by its time and what it checks (`expect at 1m1s: Music.playing, events`, a name that stays when lines are
/// added above it), its `FILE:LINE:COLUMN` as its `system-out`, failing with each check that did not hold
/// (expected, actual, the rule behind the actual value and its source); a failed test case for each step that failed
/// the scenario (`step at 0s: Video: activate`); a file that cannot be read is a suite with one test case in error,
/// its problems listed. The lints' warnings are the suite's `system-out`. Nothing depends on the clock, so the same
/// runs give the same bytes.
public struct JUnitReport: Sendable {
    private var suites: [Suite] = []

    public init() {}

    private struct Suite: Sendable {
        var name: String
        var file: String
        var cases: [TestCase]
        var output: [String]
    }

    private struct TestCase: Sendable {
        var name: String
        var classname: String
        /// `failure` (an expectation or step did not hold) or `error` (the file could not be replayed).
        var problem: (kind: String, type: String, message: String, detail: String)?
        /// Where it is written (`FILE:LINE:COLUMN`), its `system-out`.
        var output: String?
    }

    /// Adds one run: the report of `file` (on `platform` for a half of a cross-platform file).
    public mutating func add<Report: ReplayReport>(_ report: Report, file: String, platform: String?) {
        let classname = Self.classname(file, platform)
        var cases: [TestCase] = []
        for entry in report.entries {
            switch entry {
            case .step(let step):
                guard let problem = step.problem else { continue }
                let place = step.position.map { "\($0): " } ?? ""
                cases.append(
                    TestCase(
                        name: "step at \(step.time): \(step.label)", classname: classname,
                        problem: ("failure", "step", problem, place + problem), output: step.position.map { "\($0)" }))
            case .expect(let expect):
                let failed = expect.results.filter { !$0.passed }
                let detail = failed.map { result -> String in
                    var text = "\(result.check.position): \(result.summary)"
                    if let rule = result.rule {
                        text += "\n  because [\(rule.id)] \(rule.statement) (\(rule.source); \(rule.evidence))"
                    }
                    return text
                }
                var keys = [String]()
                for result in expect.results where !keys.contains(result.key) { keys.append(result.key) }
                cases.append(
                    TestCase(
                        name: "expect at \(expect.time): " + keys.joined(separator: ", "), classname: classname,
                        problem: failed.first.map {
                            ("failure", "expectation", $0.summary, detail.joined(separator: "\n"))
                        }, output: "\(expect.position)"))
            }
        }
        // Names that repeat in a file get their ordinal: `expect at 1s: focus #2`.
        var counts: [String: Int] = [:]
        for index in cases.indices {
            counts[cases[index].name, default: 0] += 1
            if counts[cases[index].name]! > 1 { cases[index].name += " #\(counts[cases[index].name]!)" }
        }
        suites.append(
            Suite(
                name: platform.map { "\(file) [\($0)]" } ?? file, file: file, cases: cases,
                output: report.warnings.map { "\($0)\n  fix: \($0.finding.fix)" }))
    }

    /// Adds a file that could not be read or is not a valid scenario: one test case in error.
    public mutating func add(_ errors: ScenarioErrors, file: String) {
        let first =
            errors.diagnostics.first.map {
                "\($0.message)\($0.suggestion.map { " (did you mean '\($0)'?)" } ?? ""); expected \($0.expected)"
            } ?? "invalid"
        suites.append(
            Suite(
                name: file, file: file,
                cases: [
                    TestCase(
                        name: "the file loads", classname: Self.classname(file, nil),
                        problem: ("error", "invalid scenario", first, errors.description), output: nil)
                ], output: []))
    }

    /// The document: `<testsuites>` with every suite, in the order added.
    public var xml: String {
        let tests = suites.reduce(0) { $0 + $1.cases.count }
        let failures = suites.reduce(0) { $0 + $1.cases.filter { $0.problem?.kind == "failure" }.count }
        let errors = suites.reduce(0) { $0 + $1.cases.filter { $0.problem?.kind == "error" }.count }
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<testsuites name="arbiter replay" tests="\#(tests)" failures="\#(failures)" errors="\#(errors)">"#,
        ]
        for suite in suites {
            let failed = suite.cases.filter { $0.problem?.kind == "failure" }.count
            let inError = suite.cases.filter { $0.problem?.kind == "error" }.count
            lines.append(
                "  <testsuite name=\"\(Self.escaped(suite.name))\" tests=\"\(suite.cases.count)\" "
                    + "failures=\"\(failed)\" errors=\"\(inError)\" file=\"\(Self.escaped(suite.file))\">")
            for test in suite.cases {
                let head =
                    "    <testcase name=\"\(Self.escaped(test.name))\" classname=\"\(Self.escaped(test.classname))\""
                guard test.problem != nil || test.output != nil else {
                    lines.append(head + "/>")
                    continue
                }
                lines.append(head + ">")
                if let problem = test.problem {
                    lines.append(
                        "      <\(problem.kind) type=\"\(problem.type)\" message=\"\(Self.escaped(problem.message))\">"
                            + Self.escaped(problem.detail, attribute: false) + "</\(problem.kind)>")
                }
                if let output = test.output {
                    lines.append("      <system-out>" + Self.escaped(output, attribute: false) + "</system-out>")
                }
                lines.append("    </testcase>")
            }
            if !suite.output.isEmpty {
                lines.append(
                    "    <system-out>" + Self.escaped(suite.output.joined(separator: "\n"), attribute: false)
                        + "</system-out>")
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `scenarios/ducking/x.yaml` on Android: `scenarios.ducking.x.android`, which reporters show as a class of a
    /// package named for the folder.
    static func classname(_ file: String, _ platform: String?) -> String {
        var name =
            file.hasSuffix(".yaml")
            ? String(file.dropLast(5)) : file.hasSuffix(".yml") ? String(file.dropLast(4)) : file
        while name.hasPrefix("./") || name.hasPrefix("/") { name.removeFirst(name.hasPrefix("/") ? 1 : 2) }
        name = name.replacingOccurrences(of: ".", with: "_").replacingOccurrences(of: "/", with: ".")
        return platform.map { "\(name).\($0)" } ?? name
    }

    /// Text for XML: the five special characters as entities, line breaks kept in text and written as `&#10;` in
    /// attributes, and control characters XML 1.0 cannot hold dropped.
    static func escaped(_ text: String, attribute: Bool = true) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += attribute ? "&quot;" : "\""
            case "\n": out += attribute ? "&#10;" : "\n"
            case "\t": out += attribute ? "&#9;" : "\t"
            case "\r": out += "&#13;"
            default:
                if scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
