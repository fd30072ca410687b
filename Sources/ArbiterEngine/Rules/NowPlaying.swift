/// Now Playing: which app owns the lock screen and remote commands, and what the lock screen shows.
extension App {
    /// Whether the app can be Now Playing: it played with a non-mixable session and has an enabled remote
    /// command or a player that publishes Now Playing itself. (Performance conventions: read-only accessors.)
    var isNowPlayingCandidate: Bool {
        @_effects(readonly) get {
            lifecycle != .terminated && nonMixablePlaySerial != nil
                && (!enabledCommands.isEmpty || hasNowPlayingPublisher)
        }
    }
}

extension Engine {
    /// The Now Playing app: the candidate that most recently started playing with a non-mixable session.
    public var nowPlaying: AppID? { nowPlayingIndex.map { apps[$0].id } }

    /// The Now Playing app among `apps`: the candidate that most recently started playing non-mixable.
    static func latestCandidate(among apps: AppTable) -> Int? {
        var best: (index: Int, serial: Int)?
        for i in apps.indices {
            guard let serial = apps[i].nonMixablePlaySerial, serial > best?.serial ?? Int.min,
                apps[i].isNowPlayingCandidate
            else { continue }
            best = (i, serial)
        }
        return best?.index
    }

    /// What the lock screen shows at `time` (at or after the last event), or nil when nothing is Now Playing.
    public func nowPlayingView(at time: Time) -> NowPlayingView? {
        guard let id = nowPlaying, let app = app(id) else { return nil }
        if let player = app.players.first(where: {
            ($0.kind == .playerViewController || $0.playsInMusicApp)
                && $0.publishesNowPlaying
                && ($0.state != .stopped || $0.position > 0)
        }) {
            return NowPlayingView(
                app: id, title: player.currentItem?.title, duration: player.currentItem?.duration,
                elapsed: player.position(at: time), rate: player.effectiveRate)
        }
        guard let published = app.published else { return NowPlayingView(app: id) }
        return NowPlayingView(
            app: id, title: published.info.title, duration: published.info.duration,
            elapsed: published.elapsed(at: time), rate: published.info.effectiveRate)
    }

    mutating func publish(_ i: Int, _ info: NowPlayingInfo?, _ effects: inout Effects) -> StepResult {
        apps[i].published = info.map { PublishedInfo(info: $0, at: now) }
        effects.record(i, .nowPlayingInfo(info), .nowPlayingInfoExtrapolated)
        return .succeeded
    }

    mutating func setCommands(_ i: Int, _ commands: [RemoteCommand], enabled: Bool, _ effects: inout Effects)
        -> StepResult
    {
        let set = Set(apps[i].enabledCommands)
        let next = enabled ? set.union(commands) : set.subtracting(commands)
        apps[i].enabledCommands = RemoteCommand.allCases.filter(next.contains)
        effects.record(i, .commandsEnabled(apps[i].enabledCommands), .disabledCommandsNotSent)
        return .succeeded
    }
}

extension Rule {
    static let nowPlayingEligibility = Rule(
        id: "nowplaying.most-recent-eligible",
        statement: "Now Playing is the app that most recently started playing with a non-mixable session and has an "
            + "enabled remote command (or a player that publishes Now Playing itself); mixable apps never are, nor "
            + "an app playing through systemMusicPlayer (the Music app is); it stays Now Playing after pausing "
            + "until another app takes over or it is terminated",
        source: "DOC:mediaplayer/handling-external-player-events-notifications; Forums 44842; WWDC22 110338 via Axiom",
        evidence: .documented)
    static let nowPlayingInfoExtrapolated = Rule(
        id: "nowplaying.info-extrapolated",
        statement: "the lock screen shows the last published info, its elapsed time extrapolated with its rate "
            + "(1 when omitted), so pausing without publishing rate 0 leaves the clock running",
        source: "DOC:mediaplayer/mpnowplayinginfopropertyelapsedplaybacktime; …/mpnowplayinginfopropertyplaybackrate; "
            + "SEED2; SEED4",
        evidence: .documented)
    static let disabledCommandsNotSent = Rule(
        id: "remote.disabled-not-sent",
        statement: "a remote command whose isEnabled is false is not sent to the app",
        source: "DOC:mediaplayer/mpremotecommand/isenabled",
        evidence: .documented)
}
