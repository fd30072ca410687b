import ArbiterEngine
import ArbiterHarmony

/// Makes a PipeWire graph match a HarmonyOS engine: each playback stream of each app a real playback stream
/// (`PlaybackStreams`), running exactly while the engine's stream runs, at the volume the system applies to it (the
/// duck factor while ducked). The system's own streams (the call, the alarm, the assistant) play too, under their
/// owners' names. A capturer has no stream here: the graph has no microphone to record.
public final class HarmonyStage: @unchecked Sendable {
    /// The streams, one for each playback stream of the engine.
    let streams: PlaybackStreams
    public var connection: PipeWireConnection { streams.connection }
    /// HarmonyOS ducks at once (no ramp): there is nothing to play between steps.
    public var realtime = false

    /// Prepares the graph for `setup`: the route bus linked to the built-in speaker, and an inactive stream for
    /// every playback stream of every app and of the system.
    public init(connection: PipeWireConnection, setup: HarmonySetup) throws(PipeWireError) {
        var declared: [PlaybackStreams.Declared] = []
        for app in setup.apps + HarmonyEngine.systemApps {
            for stream in app.streams where stream.kind != .audioCapturer {
                let usage = stream.usage ?? .music
                declared.append(
                    PlaybackStreams.Declared(
                        nodeName: HarmonyStage.streamName(app.name, stream.name), app: app.name.name,
                        player: stream.name, role: HarmonyStage.role(usage),
                        properties: [
                            ("harmonyos.usage", usage.rawValue), ("harmonyos.kind", stream.kind.rawValue),
                            ("harmonyos.interrupt-mode", stream.interruptMode.rawValue),
                        ]))
            }
        }
        streams = try PlaybackStreams(connection: connection, declared: declared)
    }

    /// Reconciles the graph with the engine: each stream active exactly while it runs, at its volume now.
    public func reconcile(with engine: HarmonyEngine) throws(PipeWireError) {
        var wanted: [String: PlaybackStreams.Wanted] = [:]
        for (_, _, name, want) in HarmonyStage.streamWants(engine) { wanted[name] = want }
        try streams.apply(wanted)
    }

    /// Each playback stream in the order declared (the apps', then the system's), with its node name and what the
    /// engine asks of it (the system's volume times the app's own; a stream in silent mode plays at 0).
    static func streamWants(_ engine: HarmonyEngine)
        -> [(app: String, player: String, nodeName: String, wanted: PlaybackStreams.Wanted)]
    {
        (engine.setup.apps + HarmonyEngine.systemApps).flatMap { app in
            app.streams.filter { $0.kind != .audioCapturer }.map { stream in
                let status = engine.stream(StreamOwner(app.name, stream.name))
                return (
                    app.name.name, stream.name, streamName(app.name, stream.name),
                    PlaybackStreams.Wanted(
                        active: status?.state == .running,
                        volume: status.map { $0.silent ? 0 : $0.volume * $0.appVolume } ?? 1)
                )
            }
        }
    }

    /// The node name of an app's stream: `arbiter.APP.STREAM`.
    public static func streamName(_ app: AppID, _ stream: String) -> String { "arbiter.\(app).\(stream)" }

    /// `media.role` for a stream usage, in the role names PipeWire and WirePlumber use, the closest to each usage.
    public static func role(_ usage: StreamUsage) -> String {
        switch usage {
        case .unknown, .music, .audiobook, .voiceMessage: "Music"
        case .movie: "Movie"
        case .game: "Game"
        case .voiceCommunication, .videoCommunication, .voiceModemCommunication: "Communication"
        case .ringtone, .voiceRingtone, .notification, .system, .dtmf, .enforcedTone: "Notification"
        case .alarm: "Alarm"
        case .navigation: "Navigation"
        case .voiceAssistant: "Assistant"
        case .accessibility: "Accessibility"
        }
    }

    /// The names of the stage's streams.
    public var streamNames: [String] { streams.streamNames }

    /// Whether `snapshot` shows what the stage last asked of the graph.
    public func isSettled(_ snapshot: GraphSnapshot) -> Bool { streams.isSettled(snapshot) }

    /// Every stream the graph shows otherwise than the engine: `playing` and, while it runs, `volume`.
    public func disagreements(with engine: HarmonyEngine, in snapshot: GraphSnapshot) -> [RealDisagreement] {
        streams.disagreements(with: HarmonyStage.streamWants(engine), in: snapshot)
    }

    public func nextRampStep(after time: Time) -> Time? { nil }
    public func playRamps(at time: Time) {}
}

extension HarmonyStage: RampingStage {}
