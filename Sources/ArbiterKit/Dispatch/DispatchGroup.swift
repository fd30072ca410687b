import ArbiterEngine
@preconcurrency import Dispatch

/// `DispatchGroup`: work that finishes together. On the phone, `notify(queue:)` runs its block on the phone's clock
/// once the last `leave()` comes; `wait()` cannot block the phone's one thread, so it is reported when work is
/// still out (and returns `.timedOut`). Outside any app's code it is Dispatch's group.
public final class DispatchGroup: @unchecked Sendable {
    private let dispatch = Dispatch.DispatchGroup()
    private let lock = NSLock()
    private var outstanding = 0
    private var waiting: [(app: SimulatedApp, queue: DispatchQueue, work: () -> Void)] = []

    public init() {}

    public func enter() {
        dispatch.enter()
        lock.withLock { outstanding += 1 }
    }

    public func leave() {
        let ready: [(app: SimulatedApp, queue: DispatchQueue, work: () -> Void)] = lock.withLock {
            outstanding -= 1
            guard outstanding <= 0 else { return [] }
            defer { waiting = [] }
            return waiting
        }
        dispatch.leave()
        for entry in ready { entry.app.schedule(after: .zero, on: entry.queue, entry.work) }
    }

    public func notify(
        qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], queue: DispatchQueue,
        execute work: @escaping @Sendable () -> Void
    ) {
        guard let app = SimulatedApp.current, app.isOnRunningPhone else {
            return dispatch.notify(qos: qos, flags: flags, queue: queue.dispatch, execute: work)
        }
        let runNow: Bool = lock.withLock {
            if outstanding <= 0 { return true }
            waiting.append((app, queue, work))
            return false
        }
        if runNow { app.schedule(after: .zero, on: queue, work) }
    }

    public func notify(queue: DispatchQueue, work: DispatchWorkItem) {
        notify(queue: queue) { if !work.isCancelled { work.perform() } }
    }

    public func wait() {
        guard blocksThePhone("wait()") else { return dispatch.wait() }
    }

    public func wait(timeout: DispatchTime) -> DispatchTimeoutResult {
        guard blocksThePhone("wait(timeout:)") else { return dispatch.wait(timeout: timeout.dispatch) }
        return lock.withLock { outstanding } <= 0 ? .success : .timedOut
    }

    public func wait(wallTimeout timeout: DispatchWallTime) -> DispatchTimeoutResult { wait(timeout: timeout.time) }

    /// In an app's code with work still out, waiting would block the phone's one thread: says so.
    private func blocksThePhone(_ api: String) -> Bool {
        guard let app = SimulatedApp.current, app.isOnRunningPhone else { return false }
        if lock.withLock({ outstanding }) > 0 {
            app.phone.diagnose(
                "\(app.name) code: DispatchGroup.\(api) waits for work sent to a queue, which runs on "
                    + "the phone's one thread only after this code returns; it returns at once (timed out). Expected "
                    + "notify(queue:) (docs/app-code.md#the-main-thread)")
        }
        return true
    }
}
