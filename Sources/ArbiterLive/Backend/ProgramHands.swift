import ArbiterEngine
import ArbiterPipeWire
import ArbiterScenario
import Logging

/// What a live session does to another program's stream, whichever platform's policy decided it: softVolumes set
/// over the program's own volume, a pause over MPRIS when its process owns a player (else a cork), and a resume the
/// way it was paused. Every change is written to the ledger, so that a guard can undo it if Arbiter is killed.
/// The iOS backend (`LiveBackend`) and the focus platforms' live session (`LiveFocusSession`) act through one.
public final class ProgramHands {
    /// The daemon's programs, acted on.
    public private(set) var graph: any ProgramGraphAccess
    let players: (any MediaPlayerAccess)?
    let pauseMethod: PauseMethod
    let ledger: LeaveLedger?
    let logger: Logger
    /// Where the programs' gains are carried: their own softVolumes, or the role nodes they meet at.
    var gains = GainCarrier()

    /// Hands on `graph`'s programs (and on `players`, when there is a session bus), pausing as `pause` says, writing
    /// what they change to `ledger`.
    public init(
        graph: any ProgramGraphAccess, players: (any MediaPlayerAccess)?, pause: PauseMethod = .mprisThenCork,
        ledger: LeaveLedger? = nil, logger: Logger
    ) {
        self.graph = graph
        self.players = players
        self.pauseMethod = pause
        self.ledger = ledger
        self.logger = logger
    }

    /// After the daemon restarted: the new connection's programs.
    func replaceGraph(_ graph: any ProgramGraphAccess) { self.graph = graph }

    /// Pauses the program whose stream is `node`: over MPRIS when its process owns a player and the pause method
    /// allows, else with a cork. Returns how, or nil when not even the cork could be made (the error is logged).
    func pause(_ node: ProgramNode, label: String) -> PauseWay? {
        if pauseMethod == .mprisThenCork, let players, let pid = node.processID {
            do {
                if let player = PlayerMatch.player(forProcess: pid, among: try players.mediaPlayers()) {
                    try players.pause(player)
                    return .mpris(player)
                }
            } catch {
                logger.warning("MPRIS pause of \(label) failed (\(error)); corking it instead")
            }
        }
        return cork(node.id, label: label) ? .cork : nil
    }

    /// Corks a stream: its node is paused, its program is not told. Whether it was (the error is logged).
    func cork(_ node: UInt32, label: String) -> Bool {
        do {
            try graph.pause(node: node)
            return true
        } catch {
            logger.error("could not cork \(label): \(error)")
            return false
        }
    }

    /// A cork lasts until the daemon starts the node again (relinked after an idle spell): a corked stream seen not
    /// running has its cork lapse (`lapsed`), and seen running after that is corked again. Whether it was.
    func recorkIfLapsed(_ lapsed: inout Bool, node: ProgramNode, label: String) -> Bool {
        guard node.state == .running else {
            lapsed = true
            return false
        }
        guard lapsed else { return false }
        lapsed = false
        return cork(node.id, label: label)
    }

    /// Resumes a program the way it was paused: uncorked, and told Play when it was told Pause.
    func resume(_ node: UInt32, _ way: PauseWay) throws {
        if way.corks { try graph.start(node: node) }
        if let player = way.player { try players?.play(player) }
    }

    /// Whether a player told Pause says so itself (its `PlaybackStatus` is `Paused` or `Stopped`), though its stream
    /// may run on writing silence (browsers and Electron apps do). False when it says otherwise, or the bus cannot
    /// tell (the player is gone, or the bus fails).
    func saysPaused(_ player: MediaPlayer) -> Bool {
        guard let players, let now = try? players.mediaPlayers().first(where: { $0.busName == player.busName })
        else { return false }
        return now.playbackStatus == "Paused" || now.playbackStatus == "Stopped"
    }

    /// After Pause over MPRIS, once its stream ran on for the grace: the pause holds when the player says it is
    /// paused (it writes silence); otherwise the stream is corked too.
    func confirmPause(_ node: UInt32, player: MediaPlayer, label: String) -> PauseCheck {
        if saysPaused(player) { return .saysPaused }
        logger.warning("\(label) did not pause when its player \(player.busName) was told to; corking it too")
        return cork(node, label: label) ? .corkedToo : .corkFailed
    }

    /// Whether role nodes carry the gains the programs linked into them share (`rolePolicy: meet`).
    public var meetsAtRoleNodes: Bool {
        get { gains.meet }
        set { gains.meet = newValue }
    }

    /// Sets what the stream's converter applies (and its soft mute, when given), leaving the program's own volume
    /// alone: used to put a program back as it was.
    func setSoftVolumes(_ node: UInt32, _ volumes: [Float], mute: Bool?) throws {
        try graph.setSoftVolumes(node: node, volumes, mute: mute)
    }

    /// Makes the program's stream carry `factor` over its own volume (`base`, its channelVolumes) and its own
    /// mute; `again` when its softVolumes may have been put out of use (someone set its volume or mute). Sent at
    /// once, or, with meeting points on, at `flush`, with every other program's of the turn, where the role node
    /// they meet at may carry what they share. A set that fails is logged as `label`'s.
    func setGain(_ node: UInt32, factor: Float, over base: [Float], mute: Bool?, again: Bool, label: String) {
        gains.wanted[node] = factor
        gains.wishes[node] = GainCarrier.Wish(factor: factor, base: base, mute: mute, again: again)
        if !gains.meet { send(gains.sets(for: nil), labels: [node: label]) }
    }

    /// Whether the stream published Props that none of Arbiter's sets account for: the user set its volume or mute.
    func someoneElseSetProps(_ node: ProgramNode) -> Bool {
        guard var carried = gains.programs[node.id] else {
            gains.programs[node.id] = GainCarrier.Carried(propsSeen: node.propsUpdates)
            return false
        }
        defer { gains.programs[node.id] = carried }
        return GainCarrier.someoneElseSetProps(&carried, now: node)
    }

    private func send(_ sets: [GainCarrier.Set], labels: [UInt32: String] = [:]) {
        for set in sets {
            do {
                switch set.kind {
                case .program: try graph.setSoftVolumes(node: set.node, set.volumes, mute: set.mute)
                case .meetingPoint: try graph.setChannelVolumes(node: set.node, set.volumes)
                }
                gains.sent(set)
            } catch {
                let what = set.kind == .program ? labels[set.node] ?? "node \(set.node)" : "role node \(set.node)"
                logger.error("could not set the volume of \(what): \(error)")
            }
            if set.kind == .meetingPoint {
                let own = gains.points[set.node]?.over ?? []
                ledger?.notePoint(node: set.node, own: set.factor == 1 ? nil : own)
            }
        }
    }

    /// Puts every role node Arbiter lowered back to its own volume.
    func restoreMeetingPoints() {
        for (node, own) in gains.loweredPoints {
            try? graph.setChannelVolumes(node: node, own)
            gains.points[node]?.factor = 1
        }
    }

    /// Writes down what the stream carries of Arbiter's now: its volume lowered, its pause.
    func note(_ node: ProgramNode, lowered: Bool, pausedBy: PauseWay?) {
        ledger?.note(node: node.id, processID: node.processID, lowered: lowered, pausedBy: pausedBy)
    }

    /// The stream is gone: nothing of it is left to undo.
    func forget(_ node: UInt32) {
        ledger?.forget(node)
        gains.wanted[node] = nil
        gains.wishes[node] = nil
        gains.programs[node] = nil
    }

    /// Once a turn, after the programs were changed: with meeting points on, the turn's gains are sent (the role
    /// nodes' among them), over `snapshot` when the caller has one of this turn; then the ledger is written when it
    /// changed.
    func flush(over snapshot: ProgramGraphSnapshot? = nil) {
        if gains.meet { send(gains.sets(for: snapshot ?? graph.snapshot())) }
        ledger?.flush()
    }

    /// Everything was undone: the role nodes lowered are put back, and the ledger goes.
    func cleared() {
        restoreMeetingPoints()
        ledger?.clear()
    }
}

/// What checking a pause over MPRIS found, once the program's stream ran on for the grace.
enum PauseCheck {
    /// Its player says it is paused: it writes silence, and the pause holds.
    case saysPaused
    /// Its player says it still plays: its stream was corked too (the way is `.mprisAndCork`).
    case corkedToo
    /// Its player still plays, and the cork failed (logged): it is left as it is.
    case corkFailed
}

/// How Arbiter paused a program.
enum PauseWay: Equatable, CustomStringConvertible {
    /// Told Pause over MPRIS, and it paused.
    case mpris(MediaPlayer)
    /// Corked: its node paused, the program not told.
    case cork
    /// Told Pause over MPRIS, and corked too, since its player said it still played.
    case mprisAndCork(MediaPlayer)

    /// Whether its stream's node is corked.
    var corks: Bool {
        switch self {
        case .mpris: false
        case .cork, .mprisAndCork: true
        }
    }

    /// The player told Pause, if any.
    var player: MediaPlayer? {
        switch self {
        case .mpris(let player), .mprisAndCork(let player): player
        case .cork: nil
        }
    }

    var description: String {
        switch self {
        case .mpris(let player): "MPRIS \(player.busName)"
        case .cork: "corked"
        case .mprisAndCork(let player): "MPRIS \(player.busName) and corked"
        }
    }

    /// As the ledger writes it: `cork`, the bus name, or `cork+` and the bus name.
    var ledgerText: String {
        switch self {
        case .mpris(let player): player.busName
        case .cork: "cork"
        case .mprisAndCork(let player): "cork+" + player.busName
        }
    }
}
