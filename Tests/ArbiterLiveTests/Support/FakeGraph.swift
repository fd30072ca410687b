import ArbiterEngine
import ArbiterScenario
import Logging

@testable import ArbiterLive
@testable import ArbiterPipeWire

/// A daemon's graph of the tests' own: streams and devices set by the test, and every control the backend asks
/// for, recorded and applied as a daemon would publish it.
final class FakeGraph: ProgramGraphAccess {
    var nodes: [UInt32: ProgramNode] = [:]
    var generation: UInt64 = 0
    var calls: [String] = []

    /// The default sink's node.name, as a session manager sets it in the `default` metadata.
    var defaultSink: String? {
        didSet { generation += 1 }
    }

    /// The sound cards and their routes.
    var devices: [ProgramDevice] = [] {
        didSet { generation += 1 }
    }

    /// The links between nodes.
    var links: [ProgramLink] = [] {
        didSet { generation += 1 }
    }

    func snapshot() -> ProgramGraphSnapshot {
        ProgramGraphSnapshot(
            nodes: nodes.keys.sorted().map { nodes[$0]! }, generation: generation, rolePolicy: [],
            defaultSink: defaultSink, devices: devices, links: links.sorted())
    }

    /// A session manager's role node (WirePlumber 0.4's endpoint for `role`), at its own volume.
    func roleNode(_ id: UInt32, role: String, volume: Float = 1) {
        nodes[id] = ProgramNode(
            id: id, mediaClass: "Audio/Sink",
            properties: ["node.name": "control.endpoint.\(role)", "wireplumber.is-endpoint": "true"],
            state: .running, channelVolumes: [volume, volume], softVolumes: [volume, volume], mute: false)
        generation += 1
    }

    /// Links the stream into a node, as the session manager does.
    func link(_ output: UInt32, into input: UInt32) {
        links.append(ProgramLink(output: output, input: input))
    }

    func setChannelVolumes(node: UInt32, _ volumes: [Float]) throws {
        calls.append("channel \(node) \(volumes.map { Profile.text(Double($0)) }.joined(separator: ","))")
        nodes[node]?.channelVolumes = volumes
        nodes[node]?.propsUpdates += 1
        generation += 1
    }

    /// A sound card with a speaker and headphones behind a jack, plugged or not, as ALSA publishes its routes.
    func card(_ id: UInt32, plugged: Bool) {
        func route(_ index: UInt32, _ name: String, _ description: String, _ type: String, available: Bool)
            -> DeviceRoute
        {
            DeviceRoute(
                index: index, isOutput: true, availability: available ? .yes : .no,
                isActive: (index == 1) == plugged, name: name, description: description, portType: type)
        }
        devices = [
            ProgramDevice(
                id: id, name: "alsa_card.test", description: "Card", api: "alsa",
                routes: [
                    route(0, "analog-output-speaker", "Speaker", "speaker", available: true),
                    route(1, "analog-output-headphones", "Headphones", "headphones", available: plugged),
                ])
        ]
    }

    func setSoftVolumes(node: UInt32, _ volumes: [Float], mute: Bool?) throws {
        calls.append("soft \(node) \(volumes.map { Profile.text(Double($0)) }.joined(separator: ","))")
        nodes[node]?.softVolumes = volumes
        nodes[node]?.softMute = mute
        nodes[node]?.propsUpdates += 1
        generation += 1
    }

    func pause(node: UInt32) throws {
        calls.append("pause \(node)")
    }

    func start(node: UInt32) throws {
        calls.append("start \(node)")
    }

    /// A program's playback stream, running or not, with its own volume at `volume` on two channels.
    @discardableResult
    func stream(
        _ id: UInt32, name: String, role: String?, pid: Int32, running: Bool = true, capture: Bool = false,
        volume: Float = 1
    ) -> UInt32 {
        var properties = [
            "application.name": name, "application.process.id": String(pid), "node.name": name.lowercased(),
        ]
        properties["media.role"] = role
        properties["media.class"] = capture ? "Stream/Input/Audio" : "Stream/Output/Audio"
        nodes[id] = ProgramNode(
            id: id, mediaClass: properties["media.class"]!, properties: properties,
            state: running ? .running : .idle, channelVolumes: [volume, volume], softVolumes: [volume, volume],
            mute: false)
        generation += 1
        return id
    }

    /// The user sets the program's own volume (as a mixer does): the converter drops the soft volumes.
    func userSets(_ id: UInt32, volume: Float) {
        nodes[id]?.channelVolumes = [volume, volume]
        nodes[id]?.propsUpdates += 1
        generation += 1
    }

    /// A device node: a sink with these properties.
    func sink(_ id: UInt32, _ properties: [String: String]) {
        nodes[id] = ProgramNode(
            id: id, mediaClass: "Audio/Sink", properties: properties, state: .running,
            channelVolumes: [1, 1], softVolumes: [1, 1], mute: false)
        generation += 1
    }

    /// The program sets its stream's `media.role` (late, as mpv may).
    func setRole(_ id: UInt32, _ role: String?) {
        nodes[id]?.properties["media.role"] = role
        generation += 1
    }

    func set(_ id: UInt32, running: Bool) {
        nodes[id]?.state = running ? .running : .idle
        generation += 1
    }

    func remove(_ id: UInt32) {
        nodes[id] = nil
        generation += 1
    }

    /// The factor a stream's softVolumes carry over its own volume.
    func factor(_ id: UInt32) -> Double {
        guard let node = nodes[id], let soft = node.softVolumes.first, let own = node.channelVolumes.first, own > 0
        else { return -1 }
        return (Double(soft / own) * 1000).rounded() / 1000
    }
}

/// MPRIS players of the tests' own: a player per process given, recording what it is told.
final class FakePlayers: MediaPlayerAccess {
    var players: [MediaPlayer] = []
    var calls: [String] = []
    /// What a player told to pause does to its stream (a real player deactivates it); nil ignores the call.
    var onPause: ((MediaPlayer) -> Void)?
    var onPlay: ((MediaPlayer) -> Void)?

    func add(pid: Int32, name: String) {
        players.append(
            MediaPlayer(
                busName: "org.mpris.MediaPlayer2.\(name)", processID: pid, identity: name,
                playbackStatus: "Playing"))
    }

    func mediaPlayers() throws -> [MediaPlayer] { players }

    /// What the player's PlaybackStatus says from now on.
    func says(_ status: String, name: String) {
        for index in players.indices where players[index].busName == "org.mpris.MediaPlayer2.\(name)" {
            players[index].playbackStatus = status
        }
    }

    func pause(_ player: MediaPlayer) throws {
        calls.append("Pause \(player.busName)")
        onPause?(player)
    }

    func play(_ player: MediaPlayer) throws {
        calls.append("Play \(player.busName)")
        onPlay?(player)
    }
}

/// The session's time, moved by the test.
final class TestClock: @unchecked Sendable {
    var time = Time.zero
}

/// Log messages kept for the tests to read.
final class LogLines: @unchecked Sendable {
    var lines: [String] = []
}

struct CollectingLogHandler: LogHandler {
    let store: LogLines
    var logLevel: Logger.Level = .trace
    var metadata: Logger.Metadata = [:]
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }
    func log(event: LogEvent) { store.lines.append("\(event.level): \(event.message)") }
}

/// A live session over a fake graph and fake players, on a clock the test moves.
final class LiveHarness {
    let graph = FakeGraph()
    let players = FakePlayers()
    let log = LogLines()
    let clock = TestClock()
    let printed = LogLines()
    let live: LiveSession

    init(rules: ProgramRules = ProgramRules(file: "test"), withPlayers: Bool = true) throws {
        let logger = Logger(label: "test") { [log] _ in CollectingLogHandler(store: log) }
        let backend = LiveBackend(graph: graph, players: withPlayers ? players : nil, rules: rules, logger: logger)
        live = try LiveSession(rules: rules, backend: backend, json: false, clock: { [clock] in clock.time }) {
            [printed] line in printed.lines.append(line)
        }
    }

    /// A turn at `time` (seconds), after the graph changed; `lines` typed. Returns what it printed.
    @discardableResult
    func turn(at seconds: Double? = nil, _ lines: [String] = []) -> [String] {
        if let seconds { clock.time = .ms(Int64(seconds * 1000)) }
        let before = printed.lines.count
        _ = live.turn(lines: lines)
        return Array(printed.lines[before...])
    }

    var engine: Engine { live.session.engine }
}

extension LiveHarness {
    /// A player (node 10, process 100, MPRIS `stubborn`) that keeps its stream running when told Pause, playing
    /// Music; an alarm (node 20) starts at 1 s and the player is told Pause over MPRIS.
    static func stubbornPlayerUnderAnAlarm() throws -> LiveHarness {
        let h = try LiveHarness()
        h.players.add(pid: 100, name: "stubborn")
        h.graph.stream(10, name: "Stubborn", role: "Music", pid: 100)
        h.turn(at: 0)
        h.graph.stream(20, name: "Alarm", role: "Alarm", pid: 300)
        h.turn(at: 1)
        return h
    }
}
