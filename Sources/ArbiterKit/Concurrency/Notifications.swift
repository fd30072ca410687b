/// `NotificationCenter.notifications(named:object:)` (iOS 15): a center's notifications of a name as an async
/// sequence, for `for await note in NotificationCenter.default.notifications(named: ...)`. The sequence observes the
/// center from when it is made, and keeps what arrives until the loop asks for it, in order.
///
/// On the phone, a loop on the main actor (`Task { @MainActor in ... }`, a `@MainActor` method) gets each
/// notification at the notification's instant, once the delivery that posted it is handled, in the app's context,
/// on the phone's thread: the same every run. A loop off the main actor resumes on the global executor, at a real
/// time.
extension NotificationCenter {
    /// The notifications of `name` (of `object`, if given) this center posts from now on, as an async sequence.
    public func notifications(named name: Notification.Name, object: AnyObject? = nil) -> Notifications {
        Notifications(center: self, name: name, object: object)
    }

    /// An async sequence of a center's notifications; it stops observing when released. A loop over it ends when
    /// its task is cancelled.
    public final class Notifications: AsyncSequence, @unchecked Sendable {
        public typealias Element = Notification
        public typealias Failure = Never

        private let buffer = NotificationBuffer()
        private weak var center: NotificationCenter?
        private var token: NSObjectProtocol?

        init(center: NotificationCenter, name: Notification.Name, object: AnyObject?) {
            self.center = center
            let buffer = buffer
            token = center.addObserver(forName: name, object: object, queue: nil) { buffer.post($0) }
        }

        deinit {
            if let token { center?.removeObserver(token) }
        }

        public func makeAsyncIterator() -> Iterator { Iterator(sequence: self) }

        /// The iterator: `next()` waits for the next notification, or returns nil once the task is cancelled.
        public struct Iterator: AsyncIteratorProtocol {
            public typealias Element = Notification
            public typealias Failure = Never

            /// The sequence, kept so that it observes while the loop runs.
            let sequence: Notifications

            /// Waits on the caller's actor: a main-actor loop stays on the main actor.
            public mutating func next(isolation actor: isolated (any Actor)?) async -> Notification? {
                return await sequence.buffer.next(isolation: actor)
            }

            public mutating func next() async -> Notification? {
                return await sequence.buffer.next(isolation: nil)
            }
        }
    }
}

/// The notifications a sequence has received and its loop has not taken yet, and the loop waiting for one.
///
/// A loop elsewhere waits on a continuation. A continuation, though, resumes its task on the global executor, which
/// sends a main-actor task back to the main actor from another thread at a real time. So on the phone a main-actor
/// loop waits differently: it moves to the sequence's own actor (`Waiter`), whose executor keeps its job instead of
/// running it; a notification posted hands the job to the phone as the app's next piece of work, where it takes the
/// notification and goes back to the main actor at once (`MainActorHops`). All of it happens on the phone's thread,
/// at the notification's instant, in the order posted.
private final class NotificationBuffer: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: [Notification] = []
    /// The loop waiting on a continuation.
    private var waiting: CheckedContinuation<UncheckedSendable<Notification>?, Never>?
    /// The app of the loop that is moving to the waiter, and its job once it is there.
    private var parkingApp: SimulatedApp?
    private var parked: UnownedJob?
    /// Set when the loop's task is cancelled: a job parked afterwards is woken at once.
    private var cancelled = false
    /// Where a main-actor loop on the phone waits (made with the buffer, whose own reference it needs).
    private var waiter: Waiter!

    init() { waiter = Waiter(buffer: self) }

    /// A notification posted: the waiting loop resumes with it, or it is kept.
    func post(_ notification: Notification) {
        lock.lock()
        pending.append(notification)
        if let waiting {
            self.waiting = nil
            let first = UncheckedSendable(pending.removeFirst())
            lock.unlock()
            return waiting.resume(returning: first)
        }
        lock.unlock()
        wakeParked()
    }

    func next(isolation: isolated (any Actor)?) async -> Notification? {
        if Task.isCancelled { return nil }
        if let first = takeFirst() { return first.value }
        if (isolation as AnyObject?) === MainActor.shared, let app = SimulatedApp.current, app.isOnRunningPhone {
            return await withTaskCancellationHandler(
                operation: {
                    // Naming `isolation` keeps this closure on the caller's actor (no hop to the global executor).
                    _ = isolation
                    willPark(for: app)
                    return await waiter.take()?.value
                },
                onCancel: {
                    lock.lock()
                    cancelled = true
                    lock.unlock()
                    wakeParked()
                }, isolation: isolation)
        }
        let next = await withTaskCancellationHandler(
            operation: {
                await withCheckedContinuation(isolation: isolation) {
                    (continuation: CheckedContinuation<UncheckedSendable<Notification>?, Never>) in
                    lock.lock()
                    if !pending.isEmpty {
                        let first = UncheckedSendable(pending.removeFirst())
                        lock.unlock()
                        continuation.resume(returning: first)
                    } else if Task.isCancelled {
                        lock.unlock()
                        continuation.resume(returning: nil)
                    } else {
                        waiting = continuation
                        lock.unlock()
                    }
                }
            },
            onCancel: {
                lock.lock()
                let waiting = self.waiting
                self.waiting = nil
                lock.unlock()
                waiting?.resume(returning: nil)
            }, isolation: isolation)
        return next?.value
    }

    /// The main-actor loop of `app` moves to the waiter.
    private func willPark(for app: SimulatedApp) {
        lock.lock()
        parkingApp = app
        lock.unlock()
    }

    /// The main-actor loop's job reached the waiter's executor: kept until a notification (or cancellation) wakes it.
    fileprivate func park(_ job: UnownedJob) {
        lock.lock()
        parked = job
        let wake = !pending.isEmpty || cancelled
        lock.unlock()
        if wake { wakeParked() }
    }

    /// Hands the parked job, if any, to the phone: it runs as its app's next piece of work now.
    private func wakeParked() {
        lock.lock()
        guard let job = parked, let app = parkingApp else { return lock.unlock() }
        parked = nil
        parkingApp = nil
        lock.unlock()
        let executor = waiter.executor.asUnownedSerialExecutor()
        app.schedule(after: .zero, on: .main) {
            MainActorHops.collecting { job.runSynchronously(on: executor) }
        }
    }

    fileprivate func takeFirst() -> UncheckedSendable<Notification>? {
        lock.lock()
        defer { lock.unlock() }
        return pending.isEmpty ? nil : UncheckedSendable(pending.removeFirst())
    }
}

/// Where a main-actor loop on the phone waits: an actor whose executor keeps the loop's job (see NotificationBuffer).
private actor Waiter {
    nonisolated let executor: ParkingExecutor
    private unowned let buffer: NotificationBuffer

    init(buffer: NotificationBuffer) {
        self.buffer = buffer
        executor = ParkingExecutor(buffer: buffer)
    }

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// Runs once the job is woken: the next notification, or nil when the task was cancelled.
    func take() -> UncheckedSendable<Notification>? { buffer.takeFirst() }
}

/// The waiter's executor: it hands each job to the buffer, which keeps it until it is woken.
private final class ParkingExecutor: SerialExecutor, @unchecked Sendable {
    private unowned let buffer: NotificationBuffer

    init(buffer: NotificationBuffer) { self.buffer = buffer }

    func enqueue(_ job: consuming ExecutorJob) { buffer.park(UnownedJob(job)) }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor { UnownedSerialExecutor(ordinary: self) }
}
