// swift-tools-version:6.0
import PackageDescription

/// Profile-guided optimization of the engine's release builds (tools/pgo.sh, docs/performance.md):
/// `ARBITER_PGO_GENERATE=DIR` builds an engine that counts what it runs into DIR; `ARBITER_PGO_PROFILE=FILE` builds an
/// engine laid out for the counts merged into FILE. Each is taken only when it names a place inside this package, so
/// a package that depends on Arbiter builds its engine as usual, with no unsafe flag, whatever its environment holds.
let environment = Context.environment
func insidePackage(_ path: String?) -> String? {
    guard let path, path.hasPrefix(Context.packageDirectory + "/") else { return nil }
    return path
}
let engineSettings: [SwiftSetting] =
    if let directory = insidePackage(environment["ARBITER_PGO_GENERATE"]) {
        [.unsafeFlags(["-Xfrontend", "-ir-profile-generate=\(directory)"], .when(configuration: .release))]
    } else if let profile = insidePackage(environment["ARBITER_PGO_PROFILE"]) {
        [.unsafeFlags(["-Xfrontend", "-ir-profile-use=\(profile)"], .when(configuration: .release))]
    } else {
        []
    }

let package = Package(
    name: "Arbiter",
    products: [
        .library(name: "ArbiterEngine", targets: ["ArbiterEngine"]),
        .library(name: "ArbiterAndroid", targets: ["ArbiterAndroid"]),
        .library(name: "ArbiterHarmony", targets: ["ArbiterHarmony"]),
        .library(name: "ArbiterScenario", targets: ["ArbiterScenario"]),
        .library(name: "ArbiterTesting", targets: ["ArbiterTesting"]),
        .library(name: "ArbiterKit", targets: ["ArbiterKit", "ArbiterKitLog"]),
        .library(name: "ArbiterLint", targets: ["ArbiterLint"]),
        .executable(name: "arbiter", targets: ["arbiter"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
        .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    ],
    targets: [
        // The policy engine: a pure, deterministic state machine. No I/O, no clock, no Foundation.
        .target(name: "ArbiterEngine", swiftSettings: engineSettings),
        // Android's audio focus, the second platform policy: the phone's focus stack and the car's focus matrix. Pure
        // and deterministic like the engine, whose time, app names and rules it shares.
        .target(name: "ArbiterAndroid", dependencies: ["ArbiterEngine"]),
        // HarmonyOS's audio focus: its default focus table, interrupt events and AudioSession, a pure engine.
        .target(name: "ArbiterHarmony", dependencies: ["ArbiterEngine"]),
        // Lints: the app mistakes the reference warns about, found in a run of the engine (any front end's).
        .target(name: "ArbiterLint", dependencies: ["ArbiterEngine", "ArbiterAndroid", "ArbiterHarmony"]),
        // Scenario files: YAML decoding and validation, replay, expectations, reports.
        .target(
            name: "ArbiterScenario",
            dependencies: [
                "ArbiterEngine", "ArbiterAndroid", "ArbiterHarmony", "ArbiterLint",
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        // Policy tests in users' Swift test suites: a test store, diffs, YAML scenarios as tests.
        .target(
            name: "ArbiterTesting",
            dependencies: [
                "ArbiterEngine",
                "ArbiterAndroid",
                "ArbiterHarmony",
                "ArbiterKit",
                "ArbiterScenario",
                .product(name: "CustomDump", package: "swift-custom-dump"),
                .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
            ]
        ),
        // The iOS audio API (AVAudioSession, AVPlayer, MPRemoteCommandCenter, ...) over a simulated phone, so an app's
        // own audio code runs against the engine unchanged; Combine is OpenCombine, re-exported.
        .target(
            name: "ArbiterKit",
            dependencies: [
                "ArbiterEngine", "ArbiterLint", "CArbiterKitStartup",
                .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
                .product(name: "OpenCombine", package: "OpenCombine"),
            ]
        ),
        // Puts ArbiterKit's executors in before main (a C constructor), so that apps' tasks run on the phone's clock.
        .target(name: "CArbiterKitStartup"),
        // The unified logging API (`os_log`, `OSLog`, `Logger`) as a module of its own: a file sees it only when it
        // imports it (where it imports `os` on iOS), so an SDK's own `Logger` (swift-log's) does not clash. Not named
        // `os`: packages test `canImport(os)` to mean Apple's.
        .target(name: "ArbiterKitLog"),
        // The C layer over libpipewire-0.3 (method macros, variadics, SPA pods, the process() callback).
        .target(
            name: "CArbiterPipeWire",
            cSettings: [.unsafeFlags(["-I/usr/include/pipewire-0.3", "-I/usr/include/spa-0.2", "-D_REENTRANT"])],
            linkerSettings: [.linkedLibrary("pipewire-0.3"), .linkedLibrary("m")]
        ),
        // Line editing, history and tab completion for the REPL, over libedit.
        .target(name: "CArbiterLineEditing", linkerSettings: [.linkedLibrary("edit")]),
        // The PipeWire backend: real streams, nodes and links for the engine's decisions.
        .target(
            name: "ArbiterPipeWire",
            dependencies: ["ArbiterEngine", "ArbiterAndroid", "ArbiterHarmony", "CArbiterPipeWire"]),
        // A scenario replayed on the PipeWire backend: the replayer's backend over a stage of its own streams.
        .target(
            name: "ArbiterPipeWireReplay",
            dependencies: ["ArbiterEngine", "ArbiterAndroid", "ArbiterHarmony", "ArbiterScenario", "ArbiterPipeWire"]
        ),
        // `arbiter soak`'s rounds and checks: the PipeWire backend run for a long time, ending with nothing leaked.
        .target(
            name: "ArbiterSoak",
            dependencies: ["ArbiterEngine", "ArbiterScenario", "ArbiterPipeWire", "ArbiterPipeWireReplay"]
        ),
        // The session bus over libsystemd's sd-bus: MPRIS players (and the phone stack's call state) for `arbiter attach`.
        .target(name: "CArbiterDBus", linkerSettings: [.linkedLibrary("systemd")]),
        // `arbiter attach`: the policy over other programs' streams on a running daemon (rules, role defaults, the
        // live backend that turns the graph into engine events and decisions into volume ramps, pauses and corks).
        .target(
            name: "ArbiterLive",
            dependencies: [
                "ArbiterEngine", "ArbiterAndroid", "ArbiterHarmony", "ArbiterScenario", "ArbiterPipeWire",
                "CArbiterPipeWire", "CArbiterDBus",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // A stand-in program for the live tests: plays a stream with the properties it is given, answers MPRIS on the
        // session bus if asked, and logs every control, state change and call it receives.
        .executableTarget(
            name: "arbiter-standin",
            cSettings: [.unsafeFlags(["-I/usr/include/pipewire-0.3", "-I/usr/include/spa-0.2", "-D_REENTRANT"])],
            linkerSettings: [.linkedLibrary("pipewire-0.3"), .linkedLibrary("systemd"), .linkedLibrary("m")]
        ),
        // The `arbiter` command-line tool.
        .executableTarget(
            name: "arbiter",
            dependencies: [
                "ArbiterEngine",
                "ArbiterAndroid",
                "ArbiterHarmony",
                "ArbiterLint",
                "ArbiterScenario",
                "ArbiterPipeWire",
                "ArbiterPipeWireReplay",
                "ArbiterSoak",
                "ArbiterLive",
                "CArbiterLineEditing",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // How fast an unplug reaches the graph (tools/bench-unplug.sh).
        .executableTarget(
            name: "arbiter-bench",
            dependencies: [
                "ArbiterEngine", "ArbiterPipeWire", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "ArbiterEngineTests", dependencies: ["ArbiterEngine"]),
        .testTarget(name: "ArbiterAndroidTests", dependencies: ["ArbiterAndroid", "ArbiterEngine"]),
        .testTarget(name: "ArbiterHarmonyTests", dependencies: ["ArbiterHarmony", "ArbiterEngine"]),
        .testTarget(name: "ArbiterLintTests", dependencies: ["ArbiterLint", "ArbiterEngine", "ArbiterAndroid"]),
        .testTarget(
            name: "ArbiterKitTests",
            dependencies: [
                "ArbiterKit", "ArbiterKitLog", "ArbiterEngine", "ArbiterScenario", "ArbiterTesting",
                .product(name: "Logging", package: "swift-log"),
            ], exclude: ["Scenarios"]
        ),
        .testTarget(
            name: "ArbiterPipeWireTests", dependencies: ["ArbiterPipeWire", "ArbiterAndroid", "ArbiterHarmony"]),
        .testTarget(
            name: "ArbiterLiveTests",
            dependencies: [
                "ArbiterLive", "ArbiterPipeWire", "ArbiterScenario", "ArbiterEngine", "ArbiterAndroid",
                "ArbiterHarmony", "arbiter-standin",
            ]
        ),
        .testTarget(name: "ArbiterSoakTests", dependencies: ["ArbiterSoak", "ArbiterPipeWire", "ArbiterEngine"]),
        .testTarget(
            name: "ArbiterScenarioTests", dependencies: ["ArbiterScenario", "ArbiterEngine", "ArbiterAndroid"],
            exclude: ["FuzzRegressions"]
        ),
        .testTarget(
            name: "ArbiterTestingTests",
            dependencies: [
                "ArbiterTesting", "ArbiterHarmony",
                .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
            ]
        ),
        .testTarget(
            name: "ArbiterCLITests", dependencies: ["arbiter", "arbiter-standin", "ArbiterPipeWire"],
            exclude: ["Golden", "Malformed"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
