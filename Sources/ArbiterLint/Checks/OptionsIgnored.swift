import ArbiterEngine

/// Options the category clears without an error: declared, or passed to setCategory.
struct OptionsIgnored: LintCheck {
    mutating func runStarted(_ engine: Engine, into findings: inout [LintFinding]) {
        for app in engine.apps { declared(app.config, step: nil, time: .zero, into: &findings) }
    }

    mutating func inspect(_ step: LintedStep, into findings: inout [LintFinding]) {
        switch step.outcome.event {
        case .declare(let config) where step.outcome.result == .succeeded:
            declared(config, step: step.index, time: step.outcome.time, into: &findings)
        case .app(let app, .setCategory(let category, let mode, let options)) where step.outcome.result == .succeeded:
            let mode = mode ?? step.before.app(app)?.session.mode ?? .default
            for option in Engine.optionsClearedSilently(options, category: category, mode: mode) {
                findings.append(
                    finding(
                        app, option, category, time: step.outcome.time, step: step.index,
                        declaration: nil))
            }
        default: break
        }
    }

    private func declared(_ config: AppConfig, step: Int?, time: Time, into findings: inout [LintFinding]) {
        for option in Engine.optionsClearedSilently(config.options, category: config.category, mode: config.mode) {
            findings.append(
                finding(
                    config.name, option, config.category, time: time, step: step,
                    declaration: ["options", option.description]))
        }
    }

    private func finding(
        _ app: AppID, _ option: CategoryOption, _ category: Category, time: Time, step: Int?,
        declaration: [String]?
    ) -> LintFinding {
        LintFinding(
            lint: .optionsIgnored, app: app, time: time,
            message: "category \(category) clears \(option) without an error: the option does nothing and "
                + "categoryOptions reads back without it",
            fix: "leave \(option) out for \(category), or use playAndRecord, the category it is for",
            step: step, declaration: declaration)
    }
}

extension Lint {
    static let optionsIgnored = Lint(
        id: "options.ignored",
        statement: "an option the category cannot have and clears without an error (allowAirPlay for record or "
            + "multiRoute) does nothing, though the code reads as if it did",
        source: "§2.2 (H17; DOC:avfaudio/avaudiosession/categoryoptions-swift.struct/allowairplay)",
        evidence: .documented,
        fix: "leave the option out, or use the category it is for")
}
