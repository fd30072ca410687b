import ArbiterEngine

/// `UIUserInterfaceIdiom`.
public enum UIUserInterfaceIdiom: Int, Sendable {
    case unspecified = -1
    case phone, pad, tv, carPlay
    case mac = 5
    case vision = 6
}

/// `UIDeviceOrientation`.
public enum UIDeviceOrientation: Int, Sendable {
    case unknown = 0
    case portrait, portraitUpsideDown, landscapeLeft, landscapeRight, faceUp, faceDown

    public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
    public var isFlat: Bool { self == .faceUp || self == .faceDown }
    public var isValidInterfaceOrientation: Bool { isPortrait || isLandscape }
}

extension UIDevice {
    /// `UIDevice.BatteryState`.
    public enum BatteryState: Int, Sendable {
        case unknown = 0
        case unplugged, charging, full
    }
}

/// `UIDevice`: the simulated phone, an iPhone running the iOS version of its `Setup`. Proximity monitoring is kept
/// for each app, as iOS keeps it for each process; the simulated phone is never held to an ear, so `proximityState`
/// is false and `proximityStateDidChangeNotification` is never posted.
open class UIDevice: NSObject, @unchecked Sendable {
    private static let device = UIDevice()

    /// The phone the running app's code is on. Its values are the phone's in an app's code; elsewhere they are
    /// reported as asked outside any app's code, and read as an iPhone's of no particular version.
    open class var current: UIDevice { device }

    public static let proximityStateDidChangeNotification =
        NSNotification.Name("UIDeviceProximityStateDidChangeNotification")
    public static let orientationDidChangeNotification = NSNotification.Name("UIDeviceOrientationDidChangeNotification")

    private func app(_ api: String) -> SimulatedApp? {
        if let app = SimulatedApp.current { return app }
        Diagnostics.outsideApp("UIDevice.current.\(api)")
        return nil
    }

    open var name: String { "iPhone" }
    open var model: String { "iPhone" }
    open var localizedModel: String { "iPhone" }
    open var systemName: String { "iOS" }
    open var userInterfaceIdiom: UIUserInterfaceIdiom { .phone }
    open var isMultitaskingSupported: Bool { true }

    /// The major version the phone's `Setup` gives (`"17.0"`); "" outside any app's code.
    open var systemVersion: String {
        guard let app = app("systemVersion") else { return "" }
        return "\(app.phone.engine.ios).0"
    }

    /// Kept for the running app's process, as iOS keeps it (an iPhone has the sensor, so setting it sticks).
    open var isProximityMonitoringEnabled: Bool {
        get { app("isProximityMonitoringEnabled")?.proximityMonitoring ?? false }
        set { app("isProximityMonitoringEnabled = \(newValue)")?.proximityMonitoring = newValue }
    }

    /// False: the simulated phone is never close to the user's face.
    open var proximityState: Bool { false }

    // MARK: Orientation

    /// `.unknown` until the app's code calls `beginGeneratingDeviceOrientationNotifications()`, as on iOS; then
    /// `.portrait`: the simulated phone is held upright and never turns, so `orientationDidChangeNotification` is
    /// never posted.
    open var orientation: UIDeviceOrientation {
        (app("orientation")?.orientationNotifications ?? 0) > 0 ? .portrait : .unknown
    }

    open var isGeneratingDeviceOrientationNotifications: Bool {
        (app("isGeneratingDeviceOrientationNotifications")?.orientationNotifications ?? 0) > 0
    }

    /// Counted for the app's process, as iOS nests the calls.
    open func beginGeneratingDeviceOrientationNotifications() {
        app("beginGeneratingDeviceOrientationNotifications()")?.orientationNotifications += 1
    }

    open func endGeneratingDeviceOrientationNotifications() {
        guard let app = app("endGeneratingDeviceOrientationNotifications()") else { return }
        app.orientationNotifications = max(app.orientationNotifications - 1, 0)
    }

    // MARK: Battery

    /// Kept for the app's process. With it off the battery reads as iOS reads it then (`.unknown`, -1); with it on
    /// the battery is reported as not modelled and reads the same.
    open var isBatteryMonitoringEnabled: Bool {
        get { app("isBatteryMonitoringEnabled")?.batteryMonitoring ?? false }
        set { app("isBatteryMonitoringEnabled = \(newValue)")?.batteryMonitoring = newValue }
    }

    open var batteryState: BatteryState {
        batteryRead("batteryState")
        return .unknown
    }

    open var batteryLevel: Float {
        batteryRead("batteryLevel")
        return -1
    }

    private func batteryRead(_ api: String) {
        guard let app = app(api), app.batteryMonitoring else { return }
        Diagnostics.unmodelled("UIDevice.current.\(api) with battery monitoring on", app: app)
    }

    // MARK: Identity

    /// The same UUID for an app of the same name on every run (derived from the name), as iOS keeps one for an
    /// app's vendor; nil outside any app's code.
    open var identifierForVendor: UUID? {
        guard let app = app("identifierForVendor") else { return nil }
        var bytes = [UInt8](repeating: 0, count: 16)
        for (index, byte) in "vendor:\(app.name)".utf8.enumerated() {
            bytes[index % 16] = bytes[index % 16] &* 31 &+ byte
        }
        bytes[6] = bytes[6] & 0x0F | 0x40  // version 4
        bytes[8] = bytes[8] & 0x3F | 0x80  // RFC 4122 variant
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}
