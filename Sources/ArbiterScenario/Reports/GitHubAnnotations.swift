import ArbiterEngine

/// Workflow commands GitHub Actions turns into annotations on the file and line (`::error file=F,line=L::message`):
/// `arbiter replay` and `arbiter lint` print them when `GITHUB_ACTIONS` is `true`, as GitHub sets it in every job.
public enum GitHubAnnotations {
    /// Whether the environment is a GitHub Actions job.
    public static func enabled(_ environment: [String: String]) -> Bool { environment["GITHUB_ACTIONS"] == "true" }

    /// An `::error` for each check that did not hold and each step that failed, at its place.
    public static func lines<Report: ReplayReport>(for report: Report, platform: String?) -> [String] {
        let half = platform.map { " [\($0)]" } ?? ""
        var lines: [String] = []
        for entry in report.entries {
            switch entry {
            case .step(let step):
                guard let problem = step.problem, let position = step.position else { continue }
                lines.append(command("error", at: position, title: "step failed\(half)", message: problem))
            case .expect(let expect):
                for result in expect.results where !result.passed {
                    let because = result.rule.map { "\nbecause [\($0.id)] \($0.statement) (\($0.source))" } ?? ""
                    lines.append(
                        command(
                            "error", at: result.check.position, title: "\(result.key)\(half)",
                            message: result.summary + because))
                }
            }
        }
        return lines
    }

    /// An `::error` for each problem of a file that is not a valid scenario.
    public static func lines(for errors: ScenarioErrors) -> [String] {
        errors.diagnostics.map {
            let suggestion = $0.suggestion.map { " (did you mean '\($0)'?)" } ?? ""
            return command(
                "error", at: $0.position, title: "invalid scenario",
                message: "\($0.message)\(suggestion); expected \($0.expected)")
        }
    }

    /// A `::warning` for a lint's finding, titled with the lint.
    public static func line(for warning: LintWarning) -> String {
        command(
            "warning", at: warning.position, title: warning.finding.lint.id,
            message: "\(warning.finding.app): \(warning.finding.message)\nfix: \(warning.finding.fix)")
    }

    /// `::KIND file=F,line=L,col=C,title=T::MESSAGE`, each part escaped as the runner reads it.
    static func command(_ kind: String, at position: SourcePosition, title: String, message: String) -> String {
        "::\(kind) file=\(property(position.file)),line=\(position.line),col=\(position.column),"
            + "title=\(property(title))::\(data(message))"
    }

    /// A message: `%`, carriage returns and line feeds escaped.
    static func data(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            case "\r\n": out += "%0D%0A"
            default: out.append(character)
            }
        }
        return out
    }

    /// A property's value: as a message, and `:` and `,` escaped too.
    static func property(_ text: String) -> String {
        var out = ""
        for character in data(text) {
            switch character {
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.append(character)
            }
        }
        return out
    }
}
