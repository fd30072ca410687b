import ArbiterEngine

/// A remote play, pause, stop or togglePlayPause handled with `success` that leaves playback as it was: the handler
/// says it acted and did not (or the app has no handler for a command it enabled).
struct RemoteSuccessWithoutActing: LintCheck {
    /// A command handled with success, waiting to be judged: the app, the command, the step that delivered it and
    /// whether the app was playing before it.
    private typealias Handled = (app: AppID, command: RemoteCommand, step: LintedStep, wasPlaying: Bool)
    /// Commands delivered to apps backed by code, whose handlers act in the steps that follow at the same instant.
    private var pending: [Handled] = []

    mutating func inspect(_ step: LintedStep, into findings: inout [LintFinding]) {
        // A step that is not the app's own call ends what its handler did for an earlier command.
        let judged = pending.filter { $0.app != step.caller }
        pending.removeAll { $0.app != step.caller }
        for entry in judged { judge(entry, in: step.before, into: &findings) }
        for decision in step.outcome.decisions {
            guard case .remoteHandled(let command, .success) = decision.change, let app = decision.app,
                decision.rule.id == "remote.to-now-playing",
                [.play, .pause, .stop, .togglePlayPause].contains(command)
            else { continue }
            let entry = (app, command, step, step.before.app(app)?.isPlaying ?? false)
            // A declared app's reaction runs within the step that delivers the command.
            if step.after.app(app)?.config.runsOwnCode == true {
                pending.append(entry)
            } else {
                judge(entry, in: step.after, into: &findings)
            }
        }
    }

    mutating func instantEnded(_ instant: Instant, into findings: inout [LintFinding]) {
        for entry in pending { judge(entry, in: instant.engine, into: &findings) }
        pending = []
    }

    /// Reports `entry` if `engine`, the state once its handler is done, shows the command undone.
    private func judge(_ entry: Handled, in engine: Engine, into findings: inout [LintFinding]) {
        guard let app = engine.app(entry.app) else { return }
        let playing = app.isPlaying
        let acted =
            switch entry.command {
            case .play: playing
            case .pause, .stop: !playing
            default: playing != entry.wasPlaying
            }
        guard !acted else { return }
        let declared = !app.config.runsOwnCode
        let hasReaction = app.config.reactions[.remote(entry.command)] != nil
        let what =
            declared && !hasReaction
            ? "has no reaction to it, so its handler returns success and does "
                + "nothing" : "returned success"
        findings.append(
            LintFinding(
                lint: .remoteSuccessWithoutActing, app: entry.app, time: entry.step.outcome.time,
                message: "got \(entry.command) from the lock screen and \(what): it is still "
                    + (playing ? "playing" : "not playing"),
                fix: declared && !hasReaction
                    ? "add `remote.\(entry.command): \(Self.reaction(for: entry.command))` to reactions, or leave "
                        + "\(entry.command) out of remoteCommands"
                    : "act on the command in its handler (pause or play the player), or return commandFailed when "
                        + "it cannot",
                step: entry.step.index,
                declaration: declared
                    ? (hasReaction ? ["reactions", "remote.\(entry.command)"] : ["remoteCommands"])
                    : nil))
    }

    private static func reaction(for command: RemoteCommand) -> String {
        switch command {
        case .play: "play"
        case .pause: "pause"
        case .stop: "stop"
        default: "togglePlayPause"
        }
    }
}

extension Lint {
    static let remoteSuccessWithoutActing = Lint(
        id: "remote.success-without-acting",
        statement: "a remote command handler that returns success without acting leaves the user's play or pause "
            + "undone while the system believes it worked (an enabled command with no real handler does the same)",
        source: "§8.3 (DOC:mediaplayer/mpremotecommand/addtarget(handler:); MPRemoteCommandHandlerStatus; S2-4)",
        evidence: .documented,
        fix: "act on the command, or return commandFailed; enable only the commands the app handles")
}
