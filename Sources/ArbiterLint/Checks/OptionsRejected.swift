import ArbiterEngine

/// setCategory with options the category refuses: the call throws and the previous configuration stays.
struct OptionsRejected: LintCheck {
    mutating func inspect(_ step: LintedStep, into findings: inout [LintFinding]) {
        guard case .app(let app, .setCategory(let category, _, let options)) = step.outcome.event,
            case .failed(let error) = step.outcome.result, error.rule.id.hasPrefix("options.")
        else { return }
        let kept = step.after.app(app)?.session.category ?? category
        findings.append(
            LintFinding(
                lint: .optionsRejected, app: app, time: step.outcome.time,
                message: "setCategory(\(category), options: \(options)) fails with \(error.code) "
                    + "(\(error.code.codeText)): \(error.rule.statement); the session stays \(kept), whose rules "
                    + "(the Silent switch, background audio) then apply",
                fix: "pass only options \(category) accepts (see `arbiter rules options`), and handle the error "
                    + "setCategory throws instead of ignoring it",
                step: step.index, aboutFailedCall: true))
    }
}

extension Lint {
    static let optionsRejected = Lint(
        id: "options.rejected",
        statement: "setCategory with an option the category refuses throws, and the session keeps its previous "
            + "configuration (often soloAmbient: silenced by the switch, stopped in the background)",
        source: "§2.4 (H17; bluefireteam/audioplayers#1194; baijum/ukulele-companion#319)",
        evidence: .documented,
        fix: "pass only options the category accepts, and handle setCategory's error")
}
