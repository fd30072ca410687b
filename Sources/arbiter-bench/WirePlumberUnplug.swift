import ArbiterPipeWire

#if canImport(Glibc)
    import Glibc
#endif

/// The same unplug under WirePlumber's own policy (0.4, full policy, on a private D-Bus), moving plain `pw-play`
/// streams from the headphones back to the speaker: from the destroy request until the registry shows every
/// stream linked to the speaker, with the moment the node's removal reached a client of the daemon (the delivery
/// WirePlumber waits for, as Arbiter does). `tone` is the WAV file each stream plays; it must outlast the runs.
func measureWirePlumber(
    streams: Int, runs: Int, settle limit: Double, tools: WirePlumberTools,
    tone: String
) throws(BenchFailure) -> [PolicyRun] {
    let (wireplumber, dbus, play) = (tools.wireplumber, tools.dbus, tools.play)
    var helpers: [pid_t] = []
    defer { PrivateDaemonTools.stop(helpers) }
    do {
        // WirePlumber makes its own `default` metadata: leave ours out.
        let configuration = PrivateDaemon.defaultConfiguration.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.contains("metadata.name = default") }.joined(separator: "\n")
        let daemon = try PrivateDaemon(configuration: configuration)
        defer { daemon.stop() }
        let directory = daemon.runtimeDirectory
        let bus = "unix:path=\(directory)/bus"
        var environment = [
            "XDG_RUNTIME_DIR=\(directory)", "PIPEWIRE_RUNTIME_DIR=\(directory)",
            "DBUS_SESSION_BUS_ADDRESS=\(bus)", "PATH=/usr/bin:/bin", "HOME=\(directory)",
        ]
        helpers.append(
            try PrivateDaemonTools.spawn([dbus, "--session", "--nofork", "--address=\(bus)"], environment: environment))
        let busDeadline = seconds() + limit
        while access("\(directory)/bus", F_OK) != 0 {
            guard seconds() < busDeadline else { throw BenchFailure("dbus-daemon opened no socket within \(limit) s") }
            usleep(10_000)
        }
        helpers.append(try PrivateDaemonTools.spawn([wireplumber], environment: environment))
        environment.append("PIPEWIRE_REMOTE=pipewire-0")
        let connection = try PipeWireConnection(remote: directory + "/pipewire-0")
        func waitFor(_ what: String, _ condition: () -> Bool) throws {
            let deadline = seconds() + limit
            while !condition() {
                try connection.sync()
                if seconds() > deadline { throw BenchFailure("WirePlumber did not \(what) within \(Int(limit)) s") }
            }
        }
        func startPlaying(_ index: Int) throws -> pid_t {
            try PrivateDaemonTools.spawn(
                [play, "--volume", "0.1", tone], environment: environment,
                log: "/tmp/arbiter-bench-play.\(index).log")
        }
        var players = try (0..<streams).map(startPlaying)
        defer { helpers += players }
        let speaker = "arbiter.port.builtInSpeaker"
        let phones = "arbiter.port.headphones"
        do {
            // A stream that comes before WirePlumber has seen the sinks is refused ("no node available") and
            // pw-play exits: start it again.
            var restarts = 0
            try waitFor("link the \(streams) streams to the speaker") {
                for index in players.indices
                where PrivateDaemonTools.hasExited(players[index]) && restarts < 10 * streams {
                    restarts += 1
                    if let pid = try? startPlaying(index) { players[index] = pid }
                }
                return connection.linksInto(speaker) >= 2 * streams
            }
        } catch {
            throw BenchFailure("\(error) (\(connection.linksInto(speaker)) of \(2 * streams) channel links made)")
        }
        let outside = try PipeWireConnection(remote: directory + "/pipewire-0")
        var samples: [PolicyRun] = []
        for run in 1...(ArbiterBench.warmUpRuns + runs) {
            try connection.createDeviceNode(
                name: phones, isSource: false, positions: "[ FL FR ]",
                properties: [("priority.session", "2000"), ("device.api", "alsa")])
            try waitFor("move the streams to the new headphones (run \(run))") {
                connection.linksInto(phones) >= 2 * streams && connection.linksInto(speaker) == 0
            }
            try outside.sync()
            _ = connection.takeTimedPortEvents()
            let start = seconds()
            outside.destroyNode(named: phones)
            // Woken by the registry's link events, as Arbiter's side is by the unplug's: no round trips while
            // WirePlumber works.
            guard try connection.waitForLinks(into: speaker, atLeast: 2 * streams, milliseconds: Int(limit * 1000))
            else {
                throw BenchFailure(
                    "WirePlumber did not move the streams back to the speaker within \(Int(limit)) s (run \(run))")
            }
            let done = seconds()
            // The registry's removal of the headphones reached this connection as it reached WirePlumber's.
            guard let removed = connection.takeTimedPortEvents().first(where: { $0.event == .removed(phones) }) else {
                throw BenchFailure("the registry did not report the headphones' removal (run \(run))")
            }
            if run > ArbiterBench.warmUpRuns {
                samples.append(PolicyRun(total: done - start, delivery: removed.moment - start))
            }
        }
        return samples
    } catch let failure as BenchFailure {
        throw failure
    } catch {
        throw BenchFailure("\(error)")
    }
}

/// The programs the WirePlumber comparison runs.
struct WirePlumberTools {
    let wireplumber: String, dbus: String, play: String

    static func find() throws(BenchFailure) -> WirePlumberTools {
        guard let wireplumber = PrivateDaemonTools.find("wireplumber"),
            let dbus = PrivateDaemonTools.find("dbus-daemon"),
            let play = PrivateDaemonTools.find("pw-play")
        else {
            throw BenchFailure(
                "wireplumber, dbus-daemon or pw-play is not installed (tools/bench-unplug.sh installs them)")
        }
        return WirePlumberTools(wireplumber: wireplumber, dbus: dbus, play: play)
    }
}

/// Spawning the helpers of the WirePlumber comparison, and its test tone.
enum PrivateDaemonTools {
    static func find(_ program: String) -> String? {
        ["/usr/bin/\(program)", "/bin/\(program)"].first { access($0, X_OK) == 0 }
    }

    /// Stops helpers, last started first: SIGTERM, and SIGKILL for one still there a second later (dbus-daemon
    /// can outlive a SIGTERM).
    static func stop(_ helpers: [pid_t]) {
        for pid in helpers.reversed() { kill(pid, SIGTERM) }
        let deadline = seconds() + 1
        for pid in helpers {
            var status: Int32 = 0
            while waitpid(pid, &status, WNOHANG) == 0 {
                if seconds() > deadline { kill(pid, SIGKILL) }
                usleep(5_000)
            }
        }
    }

    /// Whether a helper has ended (and is reaped).
    static func hasExited(_ pid: pid_t) -> Bool {
        var status: Int32 = 0
        return waitpid(pid, &status, WNOHANG) == pid
    }

    /// Helpers die with the benchmark, whatever ends it.
    static func spawn(_ arguments: [String], environment: [String], log: String? = nil) throws(BenchFailure) -> pid_t {
        let pid = PrivateDaemon.spawnChild(arguments, environment: environment, log: log)
        guard pid > 0 else { throw BenchFailure("cannot run \(arguments[0])") }
        return pid
    }

    /// A quiet stereo 440 Hz tone as a 16-bit WAV file.
    static func writeTone(_ path: String, seconds: Int) {
        let frames = 48000 * seconds
        var data = [UInt8]()
        func append32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { data += $0 } }
        func append16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { data += $0 } }
        data += Array("RIFF".utf8)
        append32(UInt32(36 + frames * 4))
        data += Array("WAVEfmt ".utf8)
        append32(16)
        append16(1)
        append16(2)
        append32(48000)
        append32(48000 * 4)
        append16(4)
        append16(16)
        data += Array("data".utf8)
        append32(UInt32(frames * 4))
        data.reserveCapacity(data.count + frames * 4)
        for i in 0..<frames {
            let sample = UInt16(bitPattern: Int16(300 * sin(2 * Double.pi * 440 * Double(i) / 48000)))
            append16(sample)
            append16(sample)
        }
        let file = fopen(path, "w")
        data.withUnsafeBytes { _ = fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
    }
}
