import ArbiterEngine
@preconcurrency import Dispatch

/// `DispatchQueue`, as app code uses it to hop to the main thread and back. In an app's code on the simulated phone,
/// a block sent to any queue (`DispatchQueue.main.async`, `asyncAfter(deadline:)`, `DispatchQueue.global().async`, a
/// queue of the app's own) runs on the phone's clock, in that app's context, once what the phone is delivering is
/// handled, in the order it was sent (earlier deadlines first): the same every run. There is one simulated thread:
/// `sync` runs the block at once. Outside any app's code (a test's own code), each queue is Dispatch's.
///
/// It shadows Dispatch's class for code that imports ArbiterKit; `DispatchWorkItem`, `DispatchQoS` and
/// `DispatchSemaphore` are Dispatch's own. A semaphore that waits for a block sent to a queue blocks the phone's only
/// thread: the block never runs (docs/app-code.md).
public final class DispatchQueue: @unchecked Sendable {
    public typealias Attributes = Dispatch.DispatchQueue.Attributes
    public typealias AutoreleaseFrequency = Dispatch.DispatchQueue.AutoreleaseFrequency
    public typealias GlobalQueuePriority = Dispatch.DispatchQueue.GlobalQueuePriority

    public let label: String
    public let qos: DispatchQoS
    /// Whether this is the main queue: its blocks run on the app's main thread.
    let isMain: Bool
    /// Dispatch's queue, for blocks sent from outside any app's code.
    let dispatch: Dispatch.DispatchQueue
    private var specifics: [ObjectIdentifier: Any] = [:]

    /// The queue whose block is running in an app's code (nil: the app's main thread, outside any block).
    @TaskLocal static var executing: DispatchQueue?

    private init(main: Void) {
        label = "com.apple.main-thread"
        qos = .userInteractive
        isMain = true
        dispatch = .main
    }

    private init(label: String, qos: DispatchQoS, dispatch: Dispatch.DispatchQueue) {
        self.label = label
        self.qos = qos
        isMain = false
        self.dispatch = dispatch
    }

    /// A queue of the app's own (serial or concurrent: the phone has one thread, so its blocks run one at a time).
    public convenience init(
        label: String, qos: DispatchQoS = .unspecified, attributes: Attributes = [],
        autoreleaseFrequency: AutoreleaseFrequency = .inherit, target: DispatchQueue? = nil
    ) {
        self.init(
            label: label, qos: qos,
            dispatch: Dispatch.DispatchQueue(
                label: label, qos: qos, attributes: attributes,
                autoreleaseFrequency: autoreleaseFrequency, target: target?.dispatch))
    }

    /// The main queue: in an app's code, the app's main thread on the phone.
    public static let main = DispatchQueue(main: ())

    private static let globals: [DispatchQoS.QoSClass: DispatchQueue] = Dictionary(
        uniqueKeysWithValues: [
            DispatchQoS.QoSClass.background, .utility, .default, .userInitiated, .userInteractive, .unspecified,
        ].map {
            (
                $0,
                DispatchQueue(
                    label: "com.apple.root.\($0)-qos", qos: DispatchQoS(qosClass: $0, relativePriority: 0),
                    dispatch: .global(qos: $0))
            )
        })

    /// A global queue. In an app's code its blocks run on the phone's clock, off the main thread.
    public static func global(qos: DispatchQoS.QoSClass = .default) -> DispatchQueue {
        globals[qos] ?? globals[.default]!
    }

    public static func global(priority: GlobalQueuePriority) -> DispatchQueue {
        switch priority {
        case .high: global(qos: .userInitiated)
        case .low: global(qos: .utility)
        case .background: global(qos: .background)
        default: global(qos: .default)
        }
    }

    // MARK: Sending blocks

    public func async(
        group: DispatchGroup? = nil, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
        execute work: @escaping @Sendable () -> Void
    ) {
        group?.enter()
        let body: @Sendable () -> Void = {
            work()
            group?.leave()
        }
        send(after: .zero, body) { self.dispatch.async(qos: qos, flags: flags, execute: body) }
    }

    public func async(execute workItem: DispatchWorkItem) {
        send(after: .zero, { if !workItem.isCancelled { workItem.perform() } }) {
            self.dispatch.async(execute: workItem)
        }
    }

    public func async(group: DispatchGroup, execute workItem: DispatchWorkItem) {
        async(group: group) { if !workItem.isCancelled { workItem.perform() } }
    }

    /// Runs `work` at `deadline`: on the phone, `.now() + 2` is two seconds of the phone's time from now.
    public func asyncAfter(
        deadline: DispatchTime, qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [],
        execute work: @escaping @Sendable () -> Void
    ) {
        sendAfter(deadline, work) {
            self.dispatch.asyncAfter(deadline: deadline.dispatch, qos: qos, flags: flags, execute: work)
        }
    }

    public func asyncAfter(deadline: DispatchTime, execute workItem: DispatchWorkItem) {
        sendAfter(deadline, { if !workItem.isCancelled { workItem.perform() } }) {
            self.dispatch.asyncAfter(deadline: deadline.dispatch, execute: workItem)
        }
    }

    public func asyncAfter(
        wallDeadline: DispatchWallTime, qos: DispatchQoS = .unspecified,
        flags: DispatchWorkItemFlags = [], execute work: @escaping @Sendable () -> Void
    ) {
        asyncAfter(deadline: wallDeadline.time, qos: qos, flags: flags, execute: work)
    }

    public func asyncAfter(wallDeadline: DispatchWallTime, execute workItem: DispatchWorkItem) {
        asyncAfter(deadline: wallDeadline.time, execute: workItem)
    }

    /// Runs `work` now and returns its result. On the phone's one thread: `DispatchQueue.main.sync` from the main
    /// thread deadlocks on iOS, and is reported (the block runs).
    public func sync<T>(execute work: () throws -> T) rethrows -> T {
        guard let app = SimulatedApp.current else { return try dispatch.sync(execute: work) }
        if isMain && Thread.isMainThread {
            app.phone.diagnose(
                "\(app.name) code: DispatchQueue.main.sync was called on the main thread, which "
                    + "deadlocks on iOS; expected DispatchQueue.main.async, or the work done in place")
        }
        return try DispatchQueue.$executing.withValue(self) { try work() }
    }

    public func sync<T>(flags: DispatchWorkItemFlags, execute work: () throws -> T) rethrows -> T {
        try sync(execute: work)
    }

    public func sync(execute workItem: DispatchWorkItem) {
        sync { if !workItem.isCancelled { workItem.perform() } }
    }

    /// Runs `work` for each iteration, in order (the phone has one thread; outside it too, so the results come in
    /// one order).
    public static func concurrentPerform(iterations: Int, execute work: (Int) -> Void) {
        for index in 0..<iterations { work(index) }
    }

    // MARK: Queue-specific values

    public func setSpecific<T>(key: DispatchSpecificKey<T>, value: T?) {
        specifics[ObjectIdentifier(key)] = value
        dispatch.setSpecific(key: key, value: value)
    }

    public func getSpecific<T>(key: DispatchSpecificKey<T>) -> T? { specifics[ObjectIdentifier(key)] as? T }

    /// The value for `key` of the queue running the caller: on the phone, the queue of the block that runs.
    public static func getSpecific<T>(key: DispatchSpecificKey<T>) -> T? {
        guard SimulatedApp.current != nil else { return Dispatch.DispatchQueue.getSpecific(key: key) }
        return (executing ?? .main).getSpecific(key: key)
    }

    // MARK: The phone

    /// On the phone: schedules `body` `delay` from now in the app's context. Elsewhere: `otherwise`, Dispatch's way.
    private func send(after delay: Time, _ body: @escaping () -> Void, otherwise: () -> Void) {
        guard let app = SimulatedApp.current, app.isOnRunningPhone else { return otherwise() }
        app.schedule(after: delay, on: self, body)
    }

    private func sendAfter(_ deadline: DispatchTime, _ body: @escaping () -> Void, otherwise: () -> Void) {
        guard let app = SimulatedApp.current, let phone = app.runningPhone else { return otherwise() }
        guard let delay = deadline.delay(onPhoneAt: phone.now) else { return }  // distantFuture: never
        app.schedule(after: delay, on: self, body)
    }
}

/// `DispatchPredicate`, for `dispatchPrecondition(condition:)`.
public enum DispatchPredicate {
    case onQueue(DispatchQueue)
    case onQueueAsBarrier(DispatchQueue)
    case notOnQueue(DispatchQueue)
}

/// Checks which queue runs the caller. In an app's code on the phone a failed check is reported (naming the queue)
/// instead of stopping the process; elsewhere it is Dispatch's check.
public func dispatchPrecondition(condition: @autoclosure () -> DispatchPredicate) {
    let predicate = condition()
    guard let app = SimulatedApp.current else {
        switch predicate {
        case .onQueue(let queue): Dispatch.dispatchPrecondition(condition: .onQueue(queue.dispatch))
        case .onQueueAsBarrier(let queue): Dispatch.dispatchPrecondition(condition: .onQueueAsBarrier(queue.dispatch))
        case .notOnQueue(let queue): Dispatch.dispatchPrecondition(condition: .notOnQueue(queue.dispatch))
        }
        return
    }
    let running = DispatchQueue.executing ?? .main
    let holds: Bool
    let expected: String
    switch predicate {
    case .onQueue(let queue), .onQueueAsBarrier(let queue):
        holds = running === queue
        expected = "on \(queue.label)"
    case .notOnQueue(let queue):
        holds = running !== queue
        expected = "not on \(queue.label)"
    }
    if !holds {
        app.phone.diagnose(
            "\(app.name) code: dispatchPrecondition failed: the code runs on \(running.label); "
                + "expected it \(expected)")
    }
}
