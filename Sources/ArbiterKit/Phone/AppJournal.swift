import ArbiterEngine

/// What an app's code declared that outlives its phone: its players and their items, its session's settings, the
/// commands it handles, what it published for the lock screen. A phone that adopts the app (its objects kept in
/// singletons) declares them again, in that order.
struct AppJournal {
    private var session: [String: AppAction] = [:]
    private var sessionOrder: [String] = []
    private var players: [String: PlayerConfig] = [:]
    private var playerOrder: [String] = []
    private var items: [String: [PlayerItem]] = [:]
    private var commands: [RemoteCommand] = []
    private var nowPlaying: AppAction?

    /// Keeps what a call the engine accepted declared.
    mutating func record(_ action: AppAction) {
        switch action {
        case .setCategory, .setMode, .preferInput, .setPrefersInterruptionOnRouteDisconnect,
            .setPrefersNoInterruptionsFromSystemAlerts, .setVoiceProcessing:
            let key = String(describing: action).prefix { $0 != " " }.description
            sessionOrder.removeAll { $0 == key }
            sessionOrder.append(key)
            session[key] = action
        case .declarePlayer(let config):
            if players[config.name] == nil { playerOrder.append(config.name) }
            players[config.name] = config
        case .setItems(let player, let newItems):
            items[player] = newItems
        case .enableCommands(let added):
            commands += added.filter { !commands.contains($0) }
        case .disableCommands(let removed):
            commands.removeAll { removed.contains($0) }
        case .nowPlayingInfo:
            nowPlaying = action
        default:
            break
        }
    }

    /// The calls that declare it all again, for the players in `livePlayers` (those whose objects the code still has).
    func actions(keepingPlayers livePlayers: Set<String>) -> [AppAction] {
        var actions = sessionOrder.compactMap { session[$0] }
        for name in playerOrder where livePlayers.contains(name) {
            guard let config = players[name] else { continue }
            actions.append(.declarePlayer(config))
            if let items = items[name], !items.isEmpty { actions.append(.setItems(player: name, items)) }
        }
        if !commands.isEmpty { actions.append(.enableCommands(commands)) }
        if let nowPlaying { actions.append(nowPlaying) }
        return actions
    }
}

/// The apps of each name made on any phone (weakly), so that a later phone can adopt one whose phone finished. It
/// keeps every app of a name, not the last one only: suites that run at the same time may install apps of one name.
final class AppRegistry: @unchecked Sendable {
    private let lock = NSLock()
    private var apps: [AppID: [WeakApp]] = [:]

    func register(_ app: SimulatedApp) {
        lock.lock()
        defer { lock.unlock() }
        var known = apps[app.name, default: []].filter { $0.app != nil && $0.app !== app }
        known.append(WeakApp(app: app))
        apps[app.name] = known
    }

    /// The app of `name` whose phone has finished and whose launch returned `code` too, now bound to `phone`.
    func claim(named name: AppID, launchedAgain code: Any, by phone: SimulatedPhone) -> SimulatedApp? {
        lock.lock()
        defer { lock.unlock() }
        return apps[name]?.lazy.compactMap(\.app).first { $0.bind(to: phone, ifLaunchedAgainWith: code) }
    }

    private struct WeakApp {
        weak var app: SimulatedApp?
    }
}
