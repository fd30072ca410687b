import ArbiterEngine
import ArbiterLint

/// The engine's values a test hands a phone, named under `SimulatedPhone`, so that a test needs only `import
/// ArbiterKit` (and `ArbiterTesting`): importing the engine beside an app's module would bring its names (`Player`,
/// `AudioSession`, `Route`, ...) next to the app's own types of the same names.
extension SimulatedPhone {
    /// The phone's iOS version, profile, device and declared apps (`ArbiterEngine.Setup`).
    public typealias Setup = ArbiterEngine.Setup
    /// A declared app beside the apps backed by code (`ArbiterEngine.AppConfig`).
    public typealias AppConfig = ArbiterEngine.AppConfig
    /// An accessory to connect or disconnect (`ArbiterEngine.AccessorySpec`).
    public typealias AccessorySpec = ArbiterEngine.AccessorySpec
    /// A device, system or declared app's event (`ArbiterEngine.Event`).
    public typealias Event = ArbiterEngine.Event
    /// The phone's time (`ArbiterEngine.Time`).
    public typealias Time = ArbiterEngine.Time
    /// The tunables where iOS's behaviour is uncertain (`ArbiterEngine.Profile`).
    public typealias Profile = ArbiterEngine.Profile
    /// The device the phone starts as (`ArbiterEngine.DeviceConfig`).
    public typealias DeviceConfig = ArbiterEngine.DeviceConfig
    /// What the lock screen shows (`ArbiterEngine.NowPlayingView`), as `engine.nowPlayingView(at:)` gives it.
    public typealias NowPlayingView = ArbiterEngine.NowPlayingView
    /// What an app published to `MPNowPlayingInfoCenter`, as the engine keeps it (`ArbiterEngine.NowPlayingInfo`).
    public typealias NowPlayingInfo = ArbiterEngine.NowPlayingInfo
    /// A player's state in the engine (`ArbiterEngine.PlayerState`).
    public typealias PlayerState = ArbiterEngine.PlayerState
    /// Lints silenced, each with its reason (`ArbiterLint.LintAllowances`).
    public typealias LintAllowances = ArbiterLint.LintAllowances

    /// A phone running iOS `ios` (behaviour generation 16, 17, ...) with `profile`'s tunables, `device` as it
    /// starts, and `apps` declared beside the apps the test installs with their code.
    public convenience init(
        ios: Int = 17, profile: Profile? = nil, device: DeviceConfig = DeviceConfig(),
        apps: [AppConfig] = [], allowing lintAllowances: LintAllowances = LintAllowances(),
        fileID: StaticString = #fileID, line: UInt = #line
    ) throws(SetupError) {
        try self.init(
            Setup(ios: ios, profile: profile, device: device, apps: apps), allowing: lintAllowances,
            fileID: fileID, line: line)
    }
}
