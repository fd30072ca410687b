import ArgumentParser
import ArbiterEngine
import ArbiterPipeWire
import ArbiterPipeWireReplay
import ArbiterScenario
#if canImport(Glibc)
import Glibc
#endif

extension Arbiter {
    /// `arbiter replay FILE...`: replays scenario files and checks their expectations.
    struct Replay: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Replay scenario files through the policy engine and check their expectations.",
            discussion: """
                Prints a timeline: each step, the decisions it caused with the rule behind each, the notifications \
                delivered, and each expectation with ✓ or ✗. Exit status: 0 every scenario passed; 1 an \
                expectation or `fails:` did not hold, or the PipeWire daemon went away during the run; 2 a file \
                could not be read or is not a valid scenario, or PipeWire cannot be used (no daemon at \
                --pipewire-remote, a private daemon that cannot start).
                """)

        @Argument(help: "Scenario files (.yaml), or directories to search for them.")
        var files: [String]

        @Flag(help: "Print one JSON object a line (steps, decisions, notifications, checks) for tools.")
        var json = false

        @Flag(help: "Print only failures and the summary.")
        var quiet = false

        @OptionGroup var pipeWireOptions: PipeWireOptions

        @Option(help: ArgumentHelp("Also draw each scenario's timeline as SVG on an even time axis: the steps by "
            + "name, the route, Now Playing, one lane per app (playing, audible, gain, interruptions, notifications, "
            + "✓/✗), and a box for each instant with several steps. With one file, PATH is the picture; with "
            + "several, a folder that gets NAME.svg for each.", valueName: "PATH"))
        var svg: String?

        @Flag(help: ArgumentHelp("With PipeWire, wait out the scenario's times instead of running as fast as the "
            + "graph settles."))
        var realtime = false

        func run() throws {
            let paths = ScenarioFiles.expand(files)
            var passed = 0, failed = 0, invalid = 0
            let timeline = TimelineFormatter(quiet: quiet)
            if paths.isEmpty {
                print("error: no .yaml files under \(files.joined(separator: " ")); expected scenario files")
                throw ExitCode(2)
            }
            let real = pipeWireOptions.enabled
            if realtime && !real {
                print("error: --realtime waits out the scenario's times on real PipeWire streams; expected --pipewire "
                    + "(or --pipewire-remote) with it")
                throw ExitCode(2)
            }
            let pipewireRemote = pipeWireOptions.pipewireRemote
            let (daemon, runtimeDirectory) = try pipeWireOptions.start()
            defer { daemon?.stop() }
            var pictures: TimelinePictures?
            if let svg {
                do {
                    pictures = try TimelinePictures(path: svg, count: paths.count)
                } catch {
                    print("error: \(error)")
                    throw ExitCode(2)
                }
            }
            let observer = ObserverConnection(runtimeDirectory: runtimeDirectory, remote: pipewireRemote)
            files: for (index, path) in paths.enumerated() {
                if real, let daemon, !daemon.isRunning {
                    let remaining = paths.count - index
                    print("error: the PipeWire daemon is gone; \(remaining) remaining file\(remaining == 1 ? "" : "s") not replayed")
                    failed += remaining
                    break
                }
                switch ScenarioFiles.load(path) {
                case .failure(let errors):
                    invalid += 1
                    let lines = json ? JSONLinesFormatter.lines(for: errors) : timeline.lines(for: errors)
                    lines.forEach { print($0) }
                    if !json && !quiet { print("") }
                case .success(let scenario):
                    var backend: PipeWireReplayBackend?
                    if real {
                        do {
                            backend = try PipeWireReplayBackend(setup: scenario.setup, runtimeDirectory: runtimeDirectory,
                                                                remote: pipewireRemote, realtime: realtime,
                                                                observer: observer)
                        } catch let gone as RealSystemGone {
                            // It answered when the command started: the daemon went away between two files.
                            let remaining = paths.count - index
                            print("\(path): error: \(gone); \(remaining) remaining file\(remaining == 1 ? "" : "s") not replayed")
                            failed += remaining
                            break files
                        } catch {
                            failed += 1
                            print("\(path): error: PipeWire: \(error)")
                            continue
                        }
                    }
                    let report = Replayer.replay(scenario, backend: backend, recordStates: pictures != nil)
                    let problem = pictures?.draw(report, from: path)
                    if report.passed && problem == nil { passed += 1 } else { failed += 1 }
                    let lines = json ? JSONLinesFormatter.lines(for: report) : timeline.lines(for: report)
                    lines.forEach { print($0) }
                    if let problem { print(problem) }
                }
                fflush(nil)   // every stream: replay written to a file or a pipe shows each scenario as it ends
            }
            print(json ? JSONLinesFormatter.summary(passed: passed, failed: failed + invalid)
                       : "\(passed) passed, \(failed + invalid) failed")
            if invalid > 0 { throw ExitCode(2) }
            if failed > 0 { throw ExitCode(1) }
        }
    }
}
