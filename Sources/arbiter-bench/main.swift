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

let runs = CommandLine.arguments.dropFirst().compactMap { Int($0) }.first ?? 50
let headphones = AccessorySpec(.wiredHeadphones)

func report(_ label: String, _ count: Int, _ samples: [Double]) {
    let line = [label, String(count), String(samples.count), String(format: "%.2f", percentile(samples, 0.5)),
                String(format: "%.2f", percentile(samples, 0.99)), String(format: "%.2f", samples.max()!)]
    print(line.map { $0.padding(toLength: 12, withPad: " ", startingAt: 0) }.joined())
}

print(["policy", "streams", "runs", "median_ms", "p99_ms", "max_ms"]
    .map { $0.padding(toLength: 12, withPad: " ", startingAt: 0) }.joined())
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
    report("arbiter", count, samples)
    daemon.stop()
}

// The same unplug under WirePlumber's own policy (0.4, full policy, on a private D-Bus), moving plain
// `pw-play` streams from the headphones back to the speaker. Skipped when WirePlumber is not installed.
if CommandLine.arguments.contains("--no-wireplumber") || PrivateDaemonTools.find("wireplumber") == nil {
    print("(WirePlumber not measured: install wireplumber and dbus to compare)")
    exit(0)
}
let tone = "/tmp/arbiter-bench-tone.wav"
PrivateDaemonTools.writeTone(tone, seconds: 120)
for count in [1, 16, 64] {
    // WirePlumber makes its own `default` metadata: leave ours out.
    let configuration = PrivateDaemon.defaultConfiguration.split(separator: "\n", omittingEmptySubsequences: false)
        .filter { !$0.contains("metadata.name = default") }.joined(separator: "\n")
    let daemon = try PrivateDaemon(configuration: configuration)
    let directory = daemon.runtimeDirectory
    let bus = "unix:path=\(directory)/bus"
    var environment = ["XDG_RUNTIME_DIR=\(directory)", "PIPEWIRE_RUNTIME_DIR=\(directory)",
                       "DBUS_SESSION_BUS_ADDRESS=\(bus)", "PATH=/usr/bin:/bin", "HOME=\(directory)"]
    var helpers: [pid_t] = []
    helpers.append(PrivateDaemonTools.spawn(["/usr/bin/dbus-daemon", "--session", "--nofork", "--address=\(bus)"],
                                            environment: environment))
    while access("\(directory)/bus", F_OK) != 0 { usleep(10_000) }
    helpers.append(PrivateDaemonTools.spawn(["/usr/bin/wireplumber"], environment: environment))
    environment.append("PIPEWIRE_REMOTE=pipewire-0")
    let connection = try PipeWireConnection(remote: directory + "/pipewire-0")
    func waitFor(_ condition: () -> Bool, seconds limit: Double = 10) throws {
        let deadline = seconds() + limit
        while !condition() {
            try connection.sync()
            if seconds() > deadline { fatalError("WirePlumber did not settle") }
        }
    }
    for _ in 0..<count {
        helpers.append(PrivateDaemonTools.spawn(["/usr/bin/pw-play", "--volume", "0.1", tone], environment: environment))
    }
    let speaker = "arbiter.port.builtInSpeaker", phones = "arbiter.port.headphones"
    try waitFor { connection.linksInto(speaker) >= 2 * count }
    let outside = try PipeWireConnection(remote: directory + "/pipewire-0")
    var samples: [Double] = []
    for _ in 0..<runs {
        try connection.createDeviceNode(name: phones, isSource: false, positions: "[ FL FR ]",
                                        properties: [("priority.session", "2000"), ("device.api", "alsa")])
        try waitFor { connection.linksInto(phones) >= 2 * count && connection.linksInto(speaker) == 0 }
        try outside.sync()
        let start = seconds()
        outside.destroyNode(named: phones)
        try waitFor { connection.linksInto(speaker) >= 2 * count }
        samples.append((seconds() - start) * 1000)
    }
    report("wireplumber", count, samples)
    for pid in helpers.reversed() { kill(pid, SIGTERM) }
    for pid in helpers { var status: Int32 = 0; waitpid(pid, &status, 0) }
    daemon.stop()
}
unlink(tone)

/// Spawning the helpers of the WirePlumber comparison, and its test tone.
enum PrivateDaemonTools {
    static func find(_ program: String) -> String? {
        ["/usr/bin/\(program)", "/bin/\(program)"].first { access($0, X_OK) == 0 }
    }

    /// Helpers die with the benchmark, whatever ends it.
    static func spawn(_ arguments: [String], environment: [String]) -> pid_t {
        let pid = PrivateDaemon.spawnChild(arguments, environment: environment)
        if pid <= 0 { fatalError("cannot run \(arguments[0])") }
        return pid
    }

    /// A quiet stereo 440 Hz tone as a 16-bit WAV file.
    static func writeTone(_ path: String, seconds: Int) {
        let frames = 48000 * seconds
        var data = [UInt8]()
        func append32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { data += $0 } }
        func append16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { data += $0 } }
        data += Array("RIFF".utf8); append32(UInt32(36 + frames * 4)); data += Array("WAVEfmt ".utf8)
        append32(16); append16(1); append16(2); append32(48000); append32(48000 * 4); append16(4); append16(16)
        data += Array("data".utf8); append32(UInt32(frames * 4))
        data.reserveCapacity(data.count + frames * 4)
        for i in 0..<frames {
            let sample = UInt16(bitPattern: Int16(300 * sin(2 * Double.pi * 440 * Double(i) / 48000)))
            append16(sample); append16(sample)
        }
        let file = fopen(path, "w")
        data.withUnsafeBytes { _ = fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
    }
}
