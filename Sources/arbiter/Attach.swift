import ArbiterEngine
import ArbiterLive
import ArbiterPipeWire
import ArbiterScenario
import ArgumentParser
import Foundation
import Logging

#if canImport(Glibc)
    import Glibc
#endif

/// `arbiter attach`: the policy over other programs' streams on a running PipeWire daemon (docs/linux.md).
struct Attach: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Apply a phone's policy (iOS's, or with --platform Android's or HarmonyOS's focus) to the programs "
            + "playing on a running PipeWire daemon, and explain it.",
        discussion: """
            Every playback and capture stream of another program becomes an app (named and configured by the \
            rules file, else by its media.role's default); ducking becomes a volume ramp on its stream, an \
            interruption an MPRIS Pause (or a cork). Each decision prints with its rule. Lines typed on standard \
            input are REPL commands (`why APP PROPERTY`, `state`, `graph`, `save FILE`, `quit`). On SIGINT or \
            SIGTERM (and, through a guard process, if it is killed) every program is left as it was. With \
            --platform android, androidAutomotive or harmonyos, that platform's audio focus decides instead: each \
            playback stream is an app of the usage its media.role stands for (docs/linux.md).
            """
    )

    @Option(help: ArgumentHelp("The rules file: which program is which app (docs/linux.md).", valueName: "FILE"))
    var rules: String?

    @Option(
        help: ArgumentHelp(
            "The daemon NAME (in $XDG_RUNTIME_DIR, or a path) instead of the default one.",
            valueName: "NAME"))
    var pipewireRemote: String?

    @Flag(help: "Print JSON lines for tools instead of text.")
    var json = false

    @Option(help: ArgumentHelp("When the session ends, save it as a scenario file.", valueName: "FILE"))
    var save: String?

    @Option(help: ArgumentHelp("The session bus for MPRIS (default: $DBUS_SESSION_BUS_ADDRESS).", valueName: "ADDRESS"))
    var bus: String?

    @Option(
        help: ArgumentHelp(
            "The bus of the phone stack's ModemManager, whose calls are calls (default: the "
                + "system bus, when ModemManager is on it).", valueName: "ADDRESS"))
    var phoneBus: String?

    @Option(
        help: ArgumentHelp("Where the changes made to programs are written down, for the guard.", valueName: "PATH"))
    var ledger: String?

    @Option(
        help: ArgumentHelp(
            "Keep the latest N steps for `why`, `history` and `save` (about 800 bytes each).",
            valueName: "N"))
    var keepSteps = 20_000

    @Flag(help: "Start no guard process (the programs are then left changed if arbiter is killed).")
    var noGuard = false

    @Flag(help: .hidden)
    var guardMode = false

    @Option(
        help: ArgumentHelp(
            "Apply a phone's audio focus instead: android (the phone), androidAutomotive (the car) or harmonyos.",
            valueName: "PLATFORM"))
    var platform: String?

    @Option(
        help: ArgumentHelp(
            "With --platform android or androidAutomotive: the Android API level whose focus rules apply, 26 to 36 "
                + "(default 34).", valueName: "N"))
    var sdk: Int?

    @Option(
        help: ArgumentHelp(
            "With --platform harmonyos: the HarmonyOS API level whose focus rules apply, 12 to 20 (default 20).",
            valueName: "N"))
    var api: Int?

    @Option(
        help: ArgumentHelp(
            "Beside a session manager's own role policy: refuse, alongside or meet (lower programs at its role "
                + "nodes; docs/linux.md). Default: the rules' rolePolicy (refuse); alongside with --platform.",
            valueName: "STANCE"))
    var rolePolicy: RolePolicyStance?

    func validate() throws {
        guard keepSteps > 0 else { throw ValidationError("--keep-steps is \(keepSteps); expected 1 or more") }
        _ = try focusChoice()
    }

    func run() throws {
        LoggingSystem.bootstrap { JournalLogHandler(label: $0) }
        let logger = Logger(label: "arbiter")
        let ledgerPath = ledger ?? LeaveLedger.defaultPath(remote: pipewireRemote)
        if guardMode { return runGuard(ledgerPath: ledgerPath, logger: logger) }

        let focus = try focusChoice()
        let programRules = focus == nil ? try loadRules() : ProgramRules(file: "(the platform's role table)")
        var graph: ProgramGraph
        do {
            graph = try ProgramGraph(remote: pipewireRemote)
            try graph.sync()
        } catch {
            print(
                "error: cannot attach to the PipeWire daemon \(remoteName): \(error); "
                    + "expected a running daemon (--pipewire-remote NAME names one in $XDG_RUNTIME_DIR)")
            throw ExitCode(2)
        }
        let stance = rolePolicy ?? (focus != nil ? .alongside : programRules.rolePolicy)
        try checkRolePolicy(graph, stance: stance, logger: logger)
        let players = connectBus(programRules, logger: logger)
        for line in LeaveLedger.undo(path: ledgerPath, graph: graph, players: players) {
            logger.notice("undone from a session that was killed: \(line)")
        }
        let guardProcess = noGuard ? nil : startGuard(ledgerPath: ledgerPath, logger: logger)
        let leaveLedger = LeaveLedger(path: ledgerPath)
        // Every line flushed as it is printed: a tool or a journal reading the output sees each decision at once.
        let policy: any LivePolicy
        var iosSession: LiveSession?
        if let focus {
            policy = try focusSession(focus, graph: graph, players: players, ledger: leaveLedger, logger: logger)
        } else {
            let backend = LiveBackend(
                graph: graph, players: players, rules: programRules, logger: logger, ledger: leaveLedger)
            let session = try LiveSession(rules: programRules, backend: backend, json: json, stepsKept: keepSteps) {
                AttachOutput.line($0)
            }
            iosSession = session
            policy = session
        }
        policy.hands.meetsAtRoleNodes = stance == .meet
        AttachSignals.install()
        let waiter = AttachWait()
        _ = policy.turn(lines: [])
        AttachOutput.line(
            json
                ? "{\"type\":\"attached\",\"programs\":\(policy.followed)}"
                : "attached: \(Attach.programs(policy.followed)) (remote \(remoteName)"
                    + (platform.map { ", platform \($0)" } ?? "") + ")")
        let phone = PhoneStackWatch(address: phoneBus, logger: logger)
        var woken = AttachWait.Woken(phone: true)
        while !AttachSignals.stopRequested {
            if let status = phone?.poll(readable: woken.phone) { policy.phoneStack(status) }
            let (ramping, quit) = policy.turn(lines: woken.lines)
            if quit { break }
            // Asleep until something is said; while a ramp steps or something is due by time alone, soon.
            let timeout: Int32? = ramping ? 25 : policy.awaitsTime ? 50 : nil
            woken = waiter.wait(graph: graph, phone: phone?.descriptor, timeoutMs: timeout)
            if !graph.isAlive && !AttachSignals.stopRequested {
                logger.warning("the PipeWire daemon went away; reattaching")
                guard let again = reattach(logger: logger) else { break }
                graph = again  // the old connection is let go, with its descriptors
                policy.replaceGraph(again)
                logger.notice("reattached; the policy is applied again to the programs there")
            }
        }
        policy.leave()
        try? graph.sync()  // what leaving asked of the daemon is sent and done before the process ends
        AttachOutput.line(
            json
                ? "{\"type\":\"detached\",\"programs\":\(policy.followed)}"
                : "detached: \(Attach.programs(policy.followed)) left as they were")
        if let save, let session = iosSession?.session {
            do {
                try ScenarioWriter.write(session.savedText, to: save)
                logger.info("saved \(ScenarioWriter.stepCount(session.entries)) steps to \(save)")
            } catch {
                logger.error("cannot write \(save): \(error)")
            }
        }
        guardProcess?.finish()
    }

    /// `1 program`, `2 programs`.
    static func programs(_ count: Int) -> String { "\(count) program\(count == 1 ? "" : "s")" }

    /// Refuses to run a second role policy over the session manager's own unless told to run alongside it, or to
    /// lower programs at its role nodes (`meet`).
    private func checkRolePolicy(_ graph: ProgramGraph, stance: RolePolicyStance, logger: Logger) throws {
        let evidence = graph.snapshot().rolePolicy
        switch stance {
        case .meet:
            let said =
                evidence.isEmpty
                ? "no role nodes on this graph yet: each program's own stream carries its gain until some appear"
                : "programs are lowered where they meet, at the session manager's role nodes "
                    + "(\(evidence.joined(separator: "; "))); its own role table must mix every role"
            logger.notice("\(said)")
        case _ where evidence.isEmpty:
            return
        case .refuse:
            print(
                "error: the session manager applies its own role-based policy on this graph, and Arbiter would "
                    + "duck and cork a second time:")
            for line in evidence { print("  \(line)") }
            print(
                "expected no role policy: turn WirePlumber's off (docs/linux.md, \"Beside WirePlumber\"), put "
                    + "`rolePolicy: alongside` in the rules to run both, or `rolePolicy: meet` to lower programs at "
                    + "its role nodes")
            throw ExitCode(1)
        case .alongside:
            let said = evidence.joined(separator: "; ")
            logger.warning("the session manager's own role policy is on (\(said)); running alongside it")
        }
    }

    /// The daemon attached to, as the user named it.
    private var remoteName: String {
        pipewireRemote ?? ProcessInfo.processInfo.environment["PIPEWIRE_REMOTE"] ?? "pipewire-0 (the default)"
    }

    private func loadRules() throws -> ProgramRules {
        guard let path = rules else { return ProgramRules(file: "(role defaults)") }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            print("error: cannot read the rules file \(path); expected a readable YAML file (docs/linux.md)")
            throw ExitCode(2)
        }
        switch ProgramRulesParser.parse(text, file: path) {
        case .success(let rules): return rules
        case .failure(let errors):
            for diagnostic in errors.diagnostics { print(diagnostic.description) }
            throw ExitCode(1)
        }
    }

    private func connectBus(_ rules: ProgramRules, logger: Logger) -> SessionBus? {
        guard rules.pause == .mprisThenCork else { return nil }
        do {
            return try SessionBus(address: bus)
        } catch {
            logger.notice("no session bus (\(error)): programs the policy stops are corked, not paused over MPRIS")
            return nil
        }
    }

    /// A new connection once the daemon is back; nil if asked to stop first.
    private func reattach(logger: Logger) -> ProgramGraph? {
        while !AttachSignals.stopRequested {
            if let graph = try? ProgramGraph(remote: pipewireRemote), (try? graph.sync()) != nil { return graph }
            usleep(250_000)
        }
        return nil
    }

    /// The guard: waits for standard input to close (its parent ended, however it ended), then undoes what the
    /// ledger still lists.
    private func runGuard(ledgerPath: String, logger: Logger) {
        if pipewireRemote != nil { unsetenv("PIPEWIRE_REMOTE") }
        var buffer = [UInt8](repeating: 0, count: 256)
        while read(0, &buffer, buffer.count) > 0 {}  // until the pipe closes: its parent has ended
        guard !LeaveLedger.read(path: ledgerPath).isEmpty else { return }
        guard let graph = try? ProgramGraph(remote: pipewireRemote), (try? graph.sync()) != nil else {
            logger.error("the guard cannot reach the daemon to undo \(ledgerPath)")
            return
        }
        let players = try? SessionBus(address: bus)
        for line in LeaveLedger.undo(path: ledgerPath, graph: graph, players: players) {
            logger.notice("arbiter ended without leaving; undone: \(line)")
        }
        try? graph.sync()  // sent and done before the connection goes
        graph.close()
    }

    private func startGuard(ledgerPath: String, logger: Logger) -> GuardProcess? {
        do {
            return try GuardProcess(
                arguments: ["attach", "--guard-mode", "--ledger", ledgerPath]
                    + (pipewireRemote.map { ["--pipewire-remote", $0] } ?? []) + (bus.map { ["--bus", $0] } ?? []))
        } catch {
            logger.warning("no guard process (\(error)): if arbiter is killed, its next start undoes what it changed")
            return nil
        }
    }
}

extension RolePolicyStance: ExpressibleByArgument {}
