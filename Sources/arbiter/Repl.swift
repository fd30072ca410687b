import ArbiterEngine
import ArbiterPipeWire
import ArbiterPipeWireReplay
import ArbiterScenario
import ArgumentParser
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension Arbiter {
    /// `arbiter repl [FILE]`: explore decisions interactively and ask why.
    struct Repl: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Explore the policy interactively: type scenario steps as words and ask why.",
            discussion: """
                Type `Music activate`, `device connect wiredHeadset`, `system incomingCall`, `after 5s`, \
                `why Music playing`, `help`. With FILE, its apps and device are loaded and `step`/`run` play its \
                steps. When standard input is not a terminal, lines are read plainly with no prompt, and the exit \
                status is 1 if any command failed.
                """)

        @Argument(help: "A scenario file whose apps, device and steps to load.")
        var file: String?

        @Option(
            help: ArgumentHelp(
                "Where to keep the line history (default $ARBITER_HISTORY, else "
                    + "$XDG_STATE_HOME/arbiter/history or ~/.local/state/arbiter/history); `none` keeps none.",
                valueName: "PATH"))
        var historyFile: String?

        @Option(
            help: ArgumentHelp(
                "The platform to explore: ios (the default), android, androidAutomotive or harmonyos. A file "
                    + "that names its platform needs none; a cross-platform file opens on ios unless this says otherwise.",
                valueName: "PLATFORM"))
        var platform: ScenarioPlatform?

        @OptionGroup var pipeWireOptions: PipeWireOptions

        func run() throws {
            if var harmony = try harmonySession() {
                return try runLoop(named: "HarmonyOS audio focus", prompt: "arbiter harmonyos> ") { line in
                    let reply = harmony.execute(line)
                    return (reply.lines, reply.failed, reply.quit)
                }
            }
            if var android = try androidSession() {
                return try runLoop(named: "Android audio focus", prompt: "arbiter android> ") { line in
                    let reply = android.execute(line)
                    return (reply.lines, reply.failed, reply.quit)
                }
            }
            var session: ReplSession
            do {
                if let file {
                    switch ScenarioFiles.loadDocument(file) {
                    case .failure(let errors):
                        errors.diagnostics.forEach { print($0) }
                        throw ExitCode(2)
                    case .success(let document):
                        guard case .ios(let scenario)? = document.runs.first(where: { $0.platform == .ios }) else {
                            print("error: \(file) has no iOS run; expected an iOS scenario, or --platform android")
                            throw ExitCode(2)
                        }
                        session = try ReplSession(scenario: scenario, source: "repl")
                    }
                } else {
                    session = try ReplSession()
                }
            } catch let exit as ExitCode {
                throw exit
            } catch {
                print("error: \(error)")
                throw ExitCode(2)
            }
            let (daemon, runtimeDirectory) = try pipeWireOptions.start()
            defer { daemon?.stop() }
            if pipeWireOptions.enabled {
                do {
                    let backend = try PipeWireReplayBackend(
                        setup: session.setup, runtimeDirectory: runtimeDirectory,
                        remote: pipeWireOptions.pipewireRemote, realtime: false)
                    try backend.reconcile(with: session.engine)
                    session.backend = backend
                } catch {
                    print("error: PipeWire: \(error)")
                    throw ExitCode(2)
                }
            }
            let interactive = isatty(0) != 0
            var failed = false
            var editor: LineEditor?
            if interactive {
                let history = historyFile == "none" ? nil : (historyFile ?? LineEditor.defaultHistoryPath())
                editor = LineEditor(historyPath: history)
                print("arbiter \(ArbiterVersion.current) — type `help`, `quit` to leave; Tab completes")
                if let daemon { print("PipeWire: a private daemon in \(daemon.runtimeDirectory) (pid \(daemon.pid))") }
                if let remote = pipeWireOptions.pipewireRemote { print("PipeWire: the daemon \(remote)") }
            }
            while true {
                LineEditor.apps = session.setup.apps
                guard let line = editor.map({ $0.read(prompt: "arbiter> ") }) ?? readLine() else {
                    if interactive { print("") }  // Ctrl-D: leave the shell's prompt on a line of its own
                    break
                }
                let reply = session.execute(line)
                reply.lines.forEach { print($0) }
                failed = failed || reply.failed
                if reply.quit { break }
            }
            if failed && !interactive { throw ExitCode(1) }
        }

        /// The HarmonyOS session to run, when the file is HarmonyOS's alone or `--platform harmonyos` asks for it.
        func harmonySession() throws -> HarmonyReplSession? {
            var text: String?
            var wanted = platform
            if let file, wanted == nil || wanted == .harmonyos {
                switch ScenarioFiles.loadDocument(file) {
                case .failure(let errors):
                    errors.diagnostics.forEach { print($0) }
                    throw ExitCode(2)
                case .success(let document):
                    if wanted == nil, !document.isCrossPlatform { wanted = document.runs.first?.platform }
                    guard wanted == .harmonyos else { return nil }
                    guard document.runs.contains(where: { $0.platform == .harmonyos }) else {
                        print(
                            "error: \(file) has no harmonyos run; expected --platform "
                                + document.runs.map(\.platform.rawValue).joined(separator: " or "))
                        throw ExitCode(2)
                    }
                    text = try String(contentsOfFile: file, encoding: .utf8)
                }
            }
            guard wanted == .harmonyos else { return nil }
            if pipeWireOptions.enabled {
                print(
                    "error: the HarmonyOS REPL runs on the engine alone; expected no --pipewire (replay a HarmonyOS "
                        + "scenario with `arbiter replay --pipewire` for real streams)")
                throw ExitCode(2)
            }
            do {
                return try HarmonyReplSession(text: text, file: file ?? "repl")
            } catch let errors as ScenarioErrors {
                errors.diagnostics.forEach { print($0) }
                throw ExitCode(2)
            }
        }

        /// The Android session to run, when the file is Android's or `--platform` asks for Android; nil for iOS.
        func androidSession() throws -> AndroidReplSession? {
            var text: String?
            var wanted = platform
            if let file {
                switch ScenarioFiles.loadDocument(file) {
                case .failure(let errors):
                    errors.diagnostics.forEach { print($0) }
                    throw ExitCode(2)
                case .success(let document):
                    if wanted == nil, !document.isCrossPlatform { wanted = document.runs.first?.platform }
                    guard let wanted, wanted != .ios else { return nil }
                    guard document.runs.contains(where: { $0.platform == wanted }) else {
                        print(
                            "error: \(file) has no \(wanted) run; expected --platform "
                                + document.runs.map(\.platform.rawValue).joined(separator: " or "))
                        throw ExitCode(2)
                    }
                    text = try String(contentsOfFile: file, encoding: .utf8)
                }
            }
            guard let wanted, wanted != .ios else { return nil }
            if pipeWireOptions.enabled {
                print(
                    "error: the Android REPL runs on the engine alone; expected no --pipewire (replay an Android "
                        + "scenario with `arbiter replay --pipewire` for real streams)")
                throw ExitCode(2)
            }
            do {
                return try AndroidReplSession(text: text, file: file ?? "repl", platform: wanted)
            } catch let errors as ScenarioErrors {
                errors.diagnostics.forEach { print($0) }
                throw ExitCode(2)
            }
        }

        /// Another platform's REPL loop (`named` in the greeting): each line a step or a command, as on iOS; piped in,
        /// a failed line makes the command exit 1.
        func runLoop(
            named platformName: String, prompt: String,
            _ execute: (String) -> (lines: [String], failed: Bool, quit: Bool)
        ) throws {
            let interactive = isatty(0) != 0
            var failed = false
            var editor: LineEditor?
            if interactive {
                let history = historyFile == "none" ? nil : (historyFile ?? LineEditor.defaultHistoryPath())
                editor = LineEditor(historyPath: history)
                print("arbiter \(ArbiterVersion.current) — \(platformName); type `help`, `quit` to leave")
            }
            while true {
                guard let line = editor.map({ $0.read(prompt: prompt) }) ?? readLine() else {
                    if interactive { print("") }
                    break
                }
                let reply = execute(line)
                reply.lines.forEach { print($0) }
                failed = failed || reply.failed
                if reply.quit { break }
            }
            if failed && !interactive { throw ExitCode(1) }
        }
    }
}

extension ScenarioPlatform: ExpressibleByArgument {}
