import ArbiterLint
import Foundation

/// `arbiter lint --sarif FILE`: the lints' findings as a SARIF 2.1.0 log, which code-scanning tools read (GitHub's
/// among them). One run of the tool `arbiter`: every lint is a rule with its statement, fix, source and evidence; each
/// finding a result at its file, line and column (columns count Unicode code points, as the scenario errors do); a
/// file that is not a valid scenario an `error` result of the rule `scenario.invalid`. Keys in a fixed order, so
/// the same files give the same bytes.
public struct SARIFLog: Sendable {
    /// The rule a file that cannot be read or decoded is reported under.
    public static let invalidScenario = "scenario.invalid"

    private let version: String
    private var results: [JSONObject] = []
    private let rules: [Lint] = Lint.everyPlatform

    /// A log of `arbiter` at `version`.
    public init(version: String) { self.version = version }

    /// Adds a lint's finding, a warning.
    public mutating func add(_ warning: LintWarning) {
        let index = rules.firstIndex(of: warning.finding.lint)
        results.append(
            Self.result(
                rule: warning.finding.lint.id, index: index, level: "warning",
                message: "\(warning.finding.app): \(warning.finding.message)", at: warning.position))
    }

    /// Adds each problem of a file that is not a valid scenario, an error.
    public mutating func add(_ errors: ScenarioErrors) {
        for diagnostic in errors.diagnostics {
            let suggestion = diagnostic.suggestion.map { " (did you mean '\($0)'?)" } ?? ""
            results.append(
                Self.result(
                    rule: Self.invalidScenario, index: rules.count, level: "error",
                    message: "\(diagnostic.message)\(suggestion); expected \(diagnostic.expected)",
                    at: diagnostic.position))
        }
    }

    /// The log, one JSON document and a line break.
    public var json: String {
        var driver = JSONObject()
        driver.add("name", "arbiter")
        driver.add("version", version)
        driver.add("rules", objects: rules.map(Self.descriptor) + [Self.invalidDescriptor])
        var tool = JSONObject()
        tool.add("driver", object: driver)
        var run = JSONObject()
        run.add("tool", object: tool)
        run.add("columnKind", "unicodeCodePoints")
        run.add("results", objects: results)
        var log = JSONObject()
        log.add("$schema", "https://json.schemastore.org/sarif-2.1.0.json")
        log.add("version", "2.1.0")
        log.add("runs", objects: [run])
        return log.text + "\n"
    }

    /// A lint as a SARIF reporting descriptor.
    static func descriptor(_ lint: Lint) -> JSONObject {
        var short = JSONObject()
        short.add("text", summary(lint.statement))
        var full = JSONObject()
        full.add("text", lint.statement)
        var help = JSONObject()
        help.add("text", "Fix: \(lint.fix).\nSource: \(lint.source) (\(lint.evidence)).")
        var level = JSONObject()
        level.add("level", "warning")
        var properties = JSONObject()
        properties.add("source", lint.source)
        properties.add("evidence", lint.evidence.rawValue)
        var descriptor = JSONObject()
        descriptor.add("id", lint.id)
        descriptor.add("name", name(lint.id))
        descriptor.add("shortDescription", object: short)
        descriptor.add("fullDescription", object: full)
        descriptor.add("help", object: help)
        descriptor.add("defaultConfiguration", object: level)
        descriptor.add("properties", object: properties)
        return descriptor
    }

    /// `nowplaying.stale-rate` as a rule name: `NowplayingStaleRate`.
    static func name(_ id: String) -> String {
        id.split(whereSeparator: { $0 == "." || $0 == "-" }).map { $0.prefix(1).uppercased() + $0.dropFirst() }
            .joined()
    }

    /// A statement's first clause (up to its first `;`, `:` or `, so`), for the short description; the whole
    /// statement is the full one.
    static func summary(_ statement: String) -> String {
        let cut = [";", ":", ", so "].compactMap { statement.range(of: $0)?.lowerBound }.min()
        return cut.map { String(statement[..<$0]) } ?? statement
    }

    static var invalidDescriptor: JSONObject {
        var short = JSONObject()
        short.add(
            "text",
            "The file is not a scenario Arbiter can replay: it cannot be read, is not YAML, or breaks the format.")
        var help = JSONObject()
        help.add("text", "Fix what the message names at its line and column (docs/scenario-format.md).")
        var level = JSONObject()
        level.add("level", "error")
        var descriptor = JSONObject()
        descriptor.add("id", invalidScenario)
        descriptor.add("name", "ScenarioInvalid")
        descriptor.add("shortDescription", object: short)
        descriptor.add("help", object: help)
        descriptor.add("defaultConfiguration", object: level)
        return descriptor
    }

    static func result(rule: String, index: Int?, level: String, message: String, at position: SourcePosition)
        -> JSONObject
    {
        var text = JSONObject()
        text.add("text", message)
        var artifact = JSONObject()
        artifact.add("uri", uri(position.file))
        var region = JSONObject()
        region.add("startLine", max(position.line, 1))
        region.add("startColumn", max(position.column, 1))
        var physical = JSONObject()
        physical.add("artifactLocation", object: artifact)
        physical.add("region", object: region)
        var location = JSONObject()
        location.add("physicalLocation", object: physical)
        var result = JSONObject()
        result.add("ruleId", rule)
        if let index { result.add("ruleIndex", index) }
        result.add("level", level)
        result.add("message", object: text)
        result.add("locations", objects: [location])
        return result
    }

    /// A file's path as a URI reference: relative paths stay relative (to where arbiter ran, a repository's root in
    /// CI), absolute ones become `file://` URIs; characters a URI cannot hold are percent-encoded.
    static func uri(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ":")
        let encoded = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        return path.hasPrefix("/") ? "file://" + encoded : encoded
    }
}
