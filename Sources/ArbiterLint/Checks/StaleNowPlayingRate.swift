import ArbiterEngine

/// The Now Playing app's own published rate disagrees with its players once an instant is over: paused with rate 1
/// (the lock screen keeps counting), or playing with rate 0 (it stands still).
struct StaleNowPlayingRate: LintCheck {
    /// The app reported and the published info it was reported for: each stale publication is reported once.
    private var reported: (app: AppID, info: PublishedInfo)?

    mutating func instantEnded(_ instant: Instant, into findings: inout [LintFinding]) {
        let engine = instant.engine
        guard let id = engine.nowPlaying, let app = engine.app(id), let published = app.published,
            let view = engine.nowPlayingView(at: engine.now), view.rate == published.info.effectiveRate
        else { return }
        let shown = published.info.effectiveRate
        let playing = app.players.first { $0.isProducing && !$0.kind.isRecorder }
        let actual = playing?.rate ?? 0
        guard abs(shown - actual) > 0.001 else { return }
        if let reported, reported.app == id, reported.info == published { return }
        reported = (id, published)
        let step = instant.blame(id) { change in
            switch change {
            case .player, .playerRate, .nowPlayingInfo: true
            default: false
            }
        }
        let said = published.info.rate == nil ? "published no rate (so 1)" : "published rate \(format(shown))"
        let waiting = app.players.first { $0.state == .playing && $0.isWaiting }
        let message =
            playing == nil
            ? "\(said) but "
                + (waiting.map {
                    "player \($0.name) waits for its stream (timeControlStatus "
                        + "waitingToPlayAtSpecifiedRate)"
                } ?? "none of its players is playing")
                + ": the lock screen's elapsed time keeps counting"
            : "\(said) but player \(playing!.name) plays at rate \(format(actual)): the lock screen's elapsed time "
                + (shown == 0 ? "stands still" : "runs at the wrong speed")
        findings.append(
            LintFinding(
                lint: .staleNowPlayingRate, app: id, time: instant.time, message: message,
                fix: "publish the elapsed time and rate \(format(actual)) whenever playback pauses, plays, seeks or "
                    + "changes speed (`nowPlayingInfo: { elapsed: ..., rate: \(format(actual)) }`; "
                    + "MPNowPlayingInfoPropertyPlaybackRate)",
                step: step.index))
    }

    private func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

extension Lint {
    static let staleNowPlayingRate = Lint(
        id: "nowplaying.stale-rate",
        statement: "the lock screen extrapolates elapsed time from the last published rate (1 when omitted), so an "
            + "app that pauses or plays without publishing the new rate shows a clock that runs on or stands still",
        source: "§8.2 (DOC:mediaplayer/mpnowplayinginfopropertyplaybackrate; SEED1, SEED2, SEED4; S1-3, S2-3)",
        evidence: .documented,
        fix: "publish the elapsed time and the player's rate on every pause, play, seek and rate change")
}
