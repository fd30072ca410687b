import ArbiterEngine

/// An app deactivates without notifyOthersOnDeactivation while apps it interrupted wait for the end: they are never
/// told they may resume.
struct DeactivationWithoutNotifyingOthers: LintCheck {
    mutating func inspect(_ step: LintedStep, into findings: inout [LintFinding]) {
        var waiting: [AppID: [AppID]] = [:]
        for decision in step.outcome.decisions {
            guard let other = decision.app,
                ["deactivation.without-notify-sends-nothing", "deactivation.ended-without-resume"]
                    .contains(decision.rule.id),
                case .app(let interrupter)? = step.before.app(other)?.session.interruption?.by,
                !waiting[interrupter, default: []].contains(other)
            else { continue }
            waiting[interrupter, default: []].append(other)
        }
        for (app, others) in waiting.sorted(by: { $0.key.name < $1.key.name }) {
            let reaction = step.outcome.reactions.first { $0.app == app && $0.reaction == .deactivate }
            let names = others.map(\.name).joined(separator: ", ")
            findings.append(
                LintFinding(
                    lint: .deactivationWithoutNotifyingOthers, app: app, time: step.outcome.time,
                    message: "deactivated its session without notifyOthers while \(names) "
                        + (others.count == 1 ? "waits" : "wait") + " for the interruption it caused to end: "
                        + "\(names) " + (others.count == 1 ? "is" : "are") + " never told "
                        + (others.count == 1 ? "it" : "they") + " may resume",
                    fix: reaction == nil
                        ? "deactivate with `{ deactivate: { notifyOthers: true } }` "
                            + "(setActive(false, options: .notifyOthersOnDeactivation))"
                        : "react with deactivateNotifyingOthers instead of deactivate",
                    step: step.index,
                    declaration: reaction.map { ["reactions", $0.trigger.description] }))
        }
    }
}

extension Lint {
    static let deactivationWithoutNotifyingOthers = Lint(
        id: "deactivation.without-notify-others",
        statement: "an app that deactivates without notifyOthersOnDeactivation leaves the apps it interrupted "
            + "waiting: they never get interruptionEnded, and their audio stays paused",
        source: "§4.2 (H17; DOC:avfaudio/avaudiosession/setactiveoptions/notifyothersondeactivation; "
            + "zmxv/react-native-sound#894; SEED0; S0-3)",
        evidence: .documented,
        fix: "deactivate with notifyOthersOnDeactivation when the app's audio is done")
}
