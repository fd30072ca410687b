/// `NotificationCenter`, one an app: `NotificationCenter.default` is the default center of the app whose code is
/// running, so each app's observers hear only what the phone tells that app. It shadows Foundation's class for code
/// that imports ArbiterKit (and not Foundation itself: ArbiterKit re-exports the rest of Foundation).
///
/// Observers are blocks (`addObserver(forName:object:queue:using:)`); the selector form needs the Objective-C runtime.
/// Every block runs at once, on the caller's thread, whatever queue it names: the phone has one simulated thread.
open class NotificationCenter: @unchecked Sendable {
    private var observers: [Observer] = []
    private static let outside = NotificationCenter()

    public init() {}

    /// The running app's center. Outside any app's code: a center of its own that no app posts to. Observing it
    /// there is an issue (nothing would ever be heard); removing an observer from it, as a `deinit` that runs after
    /// its phone finished does, is harmless and says nothing.
    open class var `default`: NotificationCenter {
        if let app = SimulatedApp.current { return app.notificationCenter }
        return outside
    }

    /// Adds a block observer; returns the token `removeObserver(_:)` takes.
    @discardableResult
    open func addObserver(
        forName name: NSNotification.Name?, object obj: Any?, queue: OperationQueue?,
        using block: @escaping (Notification) -> Void
    ) -> NSObjectProtocol {
        if self === NotificationCenter.outside { Diagnostics.outsideApp("NotificationCenter.default.addObserver") }
        let observer = Observer(name: name, object: obj.map { $0 as AnyObject }, block: block)
        observers.append(observer)
        return observer
    }

    /// Removes an observer token (or every observation of an object that registered with tokens it keeps).
    open func removeObserver(_ observer: Any) {
        observers.removeAll { $0 === observer as AnyObject }
    }

    open func removeObserver(_ observer: Any, name aName: NSNotification.Name?, object anObject: Any?) {
        observers.removeAll { $0 === observer as AnyObject && (aName == nil || $0.name == aName) }
    }

    open func post(_ notification: Notification) {
        let receivers = observers.filter { observer in
            (observer.name == nil || observer.name == notification.name)
                && (observer.object == nil || observer.object === notification.object.map { $0 as AnyObject })
        }
        for observer in receivers where observers.contains(where: { $0 === observer }) { observer.block(notification) }
    }

    open func post(
        name aName: NSNotification.Name, object anObject: Any?, userInfo aUserInfo: [AnyHashable: Any]? = nil
    ) {
        post(Notification(name: aName, object: anObject, userInfo: aUserInfo))
    }

    /// Takes `other`'s observers after its own (an adopted app's center and its launch's).
    func takeObservers(of other: NotificationCenter) {
        observers += other.observers
        other.observers = []
    }

    private final class Observer: NSObject, @unchecked Sendable {
        let name: NSNotification.Name?
        weak var object: AnyObject?
        let block: (Notification) -> Void

        init(name: NSNotification.Name?, object: AnyObject?, block: @escaping (Notification) -> Void) {
            self.name = name
            self.object = object
            self.block = block
        }
    }
}
