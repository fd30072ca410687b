import ArbiterPipeWire
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `arbiter soak --attach`: `arbiter attach` run for a long time on a private graph (a daemon, WirePlumber,
/// pipewire-pulse and a session bus), with programs coming and going: players that stay across rounds, prompts and
/// calls that end by themselves or are killed, and the daemon restarted. After each round, once everything has
/// settled, every player must be at its own volume and playing, the ledger empty, and attach alive; its memory and
/// open files are recorded. At the end attach is stopped with SIGTERM and must leave every program as it was.
public final class LiveSoakRunner {
    /// When the soak stops (after `rounds`, or `seconds`, whichever comes first), and how often the daemon is
    /// restarted, in rounds (0: never).
    public struct Limits {
        var rounds: Int?
        var seconds: Double?
        var restartEvery: Int

        public init(rounds: Int?, seconds: Double?, restartEvery: Int) {
            self.rounds = rounds
            self.seconds = seconds
            self.restartEvery = restartEvery
        }
    }

    let limits: Limits
    let arbiter: String
    let standIn: String
    let quiet: Bool
    /// Prints a line of the soak's output as soon as it is known.
    let say: (String) -> Void
    var random: SoakRandom
    let session: PrivateSession
    var attach: pid_t = 0
    var players: [LiveSoakPlayer?] = Array(repeating: nil, count: LiveSoakSlots.names.count)
    var graph: ProgramGraph?
    var figures = LiveSoakFigures()

    /// A runner whose graph is started now; `arbiter` is the executable that runs `attach`, `standIn` the
    /// stand-in program.
    public init(
        limits: Limits, arbiter: String, standIn: String, seed: UInt64, quiet: Bool,
        say: @escaping (String) -> Void
    ) throws {
        self.limits = limits
        self.arbiter = arbiter
        self.standIn = standIn
        self.quiet = quiet
        self.say = say
        random = SoakRandom(seed: seed)
        session = try PrivateSession(pulse: true)
        let directory = session.daemon.runtimeDirectory
        ToneFile.write(seconds: 0.8, to: "\(directory)/prompt.wav", frequency: 330)
        ToneFile.write(seconds: 1.5, to: "\(directory)/call.wav", frequency: 330)
        ToneFile.write(seconds: 60, to: "\(directory)/long.wav", frequency: 330)
    }

    deinit { session.stop() }

    var directory: String { session.daemon.runtimeDirectory }
    var ledgerPath: String { "\(directory)/attach.ledger" }
    var attachLog: String { "\(directory)/attach.log" }
    var attachOutput: String { (try? String(contentsOfFile: attachLog, encoding: .utf8)) ?? "" }

    /// The rounds and the summary; whether there was no problem.
    public func run() -> Bool {
        let start = PipeWireConnection.now
        do {
            attach = try session.spawn(
                [
                    arbiter, "attach", "--pipewire-remote", "\(directory)/pipewire-0",
                    "--ledger", ledgerPath,
                ], log: attachLog)
        } catch {
            say("soak: error: cannot start arbiter attach: \(error)")
            return false
        }
        guard waitUntil(seconds: 20, { attachOutput.contains("attached: ") || session.hasExited(attach) }),
            !session.hasExited(attach)
        else {
            say("soak: error: arbiter attach did not attach; it said:\n\(attachOutput)")
            return false
        }
        var number = 0
        while limits.rounds.map({ number < $0 }) ?? true,
            limits.seconds.map({ PipeWireConnection.now - start < $0 }) ?? true
        {
            number += 1
            let problems = round(number)
            figures.rounds = number
            for problem in problems { say("round \(number): problem: \(problem)") }
            figures.problems += problems.count
            if access(directory, F_OK) != 0 {
                say("soak: stopping: the session's directory \(directory) is gone (removed from outside the soak)")
                figures.problems += 1
                break
            }
            if session.hasExited(attach) {
                say(
                    "soak: stopping: arbiter attach ended; it said:\n\(attachOutput.split(separator: "\n").suffix(20).joined(separator: "\n"))"
                )
                figures.problems += 1
                break
            }
        }
        figures.problems += leave()
        figures.count(attachOutput)
        for line in figures.summary(seconds: PipeWireConnection.now - start) { say(line) }
        let passed = figures.problems == 0
        say(
            passed
                ? "soak: passed: after every round each program was back at its own volume and playing, nothing "
                    + "was left in the ledger, and attach left every program as it was"
                : "soak: failed: \(figures.problems) problems (each above, as `problem:`)")
        return passed
    }

    /// One round: the daemon restarted when it is its turn, players started and stopped, a moment or two, then the
    /// checks once everything settled. Returns the problems.
    func round(_ number: Int) -> [String] {
        let started = PipeWireConnection.now
        var did: [String] = []
        var problems: [String] = []
        if limits.restartEvery > 0 && number % limits.restartEvery == 0 {
            let crash = Bool.random(using: &random)
            let before = attachOutput.components(separatedBy: "reattached").count
            do {
                try session.restartDaemon(crash: crash)
            } catch {
                return ["cannot restart the daemon: \(error)"]
            }
            figures.restarts += 1
            did.append(crash ? "daemon killed and started again" : "daemon restarted")
            for slot in players.indices {
                if let player = players[slot] { session.stop(player.pid) }  // it ends once its daemon is gone
                players[slot] = nil
            }
            if !waitUntil(seconds: 20, { attachOutput.components(separatedBy: "reattached").count > before }) {
                problems.append("attach did not say it reattached within 20 s")
            }
        }
        problems += churn()
        let playing = players.compactMap { $0?.name }
        let count = Int.random(in: 1...2, using: &random)
        for _ in 0..<count {
            let moment = random.pick(LiveSoakMoment.allCases)
            did.append(moment.rawValue)
            problems += perform(moment)
        }
        problems += settle()
        let memory = LiveSoakProcess.residentKB(attach)
        let files = LiveSoakProcess.openFiles(attach)
        figures.record(memory: memory, files: files)
        if !quiet {
            say(
                "round \(number): \(playing.isEmpty ? "no player" : playing.joined(separator: ", ")); "
                    + "\(did.joined(separator: ", ")); attach \(LiveSoakProcess.megabytes(memory)), "
                    + "\(files.map(String.init) ?? "?") files (\(String(format: "%.1f", PipeWireConnection.now - started)) s)"
            )
        }
        return problems
    }

    /// Players stopped and started: each place is emptied one time in four, filled two times in three, and there
    /// is always one player.
    func churn() -> [String] {
        var problems: [String] = []
        for slot in players.indices {
            if let player = players[slot] {
                guard Int.random(in: 0..<4, using: &random) == 0 else { continue }
                session.stop(player.pid)
                players[slot] = nil
            } else if Int.random(in: 0..<3, using: &random) > 0 {
                problems += startPlayer(slot)
            }
        }
        if players.allSatisfy({ $0 == nil }) {
            problems += startPlayer(Int.random(in: 0..<players.count, using: &random))
        }
        return problems
    }

    /// Starts the stand-in in `slot`, with an MPRIS player one time in two, and waits until it plays.
    func startPlayer(_ slot: Int) -> [String] {
        let name = LiveSoakSlots.names[slot]
        let mpris = Bool.random(using: &random)
        let log = "\(directory)/\(name).standin.log"
        unlink(log)  // the log of the place's last player is not read as this one's
        let arguments =
            [standIn, "--name", name, "--log", log] + (LiveSoakSlots.roles[slot].map { ["--role", $0] } ?? [])
            + (mpris ? ["--mpris"] : [])
        guard let pid = try? session.spawn(arguments, log: "\(directory)/\(name).standin.err") else {
            return ["cannot start the stand-in \(standIn)"]
        }
        figures.started += 1
        let player = LiveSoakPlayer(name: name, mpris: mpris, pid: pid, log: log)
        players[slot] = player
        guard waitUntil(seconds: 20, { player.lines.contains { $0.hasPrefix("ready") } || session.hasExited(pid) }),
            !session.hasExited(pid)
        else {
            players[slot] = nil
            return ["\(player.label) did not start playing: \(player.lines.suffix(3).joined(separator: " / "))"]
        }
        // Followed before the round goes on: a player attach first saw after a call began would rightly be let
        // play through it (it mixes with others).
        let node = player.lines.first { $0.hasPrefix("ready ") }?.split(separator: "=").last.map(String.init) ?? "?"
        guard waitUntil(seconds: 10, { attachOutput.contains("program \"\(name)\" (node \(node),") }) else {
            return ["attach did not follow \(player.label) (node \(node)) within 10 s"]
        }
        return []
    }

    /// A moment of the round, carried out until its program has ended.
    func perform(_ moment: LiveSoakMoment) -> [String] {
        let prompt = ["/usr/bin/pw-play", "--media-role", "Navigation", "-P", "{ application.name = \"Maps\" }"]
        let phone = ["/usr/bin/pw-play", "--media-role", "Communication", "-P", "{ application.name = \"Phone\" }"]
        switch moment {
        case .prompt: return runToEnd(prompt + ["\(directory)/prompt.wav"])
        case .call: return runToEnd(["/usr/bin/paplay", "--property=media.role=phone", "\(directory)/call.wav"])
        case .communication: return runToEnd(phone + ["\(directory)/call.wav"])
        case .promptKilled, .playerKilled:
            guard let pid = start(prompt + ["\(directory)/long.wav"]) else { return ["cannot run pw-play"] }
            var problems: [String] = []
            if players.allSatisfy({ $0 == nil }) {
                usleep(300_000)  // no one to duck: the prompt is killed while it plays
            } else if !waitUntil(seconds: 10, { playerFactors().values.contains { $0 < 0.5 } }) {
                problems.append("a prompt ducked no player within 10 s")
            }
            if moment == .playerKilled,
                let slot = players.indices.filter({ players[$0] != nil }).randomElement(using: &random)
            {
                kill(players[slot]!.pid, SIGKILL)
                session.stop(players[slot]!.pid)
                players[slot] = nil
                session.stop(pid)
            } else {
                kill(pid, SIGKILL)
                session.stop(pid)
            }
            return problems
        case .callKilled:
            guard let pid = start(phone + ["\(directory)/long.wav"]) else { return ["cannot run pw-play"] }
            var problems: [String] = []
            if !waitUntil(
                seconds: 10, { players.allSatisfy { player in player.map { $0.streamState != "streaming" } ?? true } })
            {
                problems.append("a call paused not every player within 10 s")
            }
            kill(pid, SIGKILL)
            session.stop(pid)
            return problems
        }
    }

    /// Starts a program of the moment.
    func start(_ arguments: [String]) -> pid_t? {
        let name = (arguments[0] as NSString).lastPathComponent
        guard let pid = try? session.spawn(arguments, log: "\(directory)/\(name).log") else { return nil }
        figures.started += 1
        return pid
    }

    /// Runs a program that ends by itself, and waits until it has.
    func runToEnd(_ arguments: [String]) -> [String] {
        guard let pid = start(arguments) else { return ["cannot run \(arguments[0])"] }
        // Once ended it is reaped: its pid may be another process's by now, and is not signalled.
        if waitUntil(seconds: 20, { session.hasExited(pid) }) { return [] }
        session.stop(pid)
        return ["\(arguments[0]) did not end within 20 s"]
    }

    /// Waits until every player is at its own volume and playing, not left paused, and the ledger is gone; the
    /// problems are what still is not so after 15 s.
    func settle() -> [String] {
        var left: [String] = []
        _ = waitUntil(seconds: 15) {
            left = unsettled()
            return left.isEmpty
        }
        return left
    }

    /// What is not as it should be once everything has settled.
    func unsettled() -> [String] {
        if session.hasExited(attach) { return ["arbiter attach ended"] }
        var found: [String] = []
        if let ledger = try? String(contentsOfFile: ledgerPath, encoding: .utf8) {
            found.append("the ledger still lists \(ledger.split(separator: "\n").joined(separator: "; "))")
        }
        let factors = playerFactors()
        for player in players.compactMap({ $0 }) {
            if let factor = factors[player.pid], abs(factor - 1) > 0.001 {
                found.append("\(player.label) is left at ×\(String(format: "%.3f", factor)) of its own volume")
            } else if factors[player.pid] == nil {
                found.append("\(player.label) has no stream in the graph")
            }
            if player.streamState != "streaming" {
                found.append("\(player.label)'s stream is \(player.streamState ?? "not started")")
            }
            if player.toldPauseLast { found.append("\(player.label) was told Pause over MPRIS and not Play since") }
        }
        return found
    }

    /// Each player's softVolumes over its own channelVolumes, by process, read from the graph.
    func playerFactors() -> [pid_t: Double] {
        if graph.map({ !$0.isAlive }) ?? true {
            graph = try? ProgramGraph(remote: "\(directory)/pipewire-0")
        }
        guard let graph, (try? graph.sync()) != nil else {
            self.graph = nil  // the daemon restarted: connect again next time
            return [:]
        }
        var factors: [pid_t: Double] = [:]
        for node in graph.snapshot().nodes where node.isStream {
            guard let pid = node.processID,
                players.contains(where: { $0?.pid == pid }), let own = node.channelVolumes.first, own > 0
            else { continue }
            factors[pid] = Double(node.softVolumes.first ?? own) / Double(own)
        }
        return factors
    }

    /// SIGTERM to attach: it must say it left every program as it was, and remove its ledger. Returns the problems.
    func leave() -> Int {
        graph?.close()
        graph = nil
        kill(attach, SIGTERM)
        var problems: [String] = []
        if !waitUntil(seconds: 20, { session.hasExited(attach) }) {
            problems.append("attach did not end within 20 s of SIGTERM")
        }
        session.stop(attach)
        if !attachOutput.contains("detached: ") { problems.append("attach did not say `detached:` on SIGTERM") }
        if FileManager.default.fileExists(atPath: ledgerPath) { problems.append("attach left its ledger behind") }
        for problem in problems { say("end: problem: \(problem)") }
        return problems.count
    }

    /// Checks `condition` every 50 ms until it holds or `seconds` pass; whether it held.
    func waitUntil(seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = PipeWireConnection.now + seconds
        while !condition() {
            guard PipeWireConnection.now < deadline else { return false }
            usleep(50_000)
        }
        return true
    }
}
