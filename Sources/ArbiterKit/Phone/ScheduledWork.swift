import ArbiterEngine

/// Work an app's code scheduled on the phone's clock: a block on a dispatch queue or an operation queue, a timer's
/// fire, a main-actor job. It runs in its app's context at its time, after what the phone was delivering then, in
/// the order it was scheduled (earlier times first, then first scheduled first), so a run is the same every time.
final class ScheduledWork: @unchecked Sendable {
    /// When it runs (later, if the phone postpones it: `WorkQueue.postponeDue`).
    fileprivate(set) var time: Time
    let app: SimulatedApp
    /// The queue it runs on: the main queue (nil counts as main) makes `Thread.isMainThread` true.
    let queue: DispatchQueue?
    private let body: () -> Void
    /// Set by `DispatchWorkItem.cancel()`, `Timer.invalidate()`, ...: the work does not run.
    var isCancelled = false

    init(time: Time, app: SimulatedApp, queue: DispatchQueue?, body: @escaping () -> Void) {
        self.time = time
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

    /// Schedules `body` for `app` at `time` on `queue`.
    @discardableResult
    func schedule(at time: Time, app: SimulatedApp, queue: DispatchQueue?, _ body: @escaping () -> Void)
        -> ScheduledWork
    {
        lock.lock()
        defer { lock.unlock() }
        let work = ScheduledWork(time: time, app: app, queue: queue, body: body)
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

    /// The first work due by `time`, left in the queue.
    func firstDue(by time: Time) -> ScheduledWork? {
        lock.lock()
        defer { lock.unlock() }
        return pending.first { !$0.isCancelled && $0.time <= time }
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

    /// Moves the work due by `time` to `later`, keeping its order (after the work already there). The same
    /// objects move, so whoever holds one can still cancel it.
    func postponeDue(by time: Time, to later: Time) {
        lock.lock()
        defer { lock.unlock() }
        let due = pending.prefix { $0.time <= time }
        guard !due.isEmpty else { return }
        pending.removeFirst(due.count)
        for work in due { work.time = later }
        let index = pending.firstIndex { $0.time > later } ?? pending.count
        pending.insert(contentsOf: due, at: index)
    }

    /// Drops the work of `app` (terminated: its process and what it scheduled are gone).
    func cancelAll(of app: SimulatedApp) {
        lock.lock()
        defer { lock.unlock() }
        pending.removeAll { $0.app === app }
    }
}

extension Time {
    /// `seconds` of the phone's time, saturating: NaN is zero, what does not fit is the farthest time there is, so
    /// that no value an app's code passes stops the process.
    static func phoneSeconds(_ seconds: Double) -> Time {
        guard !seconds.isNaN else { return .zero }
        let milliseconds = (seconds * 1000).rounded()
        if milliseconds >= 9.0e15 { return .ms(9_000_000_000_000_000) }
        if milliseconds <= -9.0e15 { return .ms(-9_000_000_000_000_000) }
        return .ms(Int64(milliseconds))
    }
}

/// An action that repeats on the phone's clock (a repeating `Timer`, a Combine scheduler's repeating action): each
/// run schedules the next one, `interval` (at least a millisecond, so it never runs twice at one instant) after its
/// own time, until cancelled.
final class RepeatingWork: @unchecked Sendable {
    private let app: SimulatedApp
    private let queue: DispatchQueue?
    private let interval: Time
    private let action: () -> Void
    private var pending: ScheduledWork?
    private var cancelled = false

    /// Starts `action` as `app`'s code on `queue`, first after `delay`, then every `interval`.
    init(
        _ app: SimulatedApp, on queue: DispatchQueue?, after delay: Time, every interval: Time,
        _ action: @escaping () -> Void
    ) {
        self.app = app
        self.queue = queue
        self.interval = max(interval, .ms(1))
        self.action = action
        schedule(after: delay)
    }

    /// When it runs next; nil once cancelled (or when its app's phone has finished).
    var nextTime: Time? { cancelled ? nil : pending?.time }

    private func schedule(after delay: Time) {
        guard !cancelled else { return }
        pending = app.schedule(after: delay, on: queue) { [self] in
            guard !cancelled else { return }
            schedule(after: interval)
            action()
        }
    }

    func cancel() {
        cancelled = true
        pending?.cancel()
        pending = nil
    }
}
