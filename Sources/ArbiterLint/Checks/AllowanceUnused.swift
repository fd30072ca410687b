import ArbiterEngine

/// An `allowLints` entry that silenced no finding in the whole run. The run ends before it can be judged, so the
/// linter lists these (`Linter.unusedAllowances`) and a scenario's replay places each at its line.
extension Lint {
    static let allowanceUnused = Lint(
        id: "allowlints.unused",
        statement: "An allowLints entry silences no finding in the run: it hides no mistake the scenario makes, and "
            + "would hide the next one of its kind unseen",
        source: "the linter's own bookkeeping, as a compiler warns of a suppression that suppresses nothing",
        evidence: .model,
        fix: "remove the entry, or check that the steps still make the mistake it was written for")
}

extension LintFinding {
    /// Where an app's name goes in a finding about a whole file's (or run's) allowance.
    public static let wholeRun = AppID("allowLints")

    /// The finding for `allowance`, which silenced nothing in a run that ended at `time`. A whole file's entry
    /// names `allowLints` (`wholeRun`) where a finding names its app; `declaration` is `["allowLints", LINT]`.
    public static func allowanceUnused(_ allowance: LintAllowances.Entry, at time: Time) -> LintFinding {
        let named = allowance.app == nil ? "" : "allowLints: "
        return LintFinding(
            lint: .allowanceUnused, app: allowance.app ?? wholeRun, time: time,
            message: "\(named)\(allowance.lint) silences nothing in this run",
            fix: "remove the entry, or check that the steps still make the mistake it was written for", step: nil,
            declaration: ["allowLints", allowance.lint])
    }

    /// The allowance an `allowlints.unused` finding is about; nil for any other finding.
    public var unusedAllowance: LintAllowances.Entry? {
        guard lint == .allowanceUnused, let id = declaration?.last else { return nil }
        return LintAllowances.Entry(app: app == LintFinding.wholeRun ? nil : app, lint: id)
    }
}
