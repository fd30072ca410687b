import ArbiterPipeWire
import ArbiterScenario
import ArbiterSoak
import ArgumentParser
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension Arbiter {
    /// `arbiter soak`: the PipeWire backend run for a long time, ending with nothing leaked.
    struct Soak: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run the PipeWire backend for a long time and check that nothing leaks or disagrees.",
            discussion: """
                Each round brings a stage up with a varying number of apps, has them play, pause, duck and record \
                through the engine while a second connection unplugs and plugs back accessories as another \
                client would, checks the graph (read with pw-dump) against the model, makes and destroys plain \
                streams, closes its connections, and replays a scenario of the corpus on the graph. Every \
                --restart-every rounds the private daemon is killed under open connections and started again. \
                Every --check-every rounds and at the end, with every connection closed: the runner's file \
                descriptors and the daemon's are back to their baselines, and no Arbiter stream, link, \
                accessory node or client is left in the daemon. Exit status: 0 nothing leaked, disagreed or \
                failed; 1 otherwise (each leak, disagreement and error is a line of its own); 2 an option out \
                of range, no scenario files at --scenarios or one that is missing or invalid, PipeWire that cannot be used, or a daemon that \
                already holds Arbiter's objects.
                """)

        @Option(help: ArgumentHelp("Run for this long (60 unless --rounds is given).", valueName: "N"))
        var minutes: Double?

        @Option(
            help: ArgumentHelp(
                "Stop after this many rounds (and after --minutes, when both are given).",
                valueName: "N"))
        var rounds: Int?

        @Option(help: ArgumentHelp("At most this many apps in a round's stage (1 to 64).", valueName: "N"))
        var apps = 6

        @Option(
            help: ArgumentHelp(
                "The seed of the rounds' choices; the same seed makes the same rounds.",
                valueName: "N"))
        var seed: UInt64 = 1

        @Option(
            help: ArgumentHelp(
                "Kill the private daemon and start another every N rounds (0: never).",
                valueName: "N"))
        var restartEvery = 5

        @Option(help: ArgumentHelp("Check for leaks every N rounds, besides at the end.", valueName: "N"))
        var checkEvery = 10

        @Option(
            help: ArgumentHelp(
                "Replay an iOS scenario of PATH (files or a directory) each round; an empty PATH "
                    + "replays none.", valueName: "PATH"))
        var scenarios = "scenarios"

        @Option(
            help: ArgumentHelp(
                "Use the running PipeWire daemon NAME (in $XDG_RUNTIME_DIR) instead of a "
                    + "private one; it is never restarted, and its own file descriptors are reported, not judged (its other "
                    + "clients change them).",
                valueName: "NAME"))
        var pipewireRemote: String?

        @Flag(help: "Print only problems and the summary, not a line a round.")
        var quiet = false

        @Flag(
            help: ArgumentHelp(
                "Soak `arbiter attach` on a private graph with programs coming and going instead "
                    + "(20 rounds unless --rounds or --minutes is given; --seed and --restart-every apply)."))
        var attach = false

        /// What is wrong with the options, or nil.
        func problem() -> String? {
            if let minutes, !(minutes > 0) {
                return "--minutes \(String(format: "%g", minutes)): expected a number of minutes above 0"
            }
            if let rounds, rounds < 1 { return "--rounds \(rounds): expected 1 or more" }
            if !(1...64).contains(apps) { return "--apps \(apps): expected 1 to 64 apps" }
            if restartEvery < 0 { return "--restart-every \(restartEvery): expected 0 (never) or more" }
            if checkEvery < 1 { return "--check-every \(checkEvery): expected 1 or more" }
            return nil
        }

        func run() throws {
            if let problem = problem() {
                print("error: \(problem)")
                throw ExitCode(2)
            }
            if attach { return try runAttach() }
            let paths = scenarios.isEmpty ? [] : ScenarioFiles.expand([scenarios])
            if !scenarios.isEmpty && paths.isEmpty {
                print(
                    "error: --scenarios \(scenarios): no .yaml files there; expected scenario files, or an empty "
                        + "PATH to replay none")
                throw ExitCode(2)
            }
            // Every scenario is read before the first round: a missing or invalid one is unusable input. The soak's
            // rounds are iOS's: Android and cross-platform files are left to `arbiter replay --pipewire`.
            var unusable = false
            var iosFiles: [String] = []
            for file in paths {
                switch ScenarioFiles.loadDocument(file) {
                case .failure(let errors):
                    TimelineFormatter(quiet: true).lines(for: errors).forEach { print($0) }
                    unusable = true
                case .success(let document):
                    if document.iosScenario != nil { iosFiles.append(file) }
                }
            }
            let files = iosFiles
            if unusable {
                print(
                    "error: --scenarios \(scenarios): the scenarios above cannot be replayed; expected valid scenario files"
                )
                throw ExitCode(2)
            }
            let daemon = try start()
            defer { daemon.stop() }
            var order = SoakRandom(seed: seed ^ 0x5CE9_A210)
            let runner = SoakRunner(
                limits: .init(
                    rounds: rounds, seconds: (minutes ?? (rounds == nil ? 60 : nil)).map { $0 * 60 },
                    apps: apps, restartEvery: restartEvery, checkEvery: checkEvery),
                daemon: daemon, scenarios: files.shuffled(using: &order), seed: seed, quiet: quiet
            ) { line in
                print(line)
                fflush(nil)  // every stream: a soak written to a file shows its rounds as they end
            }
            print(
                "soak: seed \(seed), " + (rounds.map { counted($0, "round") } ?? "")
                    + (rounds != nil && minutes != nil ? " or " : "")
                    + ((minutes ?? (rounds == nil ? 60 : nil)).map { "\(String(format: "%g", $0)) minutes" } ?? "")
                    + ", up to \(counted(apps, "app")), \(counted(files.count, "scenario")), "
                    + (daemon.canRestart
                        ? "a private daemon (pid \(daemon.pid ?? 0)) restarted every \(counted(restartEvery, "round"))"
                        : "the daemon \(pipewireRemote ?? "") (pid \(daemon.pid.map(String.init) ?? "unknown"))"))
            if !runner.run() { throw ExitCode(1) }
        }

        /// The daemon to soak: a private one, or the running one at --pipewire-remote, which must answer and
        /// hold nothing of Arbiter's yet (that would be counted as leaked).
        private func start() throws -> SoakDaemon {
            if let remote = pipewireRemote { try PipeWireOptions.requireRunningDaemon(at: remote) }
            let daemon: SoakDaemon
            do {
                daemon = try SoakDaemon(remote: pipewireRemote)
            } catch {
                print("error: cannot start a private PipeWire daemon: \(error)")
                throw ExitCode(2)
            }
            let already = (try? GraphLeftovers(objects: daemon.dump()))?.lines ?? []
            if let first = already.first {
                daemon.stop()
                print(
                    "error: the daemon already holds Arbiter's objects (\(first)); expected a daemon that no other "
                        + "arbiter uses, so that what the soak leaves behind can be told apart")
                throw ExitCode(2)
            }
            return daemon
        }
    }
}
