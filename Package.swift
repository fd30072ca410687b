// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Arbiter",
    products: [
        .library(name: "ArbiterEngine", targets: ["ArbiterEngine"]),
        .library(name: "ArbiterScenario", targets: ["ArbiterScenario"]),
        .executable(name: "arbiter", targets: ["arbiter"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
    ],
    targets: [
        // The policy engine: a pure, deterministic state machine. No I/O, no clock, no Foundation.
        .target(name: "ArbiterEngine"),
        // Scenario files: YAML decoding and validation, replay, expectations, reports.
        .target(
            name: "ArbiterScenario",
            dependencies: ["ArbiterEngine", .product(name: "Yams", package: "Yams")]
        ),
        // The `arbiter` command-line tool.
        .executableTarget(
            name: "arbiter",
            dependencies: [
                "ArbiterEngine",
                "ArbiterScenario",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "ArbiterEngineTests", dependencies: ["ArbiterEngine"]),
        .testTarget(name: "ArbiterScenarioTests", dependencies: ["ArbiterScenario", "ArbiterEngine"]),
        .testTarget(name: "ArbiterCLITests", dependencies: ["arbiter"]),
    ],
    swiftLanguageModes: [.v6]
)
