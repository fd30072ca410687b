import ArbiterEngine

/// Now Playing info published by an app that cannot become Now Playing: no enabled remote command (and no player
/// that publishes on its own), or a mixable session.
struct NowPlayingInfoWithoutCommands: LintCheck {
    /// Apps reported, until they can show their info.
    private var reported: Set<AppID> = []

    mutating func instantEnded(_ instant: Instant, into findings: inout [LintFinding]) {
        let engine = instant.engine
        for step in instant.steps {
            for decision in step.outcome.decisions {
                guard case .nowPlayingInfo(.some) = decision.change, let id = decision.app,
                    let app = engine.app(id), app.published != nil
                else { continue }
                guard let reason = reason(app) else {
                    reported.remove(id)
                    continue
                }
                guard !reported.contains(id) else { continue }
                reported.insert(id)
                findings.append(
                    LintFinding(
                        lint: .nowPlayingInfoWithoutCommands, app: id, time: instant.time,
                        message:
                            "published Now Playing info, but \(reason.text): the app never becomes Now Playing, so "
                            + "the lock screen never shows it",
                        fix: reason.fix, step: step.index, declaration: reason.declaration))
            }
        }
    }

    private func reason(_ app: App) -> (text: String, fix: String, declaration: [String])? {
        if app.session.isMixable {
            return (
                "its session mixes with others (\(app.session.category) with \(app.session.effectiveOptions))",
                "use a non-mixable session (playback without mixWithOthers) for audio that owns the lock screen",
                ["options"]
            )
        }
        if app.enabledCommands.isEmpty && !app.players.contains(where: \.publishesNowPlaying) {
            return (
                "it has no enabled remote command",
                "register and enable a handler for at least play and pause (`remoteCommands: [play, pause]` with "
                    + "reactions; MPRemoteCommandCenter addTarget)",
                ["remoteCommands"]
            )
        }
        return nil
    }
}

extension Lint {
    static let nowPlayingInfoWithoutCommands = Lint(
        id: "nowplaying.info-never-shown",
        statement: "only a non-mixable app with an enabled remote command becomes Now Playing; the info another app "
            + "publishes is never shown",
        source: "§8.1 (DOC:mediaplayer/handling-external-player-events-notifications; Apple Developer Forums thread "
            + "44842; SEED0; S0-2)",
        evidence: .documented,
        fix: "enable a remote command handler, and use a non-mixable session")
}
