/// Everything the engine starts from: the iOS generation, the tunables, the device and the apps.
public struct Setup: Hashable, Sendable {
    /// The iOS release whose behaviour the engine follows (9, 10, ..., 16, 17, ...). Default 17.
    public var ios: Int
    /// The tunables; by default the release's (`Profile(ios:)`).
    public var profile: Profile
    public var device: DeviceConfig
    /// The apps, in declaration order (which is also the order of every report).
    public var apps: [AppConfig]

    public init(
        ios: Int = 17, profile: Profile? = nil, device: DeviceConfig = DeviceConfig(),
        apps: [AppConfig] = []
    ) {
        self.ios = ios
        self.profile = profile ?? Profile(ios: ios)
        self.device = device
        self.apps = apps
    }
}

/// Why a setup cannot start an engine.
public struct SetupError: Error, Hashable, Sendable, CustomStringConvertible {
    /// One line per problem.
    public var problems: [String]
    public var description: String { problems.joined(separator: "\n") }
}
