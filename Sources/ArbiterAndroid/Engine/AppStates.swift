import ArbiterEngine

/// What checks read: each app's state and each player's volume now.
extension AndroidEngine {
    /// An app's state now; nil for an app that was never declared.
    public func state(of app: AppID) -> AndroidAppState? {
        guard let i = recordIndex[app] else { return nil }
        let record = records[i]
        var players: [String: AndroidPlayerState] = [:]
        var volumes: [String: Double] = [:]
        for (p, player) in record.players.enumerated() {
            players[player.name] = player.state
            volumes[player.name] = volume(i, p, at: now)
        }
        return AndroidAppState(
            focus: record.status, lastRequest: record.lastRequest, players: players, volumes: volumes,
            ducked: isCar ? record.carDucked : ducks[record.uid] != nil,
            faded: fades[record.uid] != nil, muted: record.players.contains(where: \.muted), rules: record.rules)
    }

    /// The volume of app `i`'s player `p` at `time`: its own × the framework's duck × fade × mute.
    func volume(_ i: Int, _ p: Int, at time: Time) -> Double {
        let player = records[i].players[p]
        let duck = isCar ? (records[i].carDucked ? profile.duckLevel : 1) : duckFactor(i, p, at: time)
        return player.ownVolume * duck * fadeFactor(i, p, at: time) * (player.muted ? 0 : 1)
    }
}
