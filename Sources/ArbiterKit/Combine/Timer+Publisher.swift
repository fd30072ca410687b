/// `Timer.publish(every:tolerance:on:in:options:)`: a connectable publisher of the dates a repeating timer fires
/// at. Connected in an app's code (`connect()`, or `autoconnect()` on the first subscription), its timer is a
/// `Timer` on the phone's clock: it fires at each interval as `SimulatedPhone.advance(by:)` passes it, in the app's
/// context, and each date is the phone's time (its time zero is `Date(timeIntervalSinceReferenceDate: 0)`), the same
/// every run. Elsewhere it is a Foundation timer. A fire without demand is dropped, as on iOS.
extension Timer {
    /// A publisher that, once connected, fires every `interval` seconds on `runLoop`.
    public static func publish(
        every interval: TimeInterval, tolerance: TimeInterval? = nil, on runLoop: RunLoop,
        in mode: RunLoop.Mode, options: RunLoop.SchedulerOptions? = nil
    ) -> TimerPublisher {
        TimerPublisher(interval: interval, tolerance: tolerance, runLoop: runLoop, mode: mode, options: options)
    }

    /// The publisher `Timer.publish(every:tolerance:on:in:options:)` returns.
    public final class TimerPublisher: ConnectablePublisher, @unchecked Sendable {
        public typealias Output = Date
        public typealias Failure = Never

        public let interval: TimeInterval
        public let tolerance: TimeInterval?
        public let runLoop: RunLoop
        public let mode: RunLoop.Mode
        public let options: RunLoop.SchedulerOptions?

        private let lock = NSRecursiveLock()
        /// The subscribers, in the order they subscribed.
        private var subscriptions: [TimerSubscription] = []

        public init(
            interval: TimeInterval, tolerance: TimeInterval? = nil, runLoop: RunLoop, mode: RunLoop.Mode,
            options: RunLoop.SchedulerOptions? = nil
        ) {
            self.interval = interval
            self.tolerance = tolerance
            self.runLoop = runLoop
            self.mode = mode
            self.options = options
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Date, S.Failure == Never {
            let subscription = TimerSubscription(subscriber) { [weak self] in self?.remove($0) }
            lock.lock()
            subscriptions.append(subscription)
            lock.unlock()
            subscriber.receive(subscription: subscription)
        }

        /// Starts the timer; cancelling the result stops it.
        public func connect() -> Cancellable {
            let timer = Timer(timeInterval: interval, repeats: true) { [weak self] _ in self?.fire() }
            timer.tolerance = tolerance ?? 0
            runLoop.add(timer, forMode: mode)
            return AnyCancellable { timer.invalidate() }
        }

        private func fire() {
            let date = PhoneScheduling.now
            lock.lock()
            let subscriptions = subscriptions
            lock.unlock()
            for subscription in subscriptions { subscription.send(date) }
        }

        private func remove(_ subscription: TimerSubscription) {
            lock.lock()
            subscriptions.removeAll { $0 === subscription }
            lock.unlock()
        }
    }
}

/// One subscriber of a timer publisher.
private final class TimerSubscription: Subscription, @unchecked Sendable {
    private let lock = NSRecursiveLock()
    private var receive: ((Date) -> Subscribers.Demand)?
    private let demand = SubscriptionDemand()
    private let removed: (TimerSubscription) -> Void

    init<S: Subscriber>(_ subscriber: S, removed: @escaping (TimerSubscription) -> Void)
    where S.Input == Date, S.Failure == Never {
        receive = { subscriber.receive($0) }
        self.removed = removed
    }

    func send(_ date: Date) {
        guard let receive = lock.withLock({ receive }) else { return }
        _ = demand.deliver(date, to: receive)
    }

    func request(_ demand: Subscribers.Demand) { self.demand.add(demand) }

    func cancel() {
        lock.lock()
        let wasActive = receive != nil
        receive = nil
        lock.unlock()
        if wasActive { removed(self) }
    }
}
