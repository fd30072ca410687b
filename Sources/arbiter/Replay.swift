import ArbiterAndroid
import ArbiterEngine
import ArbiterPipeWire
import ArbiterPipeWireReplay
import ArbiterScenario
import ArgumentParser

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

        @Flag(help: "Print only failures and the summary (with --json, the lines of the runs that failed).")
        var quiet = false

        @OptionGroup var pipeWireOptions: PipeWireOptions

        @Option(
            help: ArgumentHelp(
                "Also draw each scenario's timeline as SVG on an even time axis, long idle stretches folded: the steps by "
                    + "name, the route, Now Playing, one lane per app (playing, audible, gain, interruptions, notifications, "
                    + "✓/✗; on Android its focus, on HarmonyOS each stream's state, focus, volume and interrupt events), "
                    + "and a box for each instant with several steps. With one file, PATH is the picture; with "
                    + "several, a folder that gets NAME.svg for each (NAME-PLATFORM.svg for a cross-platform file).",
                valueName: "PATH"))
        var svg: String?

        @Flag(
            help: ArgumentHelp(
                "With PipeWire, wait out the scenario's times instead of running as fast as the "
                    + "graph settles."))
        var realtime = false

        @Option(
            help: ArgumentHelp(
                "Also write the results as JUnit XML for a CI's test report: a test suite per file and platform half, "
                    + "a test case per expect step (failures with expected, actual and the rule).",
                valueName: "FILE"))
        var junit: String?

        @Option(
            help: ArgumentHelp(
                "Also write the runs in the Trace Event format Perfetto and Chrome's trace viewer open: a track per "
                    + "app (its state, the gain as a counter), notifications and checks as instants, each change "
                    + "linked to the step that caused it.", valueName: "FILE"))
        var trace: String?

        @Option(
            help: ArgumentHelp(
                "Also write one self-contained HTML page (no network) with every run, failures first: a timeline "
                    + "per run that zooms, pans and folds idle stretches, a filter by app, and for each decision, "
                    + "notification or check its rule, statement, source and line when clicked.", valueName: "FILE"))
        var html: String?

        func run() throws {
            let paths = ScenarioFiles.expand(files)
            var passed = 0
            var failed = 0
            var invalid = 0
            let timeline = TimelineFormatter(quiet: quiet)
            if paths.isEmpty {
                print("error: no .yaml files under \(files.joined(separator: " ")); expected scenario files")
                throw ExitCode(2)
            }
            let real = pipeWireOptions.enabled
            if realtime && !real {
                print(
                    "error: --realtime waits out the scenario's times on real PipeWire streams; expected --pipewire "
                        + "(or --pipewire-remote) with it")
                throw ExitCode(2)
            }
            if let problem = OutputPaths.problem(
                [("--junit", junit), ("--trace", trace), ("--html", html), ("--svg", svg)], inputs: paths,
                folders: paths.count > 1 ? ["--svg"] : [])
            {
                print("error: \(problem)")
                throw ExitCode(2)
            }
            let pipewireRemote = pipeWireOptions.pipewireRemote
            let (daemon, runtimeDirectory) = try pipeWireOptions.start()
            defer { daemon?.stop() }
            var pictures: TimelinePictures?
            if let svg {
                do {
                    pictures = try TimelinePictures(path: svg, files: paths)
                } catch {
                    print("error: \(error)")
                    throw ExitCode(2)
                }
            }
            let observer = ObserverConnection(runtimeDirectory: runtimeDirectory, remote: pipewireRemote)
            let reports = RunReports(junit: junit, trace: trace, html: html, json: json)
            files: for (index, path) in paths.enumerated() {
                if real, let daemon, !daemon.isRunning {
                    let remaining = paths.count - index
                    print(
                        "error: the PipeWire daemon is gone; \(remaining) remaining file\(remaining == 1 ? "" : "s") not replayed"
                    )
                    failed += remaining
                    break
                }
                switch ScenarioFiles.loadDocument(path) {
                case .failure(let errors):
                    invalid += 1
                    let lines = json ? JSONLinesFormatter.lines(for: errors) : timeline.lines(for: errors)
                    lines.forEach { print($0) }
                    reports.record(errors, file: path)
                    if !json && !quiet { print("") }
                case .success(let document):
                    for run in document.runs {
                        let tag = document.isCrossPlatform ? "[\(run.platform)]" : nil
                        let result: RunResult =
                            switch run {
                            case .ios(let scenario):
                                replayRun(
                                    path: path, tag: tag, real: real, pictures: pictures, reports: reports,
                                    backend: {
                                        try PipeWireReplayBackend(
                                            setup: scenario.setup, runtimeDirectory: runtimeDirectory,
                                            remote: pipewireRemote, realtime: realtime, observer: observer)
                                    },
                                    replay: { Replayer.replay(scenario, backend: $0, recordStates: $1) },
                                    timeline: RunTimeline.init(report:), json: JSONLinesFormatter.lines(for:),
                                    text: TimelineFormatter(quiet: quiet, tag: tag).lines(for:),
                                    picture: { pictures?.draw($0, from: path, tag: tag) })
                            case .android(let scenario):
                                replayRun(
                                    path: path, tag: tag, real: real, pictures: pictures, reports: reports,
                                    backend: {
                                        try AndroidPipeWireBackend(
                                            setup: scenario.setup, runtimeDirectory: runtimeDirectory,
                                            remote: pipewireRemote, realtime: realtime, observer: observer)
                                    },
                                    replay: { AndroidReplayer.replay(scenario, backend: $0, recordStates: $1) },
                                    timeline: RunTimeline.init(report:), json: AndroidJSONLinesFormatter.lines(for:),
                                    text: AndroidTimelineFormatter(quiet: quiet, tag: tag).lines(for:),
                                    picture: { pictures?.draw($0, from: path, tag: tag) })
                            case .harmonyos(let scenario):
                                replayRun(
                                    path: path, tag: tag, real: real, pictures: pictures, reports: reports,
                                    backend: {
                                        try HarmonyPipeWireBackend(
                                            setup: scenario.setup, runtimeDirectory: runtimeDirectory,
                                            remote: pipewireRemote, realtime: realtime, observer: observer)
                                    },
                                    replay: { HarmonyReplayer.replay(scenario, backend: $0, recordStates: $1) },
                                    timeline: RunTimeline.init(report:), json: HarmonyJSONLinesFormatter.lines(for:),
                                    text: HarmonyTimelineFormatter(quiet: quiet, tag: tag).lines(for:),
                                    picture: { pictures?.draw($0, from: path, tag: tag) })
                            }
                        switch result {
                        case .passed: passed += 1
                        case .failed: failed += 1
                        case .daemonGone(let message):
                            let remaining = paths.count - index
                            print(
                                "\(path): error: \(message); \(remaining) remaining file\(remaining == 1 ? "" : "s") not replayed"
                            )
                            failed += remaining
                            break files
                        }
                    }
                }
                fflush(nil)  // every stream: replay written to a file or a pipe shows each scenario as it ends
            }
            print(
                json
                    ? JSONLinesFormatter.summary(passed: passed, failed: failed + invalid)
                    : "\(passed) passed, \(failed + invalid) failed")
            let problems = reports.write()
            problems.forEach { print($0) }
            if !problems.isEmpty || reports.outputFailed { throw ExitCode(2) }
            if invalid > 0 { throw ExitCode(2) }
            if failed > 0 { throw ExitCode(1) }
        }

        /// How one run ended.
        enum RunResult {
            case passed, failed
            /// The daemon went away between two files: the rest are not replayed.
            case daemonGone(String)
        }

        /// Replays one run of `path` (a half of a cross-platform file when `tag` is `[android]`), with `--pipewire`
        /// on the backend `make` builds, and prints its report (`json` or `text` lines), its picture's problem if any,
        /// and what `reports` print; how the run ended. Each platform gives its own pieces; the way is one.
        func replayRun<Backend, Report: ReplayReport>(
            path: String, tag: String?, real: Bool, pictures: TimelinePictures?, reports: RunReports,
            backend make: () throws -> Backend, replay: (Backend?, _ recordStates: Bool) -> Report,
            timeline: (Report) -> RunTimeline?, json jsonLines: (Report) -> [String], text: (Report) -> [String],
            picture: (Report) -> String?
        ) -> RunResult {
            let made = backend(real, path: path, make)
            guard case .success(let backend) = made else { return made.failure! }
            let report = replay(backend, pictures != nil || reports.needsStates)
            defer { reports.record(report, timeline: timeline(report), file: path, tag: tag) }
            return printed(
                json ? jsonLines(report) : text(report), passed: report.passed,
                picture: pictures.flatMap { _ in picture(report) },
                reports: reports)
        }

        /// The backend a run is carried out on with `--pipewire` (nil without), or how the run ends when it cannot
        /// be made: the daemon gone (it answered when the command started), or PipeWire refusing this file.
        func backend<Backend>(_ real: Bool, path: String, _ make: () throws -> Backend) -> BackendOrEnd<Backend> {
            guard real else { return .success(nil) }
            do {
                return .success(try make())
            } catch let gone as RealSystemGone {
                return .end(.daemonGone("\(gone)"))
            } catch {
                print("\(path): error: PipeWire: \(error)")
                return .end(.failed)
            }
        }

        /// A backend (nil without `--pipewire`), or how the run ends without one.
        enum BackendOrEnd<Backend> {
            case success(Backend?)
            case end(RunResult)

            var failure: RunResult? {
                if case .end(let result) = self { return result }
                return nil
            }
        }

        /// Prints a run's report and the problem writing its picture, if any (an output not written: the command
        /// ends with status 2, as for the other outputs, and the run is as it was); how the run ended.
        func printed(_ lines: [String], passed: Bool, picture problem: String?, reports: RunReports) -> RunResult {
            if !(json && quiet && passed) { lines.forEach { print($0) } }
            if let problem {
                print(problem)
                reports.outputFailed = true
            }
            return passed ? .passed : .failed
        }
    }
}
