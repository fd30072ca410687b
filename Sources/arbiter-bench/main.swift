// arbiter-bench: how fast an unplug reaches the graph.
//
// For 1, 16 and 64 playing streams routed to wired headphones, another client destroys the headphones node
// (as `pw-cli destroy` would). The time measured runs from that request to the moment every affected stream
// is relinked to the speaker in the daemon: the registry event arrives, the engine decides, the stage relinks,
// and a round trip confirms the new links exist. Prints median and p99 over the runs.
import ArbiterEngine
import ArbiterPipeWire
#if canImport(Glibc)
import Glibc
#endif

func seconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
}

let runs = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 50 : 50
let headphones = AccessorySpec(.wiredHeadphones)
print("streams  runs  median_ms  p99_ms  max_ms")
for count in [1, 16, 64] {
    let daemon = try PrivateDaemon()
    defer { daemon.stop() }
    let apps = (0..<count).map { index in
        AppConfig(AppID("App\(index)"), backgroundModes: [.audio], category: .playback, options: [.mixWithOthers])
    }
    let setup = Setup(ios: 16, device: DeviceConfig(accessories: [headphones]), apps: apps)
    var engine = try Engine(setup)
    let remote = daemon.runtimeDirectory + "/pipewire-0"
    let stage = try PipeWireStage(connection: try PipeWireConnection(remote: remote), setup: setup)
    let outside = try PipeWireConnection(remote: remote)
    var time = Time.zero
    func step(_ event: Event) throws {
        time = time + .ms(10)
        engine.handle(event, at: time)
        try stage.apply(engine)
    }
    for index in 0..<count { try step(.app(AppID("App\(index)"), .play())) }
    var samples: [Double] = []
    for _ in 0..<runs {
        try outside.sync()
        let start = seconds()
        outside.destroyNode(named: "arbiter.port.headphones")
        var actions: [DeviceAction] = []
        while actions.isEmpty { actions = try stage.externalActions() }
        let detected = seconds()
        for action in actions {
            time = time + .ms(10)
            engine.handle(.device(action), at: time)
        }
        let decided = seconds()
        try stage.apply(engine)   // relinks every stream, then a round trip
        if getenv("ARBITER_BENCH_DETAIL") != nil {
            let parts = [detected - start, decided - detected, seconds() - decided].map { String(format: "%.2f", $0 * 1000) }
            print("  registry \(parts[0]) ms, engine \(parts[1]) ms, relink and round trip \(parts[2]) ms")
        }
        samples.append((seconds() - start) * 1000)
        guard engine.currentRoute.outputTypes == [.builtInSpeaker] else { fatalError("not relinked") }
        for action in try stage.connect(headphones) { try step(.device(action)) }
        guard engine.currentRoute.outputTypes == [.headphones] else { fatalError("not plugged back") }
    }
    let line = [String(count), String(runs), String(format: "%.2f", percentile(samples, 0.5)),
                String(format: "%.2f", percentile(samples, 0.99)), String(format: "%.2f", samples.max()!)]
    print(line.map { $0.padding(toLength: 9, withPad: " ", startingAt: 0) }.joined())
    daemon.stop()
}
