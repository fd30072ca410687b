/// Apps whose own code runs on the simulated phone (ArbiterKit): the code makes its players as it runs and gives them
/// items, and its handlers, not a declared reaction, answer what the app is told.
extension Engine {
    /// App `i` makes player `config.name`, or re-declares the one it has by that name (its kind, video and stream
    /// settings change; its state, items and position stay).
    mutating func declarePlayer(_ i: Int, _ config: PlayerConfig, _ effects: inout Effects) -> StepResult {
        if let p = apps[i].players.firstIndex(where: { $0.name == config.name }) {
            apps[i].players[p].redeclare(as: config)
        } else {
            apps.appendPlayer(Player(config), to: i)
        }
        effects.record(i, .playerDeclared(config.name, config.kind), .codeMakesPlayers)
        if config.kind == .systemMusicPlayer { bringMusicApp(&effects) }
        return .succeeded
    }

    /// Player `name` of app `i` gets `items`: the first is current, from its start, and loads afresh.
    mutating func setItems(_ i: Int, player name: String, _ items: [PlayerItem], _ effects: inout Effects) -> StepResult
    {
        guard let p = apps[i].players.firstIndex(where: { $0.name == name }) else { return .succeeded }
        apps[i].players[p].items = items
        apps[i].players[p].itemIndex = 0
        apps[i].players[p].seek(to: 0, at: now)
        itemChanged(i, p, &effects)
        effects.record(i, .playerItem(name, index: 0, title: items.first?.title), .codeMakesPlayers)
        if items.isEmpty && apps[i].players[p].state == .playing {
            setPlayer(i, p, .paused, rule: .codeMakesPlayers, &effects)
        }
        return .succeeded
    }

    /// The first systemMusicPlayer brings the Music app, named and made as a setup's would be.
    mutating func bringMusicApp(_ effects: inout Effects) {
        guard musicAppIndex == nil else { return }
        let music = AppConfig.musicApp(named: Setup.musicAppName(avoiding: apps.map(\.id)), profile: profile)
        apps.append(App(config: music, lifecycle: .background))
        musicAppIndex = apps.count - 1
        effects.lifecycle(apps.count - 1, .background, .musicAppPlaysForSystemPlayer)
    }

    /// Why app `i` cannot declare this player, if it cannot.
    func playerDeclarationProblem(_ i: Int, _ config: PlayerConfig) -> InputError? {
        guard AppID.isValid(config.name) else {
            return InputError("player name '\(config.name)' is not valid; expected letters, digits, '-' and '_'")
        }
        if config.kind == .recorder, apps[i].players.contains(where: { $0.kind.isRecorder && $0.name != config.name }) {
            return InputError("app '\(apps[i].id)' has a recorder already; expected one recorder an app")
        }
        return nil
    }
}

extension Player {
    /// Takes the declaration of `config` (kind, Now Playing, video, streams, notifications), keeping the state, the
    /// items (the config's are ignored), the position and the rate.
    mutating func redeclare(as config: PlayerConfig) {
        var player = Player(config)
        (player.state, player.items, player.itemIndex, player.itemStatus) = (state, items, itemIndex, itemStatus)
        (player.isBufferEmpty, player.isWaiting, player.pausedByInterruption) = (
            isBufferEmpty, isWaiting, pausedByInterruption
        )
        (player.rate, player.position, player.positionTime) = (rate, position, positionTime)
        self = player
    }
}

extension Rule {
    static let codeMakesPlayers = Rule(
        id: "app-code.players",
        statement: "an app's code makes its players as it runs and gives them items; each then plays as a declared "
            + "player of its kind",
        source: "extension (ArbiterKit: an app's own code on the simulated phone)",
        evidence: .model)
}
