// swift-tools-version:6.0
// The libFuzzer target for scenario files, kept out of the main package: it builds only with
// `-sanitize=fuzzer` (tools/fuzz.sh).
import PackageDescription

let package = Package(
    name: "ArbiterFuzzing",
    dependencies: [.package(name: "Arbiter", path: "..")],
    targets: [
        .executableTarget(
            name: "FuzzScenario",
            dependencies: [
                .product(name: "ArbiterScenario", package: "Arbiter"),
                .product(name: "ArbiterEngine", package: "Arbiter"),
            ],
            swiftSettings: [.enableExperimentalFeature("Extern")]
        )
    ],
    swiftLanguageModes: [.v6]
)
