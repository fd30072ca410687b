import ArbiterAndroid
import ArbiterEngine

/// Makes a PipeWire graph match an Android engine: each player of each app a playback stream (`PlaybackStreams`),
/// running exactly while the player is started, at the volume the engine gives it.
///
/// Android's framework ducks, fades and mutes a player by its volume (PlaybackActivityMonitor's VolumeShapers,
/// FadeOutManager, the in-call mute), so the graph shows all of them as one thing: the stream's channel volumes, the
/// player's own volume × duck × fade × mute (a muted player: 0). A phone or a car here has one output, so nothing is
/// ever relinked.
public final class AndroidStage: @unchecked Sendable {
    /// The streams, one a player.
    let streams: PlaybackStreams
    public var connection: PipeWireConnection { streams.connection }
    /// Whether the replay runs in real time: the volume ramps under way are then played between steps
    /// (`nextRampStep`, `playRamps`); at each step the volume is the engine's at that time either way.
    public var realtime = false

    /// Prepares the graph for `setup`: the route bus linked to the built-in speaker, and an inactive stream for
    /// every player of every app, linked to the bus.
    public init(connection: PipeWireConnection, setup: AndroidSetup) throws(PipeWireError) {
        var declared: [PlaybackStreams.Declared] = []
        for app in setup.apps {
            for player in app.players {
                let attributes = player.attributes ?? app.attributes
                declared.append(
                    PlaybackStreams.Declared(
                        nodeName: AndroidStage.streamName(app.name, player.name), app: app.name.name,
                        player: player.name,
                        role: AndroidStage.role(usage: attributes.usage, contentType: attributes.contentType),
                        properties: [
                            ("android.usage", attributes.usage.rawValue),
                            ("android.content-type", attributes.contentType.rawValue),
                            ("android.uid", String(app.uid)), ("android.player", player.kind.rawValue),
                        ]))
            }
        }
        streams = try PlaybackStreams(connection: connection, declared: declared)
    }

    /// Reconciles the graph with the engine's state at its current time: each stream active exactly while its player
    /// is started, at the player's volume now.
    public func reconcile(with engine: AndroidEngine) throws(PipeWireError) {
        defer { noteRamps(engine) }
        try streams.apply(AndroidStage.wanted(engine))
    }

    /// What the engine asks of each stream now, by node name: active while its player is started, at its volume.
    static func wanted(_ engine: AndroidEngine) -> [String: PlaybackStreams.Wanted] {
        var wanted: [String: PlaybackStreams.Wanted] = [:]
        for (app, player, name, want) in playerWants(engine) {
            _ = (app, player)
            wanted[name] = want
        }
        return wanted
    }

    /// Each player in the order declared, with its stream's node name and what the engine asks of it.
    static func playerWants(_ engine: AndroidEngine)
        -> [(app: String, player: String, nodeName: String, wanted: PlaybackStreams.Wanted)]
    {
        engine.setup.apps.flatMap { app in
            let state = engine.state(of: app.name)
            return app.players.map { player in
                (
                    app.name.name, player.name, streamName(app.name, player.name),
                    PlaybackStreams.Wanted(
                        active: state?.players[player.name] == .started, volume: state?.volumes[player.name] ?? 1)
                )
            }
        }
    }

    /// The node name of the stream for an app's player: `arbiter.APP.PLAYER`.
    public static func streamName(_ app: AppID, _ player: String) -> String { "arbiter.\(app).\(player)" }

    /// The names of the stage's streams.
    public var streamNames: [String] { streams.streamNames }
}
