// swift-tools-version:6.1
import PackageDescription

// Arbiter's benchmarks (ordo-one/benchmark): `swift package --package-path Benchmarks benchmark`.
// A package of their own so the main package's build and tests do not carry the benchmark toolchain.
let package = Package(
    name: "ArbiterBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Arbiter", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // Synthetic devices and scenario files of any size, the same for the same seed.
        .target(
            name: "Workloads",
            dependencies: [
                .product(name: "ArbiterEngine", package: "Arbiter"),
                .product(name: "ArbiterScenario", package: "Arbiter"),
            ]
        ),
        // malloc's bytes in use, which Swift's Glibc module does not show.
        .target(name: "CHeapInUse"),
        // The engine workload once through, for a profiler and for training profile-guided optimization.
        .executableTarget(
            name: "engine-profile",
            dependencies: [
                "Workloads",
                .product(name: "ArbiterEngine", package: "Arbiter"),
                .product(name: "ArbiterScenario", package: "Arbiter"),
            ]
        ),
        .executableTarget(
            name: "EngineBenchmarks",
            dependencies: [
                "Workloads",
                "CHeapInUse",
                .product(name: "ArbiterEngine", package: "Arbiter"),
                .product(name: "ArbiterScenario", package: "Arbiter"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/EngineBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "ScenarioBenchmarks",
            dependencies: [
                "Workloads",
                .product(name: "ArbiterEngine", package: "Arbiter"),
                .product(name: "ArbiterScenario", package: "Arbiter"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/ScenarioBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The Android engine's cost per event, on the phone and in the car.
        .executableTarget(
            name: "AndroidBenchmarks",
            dependencies: [
                .product(name: "ArbiterAndroid", package: "Arbiter"),
                .product(name: "ArbiterEngine", package: "Arbiter"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/AndroidBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The HarmonyOS engine's cost per event.
        .executableTarget(
            name: "HarmonyBenchmarks",
            dependencies: [
                .product(name: "ArbiterHarmony", package: "Arbiter"),
                .product(name: "ArbiterEngine", package: "Arbiter"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/HarmonyBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "PhoneBenchmarks",
            dependencies: [
                .product(name: "ArbiterKit", package: "Arbiter"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/PhoneBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
