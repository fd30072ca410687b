import ArbiterEngine
import ArbiterPipeWire

/// One unplug under Arbiter, in parts: the registry event's delivery to the stage's connection, the wake-up of
/// the thread waiting for it, the engine's decision, and the relink with the round trip that confirms it.
struct UnplugParts {
    var delivery = 0.0, wakeup = 0.0, engine = 0.0, relink = 0.0
    var total: Double { delivery + wakeup + engine + relink }
    static let names = ["delivery", "wake-up", "engine", "relink"]
    var values: [Double] { [delivery, wakeup, engine, relink] }
    var run: PolicyRun { PolicyRun(total: total, delivery: delivery) }
}

/// `streams` playing apps routed to wired headphones; another client destroys the headphones node (as
/// `pw-cli destroy` would), and the time runs until every stream plays to the speaker: the registry event
/// arrives, the engine decides, the stage relinks the route bus, and the registry shows the new links.
func measureArbiter(streams: Int, runs: Int) throws(BenchFailure) -> [UnplugParts] {
    let headphones = AccessorySpec(.wiredHeadphones)
    let speaker = "arbiter.port.builtInSpeaker"
    let phones = "arbiter.port.headphones"
    do {
        let daemon = try PrivateDaemon()
        defer { daemon.stop() }
        let apps = (0..<streams).map { index in
            AppConfig(AppID("App\(index)"), backgroundModes: [.audio], category: .playback, options: [.mixWithOthers])
        }
        let setup = Setup(ios: 16, device: DeviceConfig(accessories: [headphones]), apps: apps)
        var engine = try Engine(setup)
        let remote = daemon.runtimeDirectory + "/pipewire-0"
        let stage = try PipeWireStage(connection: try PipeWireConnection(remote: remote), setup: setup)
        // The thread that waits for the unplug, as the connection's own thread, where the system allows it.
        if stage.connection.isRealtime { PipeWireConnection.makeCallingThreadRealtime() }
        let outside = try PipeWireConnection(remote: remote)
        var time = Time.zero
        func handle(_ event: Event) {
            time = time + .ms(10)
            engine.handle(event, at: time)
        }
        for index in 0..<streams { handle(.app(AppID("App\(index)"), .play())) }
        try stage.reconcile(with: engine)
        var samples: [UnplugParts] = []
        for run in 1...(ArbiterBench.warmUpRuns + runs) {
            try outside.sync()
            let start = seconds()
            outside.destroyNode(named: phones)
            var events: [(action: DeviceAction, moment: Double)] = []
            while events.isEmpty {
                guard try stage.connection.waitForPortEvent(milliseconds: 5000) else {
                    throw BenchFailure("run \(run): no registry event within 5 s of destroying \(phones)")
                }
                events = stage.deliveredExternalActions()
            }
            let woken = seconds()
            for event in events { handle(.device(event.action)) }
            let decided = seconds()
            try stage.reconcile(with: engine)  // relinks the route bus, then a round trip
            while stage.connection.linksInto(speaker) < 2 { try stage.connection.sync() }
            let done = seconds()
            guard engine.currentRoute.outputTypes == [.builtInSpeaker] else {
                throw BenchFailure("run \(run): the route after the unplug is \(engine.currentRoute.outputTypes)")
            }
            if run > ArbiterBench.warmUpRuns {
                samples.append(
                    UnplugParts(
                        delivery: events[0].moment - start, wakeup: woken - events[0].moment,
                        engine: decided - woken, relink: done - decided))
            }
            for action in try stage.connect(headphones) { handle(.device(action)) }
            try stage.reconcile(with: engine)
            guard engine.currentRoute.outputTypes == [.headphones] else {
                throw BenchFailure("run \(run): the headphones were not plugged back")
            }
            while stage.connection.linksInto(phones) < 2 { try stage.connection.sync() }
        }
        return samples
    } catch let failure as BenchFailure {
        throw failure
    } catch {
        throw BenchFailure("\(error)")
    }
}
