import ArbiterEngine

/// `UIUserInterfaceIdiom`.
public enum UIUserInterfaceIdiom: Int, Sendable {
    case unspecified = -1, phone, pad, tv, carPlay, mac = 5, vision = 6
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
}
