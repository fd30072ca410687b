import ArbiterEngine

/// `UIApplicationDelegate`'s lifecycle methods. Every method is optional. An object an app's launch code returns
/// that adopts it is the app's delegate.
public protocol UIApplicationDelegate: AnyObject {
    func applicationWillResignActive(_ application: UIApplication)
    func applicationDidEnterBackground(_ application: UIApplication)
    func applicationWillEnterForeground(_ application: UIApplication)
    func applicationDidBecomeActive(_ application: UIApplication)
    func applicationWillTerminate(_ application: UIApplication)
}

extension UIApplicationDelegate {
    public func applicationWillResignActive(_ application: UIApplication) {}
    public func applicationDidEnterBackground(_ application: UIApplication) {}
    public func applicationWillEnterForeground(_ application: UIApplication) {}
    public func applicationDidBecomeActive(_ application: UIApplication) {}
    public func applicationWillTerminate(_ application: UIApplication) {}
}

/// `UIApplication`: the running app's lifecycle as the phone drives it. Its notifications go to the app's
/// `NotificationCenter.default`: willResignActive before the app leaves the foreground, didEnterBackground after,
/// willEnterForeground and didBecomeActive when it comes back, willTerminate before it is terminated.
open class UIApplication: NSObject, @unchecked Sendable {
    /// `UIApplication.State`.
    public enum State: Int, Sendable {
        case active = 0
        case inactive, background
    }

    let app: SimulatedApp?
    private static let outside = UIApplication(app: nil)
    weak var delegate: UIApplicationDelegate?
    private var backgroundTasks: Set<Int> = []
    private var nextTask = 1

    init(app: SimulatedApp?) { self.app = app }

    /// The running app's application object.
    open class var shared: UIApplication {
        if let app = SimulatedApp.current { return app.application }
        Diagnostics.outsideApp("UIApplication.shared")
        return outside
    }

    public static let willResignActiveNotification = NSNotification.Name("UIApplicationWillResignActiveNotification")
    public static let didEnterBackgroundNotification = NSNotification.Name(
        "UIApplicationDidEnterBackgroundNotification")
    public static let willEnterForegroundNotification = NSNotification.Name(
        "UIApplicationWillEnterForegroundNotification")
    public static let didBecomeActiveNotification = NSNotification.Name("UIApplicationDidBecomeActiveNotification")
    public static let willTerminateNotification = NSNotification.Name("UIApplicationWillTerminateNotification")
    /// Declared, never posted: memory pressure and data protection are not modelled.
    public static let didReceiveMemoryWarningNotification =
        NSNotification.Name("UIApplicationDidReceiveMemoryWarningNotification")
    public static let protectedDataWillBecomeUnavailableNotification =
        NSNotification.Name("UIApplicationProtectedDataWillBecomeUnavailable")
    public static let protectedDataDidBecomeAvailableNotification =
        NSNotification.Name("UIApplicationProtectedDataDidBecomeAvailable")

    open var applicationState: State {
        switch app?.state?.lifecycle {
        case .foreground?: .active
        default: .background
        }
    }

    /// The legacy remote-control registration. Remote commands reach an app through MPRemoteCommandCenter here;
    /// this call changes nothing (`remoteControlReceived(with:)` is not modelled).
    open func beginReceivingRemoteControlEvents() {}
    open func endReceivingRemoteControlEvents() {}

    /// A finite background extension. It does not keep audio playing: only the `audio` background mode does.
    /// Its result may be dropped, as in the Objective-C API iOS imports (the task then cannot be ended).
    @discardableResult
    open func beginBackgroundTask(expirationHandler handler: (() -> Void)? = nil) -> UIBackgroundTaskIdentifier {
        beginBackgroundTask(withName: nil, expirationHandler: handler)
    }

    @discardableResult
    open func beginBackgroundTask(
        withName taskName: String?,
        expirationHandler handler: (() -> Void)? = nil
    ) -> UIBackgroundTaskIdentifier {
        let task = nextTask
        nextTask += 1
        backgroundTasks.insert(task)
        return UIBackgroundTaskIdentifier(rawValue: task)
    }

    open func endBackgroundTask(_ identifier: UIBackgroundTaskIdentifier) {
        backgroundTasks.remove(identifier.rawValue)
    }

    /// Background tasks begun and not ended.
    public var openBackgroundTasks: Int { backgroundTasks.count }

    /// In the foreground, `.greatestFiniteMagnitude` (iOS's "suitably large" value, DBL_MAX). In the background it is
    /// reported as not modelled (the phone does not count the background time iOS grants) and reads the same.
    open var backgroundTimeRemaining: TimeInterval {
        if applicationState != .active {
            Diagnostics.unmodelled("UIApplication.backgroundTimeRemaining in the background", app: app)
        }
        return .greatestFiniteMagnitude
    }

    /// Kept and read back for the app (players and calls keep the screen on with it); the simulated phone has no
    /// screen to dim and never locks itself, so it changes nothing.
    open var isIdleTimerDisabled = false

    /// The URL that opens the app's page in Settings.
    public static let openSettingsURLString = "app-settings:"

    /// Reported as not modelled: the simulated phone opens no other app or page. The handler gets false.
    open func open(
        _ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:],
        completionHandler completion: ((Bool) -> Void)? = nil
    ) {
        Diagnostics.unmodelled("UIApplication.open(\(url.absoluteString))", app: app)
        completion?(false)
    }

    /// False: the simulated phone has no other app to open a URL with.
    open func canOpenURL(_ url: URL) -> Bool { false }

    /// `UIApplication.OpenExternalURLOptionsKey`.
    public struct OpenExternalURLOptionsKey: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let universalLinksOnly = OpenExternalURLOptionsKey(
            rawValue: "UIApplicationOpenURLOptionUniversalLinksOnly")
    }

    /// Calls the app's delegate, then posts the lifecycle notification to its observers, as UIKit does.
    func post(_ name: NSNotification.Name, delegate call: (UIApplicationDelegate, UIApplication) -> Void) {
        if let delegate { call(delegate, self) }
        app?.notificationCenter.post(name: name, object: self)
    }
}

/// `UIBackgroundTaskIdentifier`.
public struct UIBackgroundTaskIdentifier: RawRepresentable, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let invalid = UIBackgroundTaskIdentifier(rawValue: 0)
}
