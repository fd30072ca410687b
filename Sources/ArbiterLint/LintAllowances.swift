import ArbiterEngine

/// Lints a run does not report, each with the reason it gives: for the whole run, or for one app.
public struct LintAllowances: Hashable, Sendable {
    /// Lint identifier → why it is allowed everywhere.
    public var everywhere: [String: String]
    /// App → lint identifier → why it is allowed for that app.
    public var perApp: [AppID: [String: String]]

    public init(everywhere: [String: String] = [:], perApp: [AppID: [String: String]] = [:]) {
        self.everywhere = everywhere
        self.perApp = perApp
    }

    /// Whether `finding` is silenced.
    public func allows(_ finding: LintFinding) -> Bool {
        everywhere[finding.lint.id] != nil || perApp[finding.app]?[finding.lint.id] != nil
    }
}
