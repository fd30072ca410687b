import ArbiterEngine

/// A declared app handles a remote command (`remote.<command>` reaction) it never enables: the command is never sent
/// to it, so the handler never runs.
struct RemoteHandlerNeverEnabled: LintCheck {
    /// For each app, every command it had enabled at some point of the run.
    private var everEnabled: [AppID: Set<RemoteCommand>] = [:]

    mutating func runStarted(_ engine: Engine, into findings: inout [LintFinding]) {
        for app in engine.apps { everEnabled[app.id, default: []].formUnion(app.enabledCommands) }
    }

    mutating func inspect(_ step: LintedStep, into findings: inout [LintFinding]) {
        for decision in step.outcome.decisions {
            guard case .commandsEnabled(let commands) = decision.change, let app = decision.app else { continue }
            everEnabled[app, default: []].formUnion(commands)
        }
        if case .declare(let config) = step.outcome.event {
            everEnabled[config.name, default: []].formUnion(config.remoteCommands)
        }
    }

    mutating func runEnded(_ engine: Engine, into findings: inout [LintFinding]) {
        for app in engine.apps where !app.config.runsOwnCode && !app.config.isMusicApp {
            let handled = app.config.reactions.keys.compactMap { trigger -> RemoteCommand? in
                if case .remote(let command) = trigger { return command }
                return nil
            }
            let byPlayer = app.players.contains(where: \.publishesNowPlaying)
            for command in RemoteCommand.allCases
            where handled.contains(command)
                && !everEnabled[app.id, default: []].contains(command)
                && !(byPlayer && Engine.playerHandledCommands.contains(command))
            {
                findings.append(
                    LintFinding(
                        lint: .remoteHandlerNeverEnabled, app: app.id, time: engine.now,
                        message: "handles remote.\(command) but never enables \(command): the lock screen, Control "
                            + "Center and headsets never send it, so the handler never runs",
                        fix: "add \(command) to remoteCommands (or enable it with `enableCommands: [\(command)]`; "
                            + "MPRemoteCommand.isEnabled), or remove the handler",
                        step: nil, declaration: ["reactions", "remote.\(command)"]))
            }
        }
    }
}

extension Lint {
    static let remoteHandlerNeverEnabled = Lint(
        id: "remote.handler-never-enabled",
        statement: "a remote command whose handler is registered but never enabled is never sent: the handler is "
            + "dead code and the control does nothing",
        source: "§8.3 (DOC:mediaplayer/mpremotecommand/isenabled)",
        evidence: .documented,
        fix: "enable the command, or remove its handler")
}
