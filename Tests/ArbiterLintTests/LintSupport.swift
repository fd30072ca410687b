import ArbiterEngine
import ArbiterLint

/// Runs `steps` (each at its second) through an engine made from `setup`, with a linter watching, and returns what
/// the linter found once the run is over.
func lints(
    _ setup: Setup, allowing allowances: LintAllowances = LintAllowances(),
    _ steps: [(Double, Event)]
) throws -> [LintFinding] {
    var engine = try Engine(setup)
    var linter = Linter(startingFrom: engine, allowances: allowances)
    for (seconds, event) in steps {
        let outcome = engine.handle(event, at: .seconds(seconds))
        linter.observe(outcome, after: engine)
    }
    linter.finish()
    return linter.findings
}

/// The identifiers of `findings`, in order.
func ids(_ findings: [LintFinding]) -> [String] { findings.map(\.lint.id) }

/// A playback app with the audio background mode.
func player(
    _ name: AppID, commands: [RemoteCommand] = [.play, .pause], kind: PlayerKind = .audioPlayer,
    reactions: [ReactionTrigger: Reaction] = [:]
) -> AppConfig {
    AppConfig(
        name, backgroundModes: [.audio], category: .playback, players: [PlayerConfig(name: "main", kind: kind)],
        remoteCommands: commands, reactions: reactions)
}
