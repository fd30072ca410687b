import ArbiterPipeWire

#if canImport(Glibc)
    import Glibc
#endif

/// The policy that lowers the Music programs under the Navigation prompt.
enum DuckPolicy {
    /// WirePlumber 0.4's role policy: it lowers the Multimedia endpoint node every Music stream plays through
    /// (its monitorVolumes), one gain for all of them.
    case wirePlumber
    /// `arbiter attach` (with WirePlumber only linking): it lowers each Music stream's own softVolumes.
    case arbiter(binary: String, rules: String?)
    /// `arbiter attach --role-policy meet`, with WirePlumber linking every stream through the role nodes of
    /// `roleNodes` (`tools/wireplumber`, every role mixing): it lowers the Multimedia node's channelVolumes, one gain
    /// for every Music stream.
    case arbiterMeeting(binary: String, rules: String?, roleNodes: String)

    var name: String {
        switch self {
        case .wirePlumber: "wireplumber"
        case .arbiter: "arbiter"
        case .arbiterMeeting: "arbiter-meet"
        }
    }

    /// What it lowers, as the benchmark prints it.
    func gains(programs: Int) -> String {
        switch self {
        case .wirePlumber: "1 gain, the Multimedia endpoint's monitorVolumes"
        case .arbiter: "\(programs - 1) gains, each Music stream's softVolumes"
        case .arbiterMeeting: "1 gain, the Multimedia role node's channelVolumes"
        }
    }
}

/// One Navigation prompt over the Music programs, in seconds.
struct DuckRun {
    /// From the Navigation node's appearance in the registry to the first, and to the last, Music gain the
    /// watcher saw lowered.
    var firstDucked: Double, ducked: Double
    /// From the Navigation node's removal from the registry to the first, and to the last, Music gain the watcher
    /// saw raised again.
    var firstRestored: Double, restored: Double
    /// From the Navigation node's appearance to its stream running (linked, its sound flowing), when it did
    /// before it ended.
    var navigationRunning: Double?

    /// From the Navigation stream's running to every Music gain lowered: negative for a policy that lowers them
    /// before the prompt is heard.
    var duckedAfterRunning: Double? { navigationRunning.map { ducked - $0 } }
}

/// A gain the policy lowers: the node and which of its published volumes.
struct DuckTarget {
    let id: Int
    let level: KeyPath<WatchedNode, Double?>
}

/// What the duck benchmark is given.
struct DuckSettings {
    var runs: Int, programs: Int, hold: Double, settle: Double, watcher: String
    /// The latency the programs ask for, in frames (nil: pw-play's own).
    var quantum: Int? = nil
}

/// The duck under one policy: `settings.runs` Navigation prompts (after the warm-up ones) over `programs - 1`
/// playing Music programs. Returns the runs, whether the watcher ran at real-time priority, and what the policy
/// said when it started (Arbiter's `attached` line).
func measureDuck(
    _ policy: DuckPolicy, _ settings: DuckSettings, tools: WirePlumberTools,
    tone: String
) throws(BenchFailure) -> (runs: [DuckRun], realtime: Bool, said: String?) {
    let isWirePlumber = if case .wirePlumber = policy { true } else { false }
    var roleNodes: String?
    switch policy {
    case .wirePlumber: break
    case .arbiter(let binary, _): try ArbiterAttach.check(binary)
    case .arbiterMeeting(let binary, _, let nodes):
        try ArbiterAttach.check(binary)
        roleNodes = nodes
    }
    let graph = try DuckGraph(
        rolePolicy: isWirePlumber, roleNodes: roleNodes, programs: settings.programs, tone: tone,
        quantum: settings.quantum, tools: tools,
        watcher: settings.watcher, settle: settings.settle)
    defer { graph.stop() }
    let watcher = graph.watcher
    var said: String?
    var attached: (pid: pid_t, log: String)?
    let targets: [DuckTarget]
    /// The Multimedia node, once every Music stream is checked to play through it.
    func multimediaNode() throws(BenchFailure) -> Int {
        guard let endpoint = watcher.node(named: DuckGraph.multimediaEndpoint) else {
            throw BenchFailure("WirePlumber made no \(DuckGraph.multimediaEndpoint) node")
        }
        // Every Music stream must play through the endpoint, or lowering it would not lower them all.
        do {
            let connection = try PipeWireConnection(remote: graph.remote)
            let links = connection.linksInto(DuckGraph.multimediaEndpoint)
            guard links >= 2 * graph.music.count else {
                throw BenchFailure(
                    "only \(links) of the Music streams' \(2 * graph.music.count) channel links go into "
                        + "\(DuckGraph.multimediaEndpoint) (\(connection.linksInto(DuckGraph.speaker)) into the speaker)"
                )
            }
        } catch let failure as BenchFailure {
            throw failure
        } catch {
            throw BenchFailure("\(error)")
        }
        return endpoint
    }
    func startArbiter(_ binary: String, _ rules: String?, _ extra: [String]) throws(BenchFailure) {
        let log = graph.daemon.runtimeDirectory + "/arbiter.log"
        let rulesFile: String
        if let rules {
            rulesFile = rules
        } else {
            rulesFile = try ArbiterAttach.musicMixes(in: graph.daemon.runtimeDirectory)
        }
        let attach = try ArbiterAttach.start(
            binary: binary, rules: rulesFile, extra: extra, remote: graph.remote,
            environment: graph.environment, log: log, within: settings.settle)
        graph.adopt(attach.pid)
        said = attach.attached
        attached = (attach.pid, log)
        try watcher.drain(for: 0.5)  // whatever it sets as it attaches
    }
    switch policy {
    case .wirePlumber:
        targets = [DuckTarget(id: try multimediaNode(), level: \.monitor)]
    case .arbiter(let binary, let rules):
        try startArbiter(binary, rules, [])
        targets = graph.musicStreams.map { DuckTarget(id: $0, level: \.soft) }
    case .arbiterMeeting(let binary, let rules, _):
        let node = try multimediaNode()
        try startArbiter(binary, rules, ["--role-policy", "meet"])
        targets = [DuckTarget(id: node, level: \.channel)]
    }
    var samples: [DuckRun] = []
    for run in 1...(ArbiterBench.warmUpRuns + settings.runs) {
        do throws(BenchFailure) {
            let sample = try prompt(run, graph: graph, targets: targets, settings: settings)
            if run > ArbiterBench.warmUpRuns { samples.append(sample) }
        } catch {
            // A policy that went away explains a duck that never came.
            if let attached, PrivateDaemonTools.hasExited(attached.pid) {
                throw BenchFailure(
                    "arbiter attach ended during run \(run) (\(ArbiterAttach.lastWords(in: attached.log)))")
            }
            throw error
        }
    }
    return (samples, watcher.isRealtime, said)
}

/// One Navigation prompt: the program starts, every target gain goes down, the program plays `hold` seconds more
/// and ends, every target gain comes back up.
private func prompt(
    _ run: Int, graph: DuckGraph, targets: [DuckTarget],
    settings: DuckSettings
) throws(BenchFailure) -> DuckRun {
    let watcher = graph.watcher
    func level(_ target: DuckTarget) -> Double? { watcher.nodes[target.id]?[keyPath: target.level] }
    guard graph.musicPlays else { throw BenchFailure("run \(run): a Music program no longer plays") }
    let full = targets.map(level)
    guard full.allSatisfy({ $0 != nil }) else { throw BenchFailure("run \(run): a Music gain is not published") }
    let navigation = try graph.play("Navigation", role: "Navigation")
    defer { PrivateDaemonTools.stop([navigation]) }
    var appeared: (id: Int, at: Double)?
    var lowered: [Int: Double] = [:]
    var deadline = seconds() + settings.settle
    while lowered.count < targets.count {
        guard let event = try watcher.next(before: deadline) else {
            throw BenchFailure(
                appeared == nil
                    ? "run \(run): the Navigation program did not show in the registry"
                    : "run \(run): \(lowered.count) of \(targets.count) Music gains lowered within \(settings.settle) s"
            )
        }
        switch event {
        case .node(let id, let at, let mediaClass, _, let application, _)
        where application == "Navigation" && mediaClass == "Stream/Output/Audio" && appeared == nil:
            appeared = (id, at)
        case .gain(let id, let at, _, _, _) where appeared != nil:
            for (index, target) in targets.enumerated() where target.id == id && lowered[index] == nil {
                if let now = level(target), now < full[index]! - 0.001 { lowered[index] = at }
            }
        default: break
        }
    }
    try watcher.drain(for: settings.hold)
    let ducked = targets.map(level)
    let started = watcher.nodes[appeared!.id]?.firstRunning
    kill(navigation, SIGTERM)
    var removed: Double?
    var raised: [Int: Double] = [:]
    deadline = seconds() + settings.settle
    while raised.count < targets.count {
        guard let event = try watcher.next(before: deadline) else {
            throw BenchFailure(
                removed == nil
                    ? "run \(run): the Navigation node did not leave the registry"
                    : "run \(run): \(raised.count) of \(targets.count) Music gains raised within \(settings.settle) s")
        }
        switch event {
        case .gone(let id, let at) where id == appeared!.id: removed = at
        case .gain(let id, let at, _, _, _) where removed != nil:
            for (index, target) in targets.enumerated() where target.id == id && raised[index] == nil {
                if let now = level(target), let before = ducked[index], now > before + 0.001 { raised[index] = at }
            }
        default: break
        }
    }
    // The next run starts from every gain back where it was.
    try watcher.wait(for: "run \(run): every Music gain back at its level", within: settings.settle) { _ in
        targets.indices.allSatisfy { index in (level(targets[index]) ?? 0) >= full[index]! - 0.001 }
    }
    try watcher.drain(for: 0.2)
    let start = appeared!.at
    let end = removed!
    return DuckRun(
        firstDucked: lowered.values.min()! - start, ducked: lowered.values.max()! - start,
        firstRestored: raised.values.min()! - end, restored: raised.values.max()! - end,
        navigationRunning: started.map { $0 - start })
}
