import ArbiterEngine
import ArbiterPipeWire
import ArbiterScenario
import Logging

/// The backend of a live session (`arbiter attach`): a real system the session follows (`RealSystem`). Other
/// programs' streams on a running daemon are the apps: what the graph does becomes engine events
/// (`externalEvents`, in `+Graph`), and the engine's decisions reach the programs as softVolumes ramps, MPRIS
/// pauses and corks (`carryOut`, in `+Programs`). When the session ends, `leave` puts every program back as it was.
public final class LiveBackend: RealSystem {
    /// What acts on the programs: the graph, the MPRIS players and the ledger.
    public let hands: ProgramHands
    var graph: any ProgramGraphAccess { hands.graph }
    let rules: ProgramRules
    let logger: Logger
    /// The streams followed, by node id.
    var programs: [UInt32: Program] = [:]
    /// The apps declared so far, with what they were declared as.
    var declared: [AppID: AppConfig] = [:]
    /// The accessories connected, by device, with the nodes that stand for them.
    var accessories: [String: (spec: AccessorySpec, nodes: Set<UInt32>)] = [:]
    /// The accessories that are a sound card's routes (a jack), by device and route.
    var routeAccessories: [String: AccessorySpec] = [:]
    /// The accessories' keys in the order they were connected to the engine: the last is the newest, the route.
    var connectedOrder: [String] = []
    /// The default sink's node.name at the last look.
    var lastDefaultSink: String?
    /// Streams that are the system's own audio and run, by kind.
    var systemRunning: [SystemAudio: Set<UInt32>] = [:]
    /// The phone stack's call, as last read (ModemManager).
    var modemCall = PhoneCallStatus.idle
    /// Events from elsewhere than the graph (the phone stack), for the next `externalEvents`.
    var pendingEvents: [Event] = []
    /// Apps whose short stream went away, still playing until the hold is over (`shortStreamHold`).
    var held: [AppID: (until: Time, captures: Bool)] = [:]
    /// The engine as of the last event the session handled.
    var engine: Engine?
    /// What the backend did or noticed since the last `takeNotes`, a line each.
    var notes: [String] = []

    /// A backend over `graph` (and the MPRIS players of `players`, when there is a session bus) under `rules`.
    public init(
        graph: ProgramGraphAccess, players: MediaPlayerAccess?, rules: ProgramRules, logger: Logger,
        ledger: LeaveLedger? = nil
    ) {
        hands = ProgramHands(graph: graph, players: players, pause: rules.pause, ledger: ledger, logger: logger)
        self.rules = rules
        self.logger = logger
    }

    /// The lines of what was done to the programs, and what was noticed, since the last call.
    public func takeNotes() -> [String] {
        defer { notes = [] }
        return notes
    }

    /// After the daemon restarted: the new connection. The streams of the old one are gone; the next events say so,
    /// and the programs of the new daemon are taken as they come.
    public func replaceGraph(_ graph: ProgramGraphAccess) {
        hands.replaceGraph(graph)
        // Gone now, not when their ids leave the new graph: the new daemon numbers its own streams from the start,
        // and a new program given an old stream's id is not that stream.
        for id in programs.keys.sorted() { pendingEvents += streamGone(id) }
    }

    /// The node ids of the streams followed.
    public var followedNodes: [UInt32] { programs.keys.sorted() }

    /// Whether something is due by time alone: a stream's stop grace running, an app held, or a player told Pause
    /// whose stream still runs (its pause is confirmed after `pauseGrace`).
    public var awaitsTime: Bool {
        !held.isEmpty
            || programs.values.contains { program in
                if program.stoppedSince != nil { return true }
                guard case .mpris = program.pausedBy else { return false }
                return !program.obeyedPause && !program.pauseChecked && program.isRunning
            }
    }

    // MARK: RealSystem

    /// The engine's state as of the step just handled; the programs follow in `carryOut`, once the session has
    /// handled every event of the moment.
    public func reconcile(with engine: Engine) throws { self.engine = engine }

    /// The programs followed, a line each (the `graph` command).
    public func describe() throws -> [String] {
        let lines = programs.keys.sorted().map { id -> String in
            let program = programs[id]!
            let name = program.node.properties["application.name"] ?? program.node.properties["node.name"] ?? "?"
            var line =
                "\(program.label): \"\(name)\" \(program.node.mediaClass) \(program.node.state.rawValue), "
                + "as \(program.identity.because)"
            if let way = program.pausedBy { line += ", paused by Arbiter (\(way.description))" }
            if program.applied != 1 { line += ", volume ×\(LiveBackend.text(program.applied))" }
            return line
        }
        let devices = accessories.keys.sorted().map { "accessory \(accessories[$0]!.spec) (\($0))" }
        return lines.isEmpty && devices.isEmpty ? ["no programs"] : lines + devices
    }

    static func text(_ value: Float) -> String { Profile.text(Double(value)) }
}
