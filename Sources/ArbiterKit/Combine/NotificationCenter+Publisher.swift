/// `NotificationCenter.publisher(for:object:)`: the center's notifications of a name as a Combine publisher. In an
/// app's code `NotificationCenter.default.publisher(for: AVAudioSession.interruptionNotification)` is that app's
/// center: each notification the phone posts to it reaches the subscriber at once, as a block observer's does. A
/// notification that arrives while the subscriber has no demand is dropped, as on iOS.
extension NotificationCenter {
    /// A publisher of one name's notifications (of one object, if given).
    public struct Publisher: OpenCombine.Publisher, Equatable {
        public typealias Output = Notification
        public typealias Failure = Never

        public let center: NotificationCenter
        public let name: Notification.Name
        public let object: AnyObject?

        public init(center: NotificationCenter, name: Notification.Name, object: AnyObject? = nil) {
            self.center = center
            self.name = name
            self.object = object
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Notification, S.Failure == Never {
            let subscription = NotificationSubscription(subscriber)
            subscriber.receive(subscription: subscription)
            subscription.observe(center, name: name, object: object)
        }

        public static func == (lhs: Publisher, rhs: Publisher) -> Bool {
            lhs.center === rhs.center && lhs.name == rhs.name && lhs.object === rhs.object
        }
    }

    /// The notifications of `name` (of `object`, if given) this center posts, for Combine.
    public func publisher(for name: Notification.Name, object: AnyObject? = nil) -> Publisher {
        Publisher(center: self, name: name, object: object)
    }
}

/// One subscriber's observer: it sends what the center posts while there is demand, until cancelled.
private final class NotificationSubscription<S: Subscriber>: Subscription, @unchecked Sendable
where S.Input == Notification, S.Failure == Never {
    private let lock = NSRecursiveLock()
    private var subscriber: S?
    private let demand = SubscriptionDemand()
    private weak var center: NotificationCenter?
    private var token: NSObjectProtocol?

    init(_ subscriber: S) { self.subscriber = subscriber }

    func observe(_ center: NotificationCenter, name: Notification.Name, object: AnyObject?) {
        lock.lock()
        defer { lock.unlock() }
        guard subscriber != nil else { return }  // cancelled as it subscribed
        self.center = center
        token = center.addObserver(forName: name, object: object, queue: nil) { [weak self] in self?.send($0) }
    }

    private func send(_ notification: Notification) {
        guard let subscriber = lock.withLock({ subscriber }) else { return }
        _ = demand.deliver(notification, to: subscriber.receive)
    }

    func request(_ demand: Subscribers.Demand) { self.demand.add(demand) }

    func cancel() {
        lock.lock()
        subscriber = nil
        let token = token
        self.token = nil
        lock.unlock()
        if let token { center?.removeObserver(token) }
    }

    var combineIdentifier: CombineIdentifier { CombineIdentifier(self) }
}
