import ArbiterEngine

/// An AVPlayerViewController that publishes Now Playing itself plays in an app that publishes its own info: the
/// controller's video takes the lock screen and the commands, and the app's own info is lost.
struct PlayerViewControllerBesideOwnInfo: LintCheck {
    private var reported: Set<AppID> = []

    mutating func instantEnded(_ instant: Instant, into findings: inout [LintFinding]) {
        for app in instant.engine.apps {
            guard let published = app.published, published.info != NowPlayingInfo(),
                let controller = app.players.first(where: {
                    $0.kind == .playerViewController
                        && $0.updatesNowPlayingInfoCenter && $0.state == .playing
                })
            else {
                if app.published == nil { reported.remove(app.id) }
                continue
            }
            guard !reported.contains(app.id) else { continue }
            reported.insert(app.id)
            let step = instant.blame(app.id) { change in
                if case .player(controller.name, .playing) = change { return true }
                if case .nowPlayingInfo = change { return true }
                return false
            }
            findings.append(
                LintFinding(
                    lint: .playerViewControllerBesideOwnInfo, app: app.id, time: instant.time,
                    message:
                        "player \(controller.name) (AVPlayerViewController, updatesNowPlayingInfoCenter) plays while "
                        + "the app publishes its own Now Playing info: the controller publishes its video over it and "
                        + "takes the remote commands, and the app's own audio no longer shows in Control Center",
                    fix: "set updatesNowPlayingInfoCenter to false on \(controller.name) and publish Now Playing "
                        + "yourself, for the video and the audio alike",
                    step: step.index, declaration: ["players", controller.name]))
        }
    }
}

extension Lint {
    static let playerViewControllerBesideOwnInfo = Lint(
        id: "nowplaying.player-view-controller-overrides",
        statement: "AVPlayerViewController publishes Now Playing info and handles remote commands for its player "
            + "(updatesNowPlayingInfoCenter, default true), replacing what the app publishes for its own audio",
        source: "§8.4 (DOC:avkit/avplayerviewcontroller/updatesnowplayinginfocenter; SEED4; S4-1)",
        evidence: .documented,
        fix: "set updatesNowPlayingInfoCenter to false and publish Now Playing yourself")
}
