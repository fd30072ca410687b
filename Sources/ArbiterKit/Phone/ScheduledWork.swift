import ArbiterEngine

/// Work an app's code scheduled on the phone's clock: a block on a dispatch queue or an operation queue, a timer's
/// fire, a main-actor job. It runs in its app's context at its time, after what the phone was delivering then, in
/// the order it was scheduled (earlier times first, then first scheduled first), so a run is the same every time.
final class ScheduledWork: @unchecked Sendable {
    let time: Time
    let order: Int
    let app: SimulatedApp
    /// The queue it runs on: the main queue (nil counts as main) makes `Thread.isMainThread` true.
    let queue: DispatchQueue?
    private let body: () -> Void
    /// Set by `DispatchWorkItem.cancel()`, `Timer.invalidate()`, ...: the work does not run.
    var isCancelled = false

    init(time: Time, order: Int, app: SimulatedApp, queue: DispatchQueue?, body: @escaping () -> Void) {
        self.time = time
        self.order = order
        self.app = app
        self.queue = queue
        self.body = body
    }

    /// It will not run.
    func cancel() { isCancelled = true }

    func run() {
        guard !isCancelled else { return }
        app.run { DispatchQueue.$executing.withValue(queue ?? .main) { body() } }
    }
}

/// The phone's queue of scheduled work, in the order it runs. Code off the phone's thread (a `Task` on the global
/// executor) may schedule too, so it is locked.
final class WorkQueue: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: [ScheduledWork] = []
    private var scheduled = 0

    /// Schedules `body` for `app` at `time` on `queue`.
    @discardableResult
    func schedule(at time: Time, app: SimulatedApp, queue: DispatchQueue?, _ body: @escaping () -> Void) -> ScheduledWork {
        lock.lock()
        defer { lock.unlock() }
        scheduled += 1
        let work = ScheduledWork(time: time, order: scheduled, app: app, queue: queue, body: body)
        // After every entry due no later: the queue stays in running order.
        let index = pending.firstIndex { $0.time > time } ?? pending.count
        pending.insert(work, at: index)
        return work
    }

    /// When the next work is due, if any.
    var nextTime: Time? {
        lock.lock()
        defer { lock.unlock() }
        return pending.first { !$0.isCancelled }?.time
    }

    /// Takes the first work due by `time`.
    func takeDue(by time: Time) -> ScheduledWork? {
        lock.lock()
        defer { lock.unlock() }
        pending.removeAll { $0.isCancelled }
        guard let first = pending.first, first.time <= time else { return nil }
        pending.removeFirst()
        return first
    }

    /// Drops the work of `app` (terminated: its process and what it scheduled are gone).
    func cancelAll(of app: SimulatedApp) {
        lock.lock()
        defer { lock.unlock() }
        pending.removeAll { $0.app === app }
    }
}
