import ArbiterEngine
import ArbiterPipeWire
import ArbiterScenario

#if canImport(Glibc)
    import Glibc
#endif

/// A problem a round met that is not the graph disagreeing with the model.
struct SoakProblem: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension SoakRunner {
    /// One round: a stage comes up with 1 to `apps` apps (streams coming), the apps play, pause, duck and record
    /// through the engine while a second connection unplugs and plugs back accessories as another client would,
    /// the graph is checked against the model, a few plain streams are made, linked and destroyed, and the
    /// round's connections close (streams going); then a scenario of the corpus is replayed on the graph. With
    /// `restart`, the daemon is killed while the connections are open, started again, and the model set up anew
    /// on it. Returns what the round did, for its line.
    func playRound(_ number: Int, restart: Bool) throws -> String {
        let count = Int.random(in: 1...limits.apps, using: &random)
        let setup = SoakPlan.setup(apps: count, using: &random)
        var engine = try Engine(setup)
        let streams = SoakPlan.streams(of: setup.apps)
        var stage: PipeWireStage? = try PipeWireStage(connection: try daemon.connect(), setup: setup)
        var outside: PipeWireConnection? = try daemon.connect()
        figures.apps += count
        figures.streamsCreated += streams
        // Each stage's streams go with its connection (or its daemon), whatever ends the round.
        var stages = 1
        defer { figures.streamsDestroyed += streams * stages }
        var (unplugs, plugs, disagreements) = (0, 0, 0)
        var time = Time.zero
        func step(_ event: Event) throws {
            time = time + .ms(Int64.random(in: 10...1500, using: &random))
            engine.handle(event, at: time)
            try stage!.reconcile(with: engine)
        }
        func check() throws {
            figures.graphChecks += 1
            let problems = try SoakGraphCheck.settle(engine, daemon: daemon)
            disagreements += problems.count
            figures.disagreements += problems.count
            for problem in problems { say("round \(number): the graph disagrees with the model: \(problem)") }
        }
        for index in 0..<Int.random(in: 6...14, using: &random) {
            let plugged = engine.device.accessories.map { AccessorySpec($0.kind, name: $0.name) }
            let unplugged = setup.device.accessories.filter { !plugged.contains($0) }
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<6:
                let app = random.pick(setup.apps)
                try step(.app(app.name, SoakPlan.appAction(for: app, using: &random)))
            case 6..<8 where !plugged.isEmpty:
                for action in try unplug(random.pick(plugged), stage: stage!, outside: outside!) {
                    try step(.device(action))
                }
                unplugs += 1
                figures.unplugs += 1
            case 8 where !unplugged.isEmpty:
                for action in try plug(random.pick(unplugged), stage: stage!, outside: outside!) {
                    try step(.device(action))
                }
                plugs += 1
                figures.plugs += 1
            default:
                try step(.advance)
            }
            if index % 4 == 3 { try check() }
        }
        try check()
        let churned = try churnStreams(on: outside!)
        var said =
            "\(counted(count, "app")) (\(streams) streams), \(counted(unplugs, "unplug")), \(counted(plugs, "plug")), "
            + "\(counted(churned, "plain stream")) made and destroyed"
        if restart {
            let noticed = try killDaemon(under: [stage!.connection, outside!])
            stage = nil
            outside = nil
            try daemon.restart()
            try warmUp()
            figures.restarts += 1
            // The runner reconnects: the model as it was, set up anew on the new daemon.
            let again = try PipeWireStage(connection: try daemon.connect(), setup: setup)
            try again.match(accessories: engine.device.accessories.map { AccessorySpec($0.kind, name: $0.name) })
            try again.reconcile(with: engine)
            stage = again
            figures.streamsCreated += streams
            stages += 1
            try check()
            said += String(
                format: ", daemon killed (noticed in %.3f s) and restarted (pid %d)", noticed, daemon.pid ?? 0)
        }
        stage = nil
        outside = nil
        // The daemon's route bus takes one set of links: the replay's stage comes up once the round's is gone.
        if let replayed = try replayNextScenario(number) { said += ", replayed \(replayed)" }
        return said + (disagreements == 0 ? ", graph agrees" : ", \(counted(disagreements, "disagreement"))")
    }

    /// Unplugs `accessory` from outside (its first node destroyed by another client, as `pw-cli destroy` would)
    /// and returns what the stage's registry reported.
    func unplug(_ accessory: AccessorySpec, stage: PipeWireStage, outside: PipeWireConnection) throws -> [DeviceAction]
    {
        try outside.sync()
        let node = PortNodes.nodes(for: accessory)[0].name
        guard outside.destroyNode(named: node) else {
            throw SoakProblem("\(node) is not in the registry of a second connection, so cannot be unplugged")
        }
        return try reported("the unplug of \(accessory)", by: stage)
    }

    /// Plugs `accessory` back from outside (another client creates its nodes) and returns what the stage's
    /// registry reported once it has seen every node.
    func plug(_ accessory: AccessorySpec, stage: PipeWireStage, outside: PipeWireConnection) throws -> [DeviceAction] {
        let nodes = PortNodes.nodes(for: accessory)
        for node in nodes {
            try outside.createDeviceNode(
                name: node.name, isSource: node.isSource,
                positions: node.isSource || node.port == .bluetoothHFP ? "[ MONO ]" : "[ FL FR ]",
                properties: PortNodes.properties(for: accessory, node: node))
        }
        try outside.sync()
        var rounds = 0
        while !nodes.allSatisfy({ stage.connection.nodeExists($0.name) }) && rounds < 100 {
            try stage.connection.sync()
            rounds += 1
        }
        return try reported("the plug of \(accessory)", by: stage)
    }

    /// What the stage's registry reports, waited for (3 s at most).
    private func reported(_ change: String, by stage: PipeWireStage) throws -> [DeviceAction] {
        let deadline = PipeWireConnection.now + 3
        while PipeWireConnection.now < deadline {
            let actions = try stage.externalActions()
            if !actions.isEmpty { return actions }
            _ = try stage.connection.waitForPortEvent(milliseconds: 100)
        }
        throw SoakProblem("\(change) did not reach the stage's registry within 3 s")
    }

    /// Kills the daemon under open connections; how long until every one of them knew (5 s at most each).
    private func killDaemon(under connections: [PipeWireConnection]) throws -> Double {
        let start = PipeWireConnection.now
        daemon.kill9()
        for connection in connections {
            do {
                try connection.wait(milliseconds: 5000)
                throw SoakProblem("a connection did not notice within 5 s that the daemon was killed")
            } catch is PipeWireError {}
        }
        let noticed = PipeWireConnection.now - start
        figures.deathNoticed.append(noticed)
        return noticed
    }
}
