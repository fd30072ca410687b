/// Everything the engine starts from: the iOS generation, the tunables, the device and the apps.
public struct Setup: Hashable, Sendable {
    /// The behaviour generation (16, 17, ...). Default 17.
    public var ios: Int
    public var profile: Profile
    public var device: DeviceConfig
    /// The apps, in declaration order (which is also the order of every report).
    public var apps: [AppConfig]

    public init(
        ios: Int = 17, profile: Profile = Profile(), device: DeviceConfig = DeviceConfig(),
        apps: [AppConfig] = []
    ) {
        self.ios = ios
        self.profile = profile
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
