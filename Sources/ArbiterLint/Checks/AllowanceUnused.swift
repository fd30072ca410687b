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
    /// The finding for `allowance`, which silenced nothing in a run that ended at `time`. A whole file's entry
    /// names `allowLints` where a finding names its app.
    public static func allowanceUnused(_ allowance: LintAllowances.Entry, at time: Time) -> LintFinding {
        let named = allowance.app == nil ? "" : "allowLints: "
        return LintFinding(
            lint: .allowanceUnused, app: allowance.app ?? AppID("allowLints"), time: time,
            message: "\(named)\(allowance.lint) silences nothing in this run",
            fix: "remove the entry, or check that the steps still make the mistake it was written for", step: nil,
            declaration: allowance.app == nil ? nil : ["allowLints", allowance.lint])
    }
}
