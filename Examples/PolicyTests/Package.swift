// swift-tools-version:6.0
// An app team's audio-policy tests, written against Arbiter's ArbiterTesting library.
import PackageDescription

let package = Package(
    name: "PolicyTests",
    dependencies: [
        .package(name: "Arbiter", path: "../.."),
        .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
    ],
    targets: [
        // The app's audio configuration, as the app's code sets it up.
        .target(name: "PodcastPolicy", dependencies: [.product(name: "ArbiterEngine", package: "Arbiter")]),
        .testTarget(
            name: "PolicyTests",
            dependencies: [
                "PodcastPolicy",
                .product(name: "ArbiterTesting", package: "Arbiter"),
                .product(name: "ArbiterEngine", package: "Arbiter"),
                .product(name: "ArbiterLint", package: "Arbiter"),
                // On Linux, a test target that uses ArbiterTesting must also link this.
                .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
            ],
            resources: [.copy("Scenarios")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
