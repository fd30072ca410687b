/// `publisher(for:options:)`: a key path's values as a Combine publisher, on the objects that adopt key-value
/// observing (`AVPlayer`, `AVQueuePlayer`, `AVPlayerItem`). It is built on `observe(_:options:changeHandler:)`: the
/// value is read again after every step of the phone and sent when it changed, in the app's context.
/// As Foundation's: `.initial` sends the value as it is when subscribed; each change sends the value after it (with
/// or without `.new`); `.prior` sends the value before each change first. A value that arrives while the subscriber
/// has no demand is kept (the latest only) until it asks.
extension _KeyValueObservingSimulated {
    /// The values at `keyPath`, from now on (from the current one with `.initial`, as by default).
    public func publisher<Value: Equatable>(
        for keyPath: KeyPath<Self, Value>, options: NSKeyValueObservingOptions = [.initial, .new]
    ) -> NSObject.KeyValueObservingPublisher<Self, Value> {
        NSObject.KeyValueObservingPublisher(object: self, keyPath: keyPath, options: options)
    }
}

extension NSObject {
    /// The publisher `publisher(for:options:)` returns.
    public struct KeyValueObservingPublisher<Subject: _KeyValueObservingSimulated, Value: Equatable>:
        OpenCombine.Publisher, Equatable
    {
        public typealias Output = Value
        public typealias Failure = Never

        public let object: Subject
        public let keyPath: KeyPath<Subject, Value>
        public let options: NSKeyValueObservingOptions

        public init(object: Subject, keyPath: KeyPath<Subject, Value>, options: NSKeyValueObservingOptions) {
            self.object = object
            self.keyPath = keyPath
            self.options = options
        }

        /// A `Void` for each value.
        public func didChange() -> Publishers.Map<KeyValueObservingPublisher<Subject, Value>, Void> { map { _ in () } }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Value, S.Failure == Never {
            let subscription = KeyValueSubscription(subscriber)
            subscription.observe(object, keyPath, options: options)
            subscriber.receive(subscription: subscription)
        }

        public static func == (lhs: KeyValueObservingPublisher, rhs: KeyValueObservingPublisher) -> Bool {
            lhs.object === rhs.object && lhs.keyPath == rhs.keyPath && lhs.options == rhs.options
        }
    }
}

/// One subscriber's observation.
private final class KeyValueSubscription<Value: Equatable, S: Subscriber>: Subscription, @unchecked Sendable
where S.Input == Value, S.Failure == Never {
    private let lock = NSRecursiveLock()
    private var subscriber: S?
    private let demand = SubscriptionDemand()
    /// A value that arrived without demand: sent at the next request.
    private var held: Value?
    private var observation: NSKeyValueObservation?

    init(_ subscriber: S) { self.subscriber = subscriber }

    func observe<Subject: _KeyValueObservingSimulated>(
        _ object: Subject, _ keyPath: KeyPath<Subject, Value>,
        options: NSKeyValueObservingOptions
    ) {
        if options.contains(.initial) { held = object[keyPath: keyPath] }
        let prior = options.contains(.prior)
        observation = object.observe(keyPath, options: [.old, .new]) { [weak self] object, change in
            guard let self else { return }
            if prior, let old = change.oldValue { send(old) }
            send(object[keyPath: keyPath])
        }
    }

    private func send(_ value: Value) {
        guard let subscriber = lock.withLock({ subscriber }) else { return }
        if !demand.deliver(value, to: subscriber.receive) { lock.withLock { held = value } }
    }

    func request(_ demand: Subscribers.Demand) {
        self.demand.add(demand)
        guard let value = lock.withLock({ held.take() }) else { return }
        send(value)
    }

    func cancel() {
        lock.lock()
        subscriber = nil
        held = nil
        let observation = observation
        self.observation = nil
        lock.unlock()
        observation?.invalidate()
    }
}
