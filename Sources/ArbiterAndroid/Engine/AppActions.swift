import ArbiterEngine

/// What an app's own calls do: requests and abandons, its players, its volume, its death.
extension AndroidEngine {
    /// Performs `action` by app `i`; returns a request's result (for `requestFocus` and `play`).
    mutating func perform(_ action: AndroidAppAction, by i: Int) -> FocusRequestResult? {
        switch action {
        case .requestFocus(let change):
            return requestFocus(entry(for: i, change))
        case .abandonFocus:
            abandonFocus(.app(records[i].id))
        case .start(let name):
            guard let names = players(i, name) else { return nil }
            for name in names { startPlayer(i, name, AndroidRules.appControlsPlayers) }
        case .pause(let name):
            guard let names = players(i, name) else { return nil }
            for name in names { setPlayer(i, name, .paused, AndroidRules.appControlsPlayers) }
        case .stop(let name):
            guard let names = players(i, name) else { return nil }
            for name in names { setPlayer(i, name, .stopped, AndroidRules.appControlsPlayers) }
        case .play(let name):
            guard let names = players(i, name) else { return nil }
            return play(i, names)
        case .setVolume(let name, let volume):
            guard let names = players(i, name) else { return nil }
            guard (0...1).contains(volume) else {
                reject("setVolume expects a volume from 0 to 1, not \(volume)")
                return nil
            }
            for name in names { setOwnVolume(i, name, volume, AndroidRules.appVolume) }
        case .terminate:
            terminate(i)
        case .declarePlayer(let player):
            declarePlayer(i, player)
        }
        return nil
    }

    /// The app makes a player mid-run: stopped, at volume 1, with its own attributes or the app's.
    mutating func declarePlayer(_ i: Int, _ player: AndroidPlayer) {
        guard records[i].player(player.name) == nil else {
            return reject("\(records[i].id.name) already has a player named \(player.name)")
        }
        let attributes = player.attributes ?? records[i].declaration.attributes
        records[i].players.append(PlayerRecord(name: player.name, kind: player.kind, attributes: attributes))
        decide(i, .playerDeclared(player.name, player.kind), AndroidRules.appDeclaresPlayer)
    }

    /// The players a step names (nil: all of them); nil, with a rejection, for a player the app does not have.
    mutating func players(_ i: Int, _ name: String?) -> [String]? {
        let all = records[i].players.map(\.name)
        guard let name else { return all }
        guard all.contains(name) else {
            reject("\(records[i].id.name) has no player named \(name); expected one of \(all.joined(separator: ", "))")
            return nil
        }
        return [name]
    }

    /// A focus-aware player: request focus unless held or awaited, then start if granted (or when granted later).
    mutating func play(_ i: Int, _ names: [String]) -> FocusRequestResult? {
        switch records[i].status {
        case .gain:
            for name in names { startPlayer(i, name, AndroidRules.playRequestsFocus) }
            return nil
        case .delayed:
            records[i].startWhenGranted += names.filter { !records[i].startWhenGranted.contains($0) }
            return nil
        default:
            let result = requestFocus(entry(for: i, FocusRequestChange()))
            switch result {
            case .granted: for name in names { startPlayer(i, name, AndroidRules.playRequestsFocus) }
            case .delayed: records[i].startWhenGranted = names
            case .failed: break
            }
            return result
        }
    }

    /// Starts a player: the framework's duck, fade and nothing else apply to it at once.
    mutating func startPlayer(_ i: Int, _ name: String, _ rule: Rule) {
        guard let p = records[i].player(name), records[i].players[p].state != .started else { return }
        setPlayer(i, name, .started, rule)
        guard !isCar else { return }
        duckOnStart(i, p)
        if fades[records[i].uid] != nil, records[i].players[p].fadingSince == nil, records[i].players[p].shapeable {
            fadeOnStart(i, p)
            records[i].rules["faded"] = AndroidRules.fadeNewPlayer
        }
    }

    mutating func setPlayer(_ i: Int, _ name: String, _ state: AndroidPlayerState, _ rule: Rule) {
        guard let p = records[i].player(name), records[i].players[p].state != state else { return }
        records[i].players[p].state = state
        records[i].rules["playing"] = rule
        decide(i, .player(name, state), rule)
    }

    mutating func setOwnVolume(_ i: Int, _ name: String, _ volume: Double, _ rule: Rule) {
        guard let p = records[i].player(name), records[i].players[p].ownVolume != volume else { return }
        records[i].players[p].ownVolume = volume
        records[i].rules["volume"] = rule
        decide(i, .volume(name, volume), rule)
    }

    /// The process dies: its players stop and its focus goes as if it abandoned.
    mutating func terminate(_ i: Int) {
        decide(i, .terminated, AndroidRules.processDied)
        for player in records[i].players { setPlayer(i, player.name, .stopped, AndroidRules.processDied) }
        records[i].pausedByReaction = []
        abandonFocus(.app(records[i].id), died: true)
    }
}
