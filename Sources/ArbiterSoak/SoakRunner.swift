import ArbiterEngine
import ArbiterPipeWire
import ArbiterScenario

#if canImport(Glibc)
    import Glibc
#endif

/// Runs soak rounds against one daemon until the rounds or the minutes are spent, checks for leaks, and
/// says what it did and found.
public final class SoakRunner {
    /// When the soak stops (after `rounds`, or `seconds`, whichever comes first), the most apps a round stages,
    /// and how often the daemon is restarted and leaks are checked, in rounds.
    public struct Limits {
        var rounds: Int?
        var seconds: Double?
        var apps: Int
        var restartEvery: Int
        var checkEvery: Int

        public init(rounds: Int?, seconds: Double?, apps: Int, restartEvery: Int, checkEvery: Int) {
            self.rounds = rounds
            self.seconds = seconds
            self.apps = apps
            self.restartEvery = restartEvery
            self.checkEvery = checkEvery
        }
    }

    let limits: Limits
    let daemon: SoakDaemon
    let scenarios: [String]
    let quiet: Bool
    /// Prints a line of the soak's output as soon as it is known.
    let say: (String) -> Void
    var random: SoakRandom
    var figures = SoakFigures()
    /// The runner's descriptors after the warm-up, with nothing of the soak's connected.
    private var baseline = FileDescriptorCensus(targets: [:])

    /// A runner of rounds against `daemon`, whose lines go to `say` as they come.
    public init(
        limits: Limits, daemon: SoakDaemon, scenarios: [String], seed: UInt64, quiet: Bool,
        say: @escaping (String) -> Void
    ) {
        self.limits = limits
        self.daemon = daemon
        self.scenarios = scenarios
        self.quiet = quiet
        self.say = say
        random = SoakRandom(seed: seed)
    }

    /// The rounds, the leak checks and the summary; whether nothing leaked, disagreed or failed.
    public func run() -> Bool {
        let start = PipeWireConnection.now
        do {
            try warmUp()
        } catch {
            say("soak: error: the warm-up failed: \(error)")
            return false
        }
        baseline = FileDescriptorCensus.ofThisProcess()
        figures.runnerDescriptors = (baseline.count, baseline.count)
        let resident = FileDescriptorCensus.residentKilobytes()
        figures.residentKilobytes = (resident, resident, resident)
        var failedInARow = 0
        var leaked = false
        while !spent(since: start) {
            let number = figures.rounds + 1
            let roundStart = PipeWireConnection.now
            let restart = daemon.canRestart && limits.restartEvery > 0 && number % limits.restartEvery == 0
            do {
                let said = try playRound(number, restart: restart)
                failedInARow = 0
                if !quiet {
                    say("round \(number): \(said) (\(String(format: "%.2f", PipeWireConnection.now - roundStart)) s)")
                }
            } catch {
                figures.errors += 1
                failedInARow += 1
                say("round \(number): error: \(error)")
                recoverDaemon()
            }
            figures.rounds = number
            figures.roundSeconds.append(PipeWireConnection.now - roundStart)
            if failedInARow >= 5 {
                say("soak: stopping: five rounds in a row failed")
                break
            }
            if number % limits.checkEvery == 0 && !spent(since: start) { leaked = checkLeaks(after: number) || leaked }
        }
        leaked = checkLeaks(after: figures.rounds) || leaked
        figures.summary(wallSeconds: PipeWireConnection.now - start).forEach(say)
        let passed = !leaked && figures.disagreements == 0 && figures.errors == 0
        say(
            passed
                ? "soak: passed: nothing leaked, the graph always agreed with the model"
                : "soak: FAILED: "
                    + [
                        leaked ? "leaks (above)" : nil,
                        figures.disagreements > 0 ? counted(figures.disagreements, "disagreement") : nil,
                        figures.errors > 0 ? counted(figures.errors, "error") : nil,
                    ]
                    .compactMap { $0 }.joined(separator: ", "))
        return passed
    }

    private func spent(since start: Double) -> Bool {
        if let rounds = limits.rounds, figures.rounds >= rounds { return true }
        if let seconds = limits.seconds, PipeWireConnection.now - start >= seconds { return true }
        return false
    }

    /// Checks for leaks and prints what leaked; whether anything did.
    private func checkLeaks(after round: Int) -> Bool {
        let lines = SoakLeakCheck.run(runner: baseline, daemon: daemon, figures: &figures)
        for line in lines { say("leak check after round \(round): \(line)") }
        let leaks = lines.filter { !$0.hasPrefix("note: ") }
        if leaks.isEmpty && !quiet {
            say(
                "leak check after round \(round): nothing leaked (runner \(figures.runnerDescriptors.end) file "
                    + "descriptors, daemon \(figures.daemonDescriptors.end.map(String.init) ?? "?"), resident "
                    + "\(figures.residentKilobytes.end) KB)")
        }
        return !leaks.isEmpty
    }

    /// A stage of one playing app on a connection that then closes: the one-time set-up of libpipewire, of
    /// Foundation's process launching and of the daemon's first client lands before the baselines. Then the
    /// daemon's baseline: the fewest descriptors it holds over a few reads, once the soak's clients are gone.
    func warmUp() throws {
        do {
            let app = AppConfig(AppID("Warmup"), backgroundModes: [.audio], category: .playback)
            let setup = Setup(device: DeviceConfig(foreground: app.name), apps: [app])
            var engine = try Engine(setup)
            engine.handle(.app(app.name, .play()), at: .ms(10))
            let stage = try PipeWireStage(connection: try daemon.connect(), setup: setup)
            try stage.reconcile(with: engine)
            _ = try SoakGraphCheck.settle(engine, daemon: daemon)
        }
        let deadline = PipeWireConnection.now + 5
        while !((try? GraphLeftovers(objects: daemon.dump()).isEmpty) ?? false) && PipeWireConnection.now < deadline {
            usleep(50_000)
        }
        var fewest = daemon.descriptors()
        for _ in 0..<4 {
            usleep(100_000)
            if let now = daemon.descriptors(), now.count < fewest?.count ?? .max { fewest = now }
        }
        daemon.baseline = fewest
        figures.daemonDescriptors = (fewest?.count, fewest?.count)
    }

    /// After a failed round: a private daemon that died is started again.
    private func recoverDaemon() {
        guard daemon.canRestart, let pid = daemon.pid, kill(pid, 0) != 0 || !daemonAnswers() else { return }
        say("soak: the daemon (pid \(pid)) is gone or does not answer; starting another")
        do {
            try daemon.restart()
            try warmUp()
        } catch {
            say("soak: error: cannot start the daemon again: \(error)")
        }
    }

    private func daemonAnswers() -> Bool { (try? daemon.connect()) != nil }
}
