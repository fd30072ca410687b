// swift-tools-version:6.0
// The five seed articles' audio code, rewritten in Swift against the iOS API names, and tests that run it on a
// simulated phone (ArbiterKit): what each gets right, and the bug the fact base says it has. Beside them,
// PodcastCore: the app docs/app-code.md walks through, with that page's examples as its tests.
import PackageDescription

let package = Package(
    name: "SeedApps",
    dependencies: [
        .package(name: "Arbiter", path: "../.."),
        .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
    ],
    targets: [
        // The apps' code: on iOS it compiles against AVFoundation, AVKit, MediaPlayer and UIKit; elsewhere against
        // ArbiterKit. Swift 5 mode, as app code written before strict concurrency is: its observers capture the view
        // controller in NotificationCenter's @Sendable blocks, which UIKit's main-actor isolation makes safe on iOS.
        .target(
            name: "SeedApps",
            dependencies: [.product(name: "ArbiterKit", package: "Arbiter")],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .testTarget(
            name: "SeedAppsTests",
            dependencies: [
                "SeedApps",
                .product(name: "ArbiterKit", package: "Arbiter"),
                .product(name: "ArbiterEngine", package: "Arbiter"),
                .product(name: "ArbiterTesting", package: "Arbiter"),
                // On Linux, a test target that uses ArbiterTesting or ArbiterKit (which report issues) must link this.
                .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
            ]
        ),
        // The podcast player docs/app-code.md walks through, and its tests: every Swift example of that page, the
        // README's and ArbiterKit's catalog, as written there.
        .target(
            name: "PodcastCore",
            dependencies: [.product(name: "ArbiterKit", package: "Arbiter")],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .testTarget(
            name: "PodcastCoreTests",
            dependencies: [
                "PodcastCore",
                .product(name: "ArbiterKit", package: "Arbiter"),
                .product(name: "ArbiterEngine", package: "Arbiter"),
                .product(name: "ArbiterTesting", package: "Arbiter"),
                .product(name: "ArbiterScenario", package: "Arbiter"),
                .product(name: "ArbiterLint", package: "Arbiter"),
                .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
            ],
            exclude: ["Scenarios"]
        ),
        // App code of the team's own, written the way app teams write it (a singleton, main-queue hops, timers,
        // CMTime arithmetic, metadata, Combine, a recorder, an audio engine), with its tests.
        .target(
            name: "TeamApps",
            dependencies: [.product(name: "ArbiterKit", package: "Arbiter")],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        .testTarget(
            name: "TeamAppsTests",
            dependencies: [
                "TeamApps",
                .product(name: "ArbiterKit", package: "Arbiter"),
                .product(name: "ArbiterTesting", package: "Arbiter"),
                .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
