import ArbiterEngine

/// `OperationQueue`, as app code uses it: `OperationQueue.main.addOperation { ... }` to hop to the main thread, the
/// `queue:` of `NotificationCenter.addObserver(forName:object:queue:using:)`. On the phone its blocks and operations
/// run as its dispatch queue's do (`DispatchQueue`): on the phone's clock, in the app's context, in order. Elsewhere
/// they run on Dispatch's queues. `Operation` and `BlockOperation` are Foundation's.
open class OperationQueue: NSObject, @unchecked Sendable {
    /// The queue its work runs on.
    let queue: DispatchQueue
    open var name: String?
    open var maxConcurrentOperationCount = OperationQueue.defaultMaxConcurrentOperationCount
    open var qualityOfService: QualityOfService = .default
    /// Suspended, it starts nothing until resumed (work sent meanwhile waits).
    open var isSuspended = false {
        didSet { if !isSuspended { resume() } }
    }
    private let lock = NSLock()
    /// The operations sent and not yet started, in order (blocks are `BlockOperation`s, as on iOS).
    private var waiting: [Operation] = []
    /// Those sent while suspended, to send to the dispatch queue when resumed.
    private var held: [Operation] = []

    public static let defaultMaxConcurrentOperationCount = -1

    private init(queue: DispatchQueue, name: String?) {
        self.queue = queue
        self.name = name
    }

    public override convenience init() {
        self.init(queue: DispatchQueue(label: "NSOperationQueue"), name: nil)
    }

    /// The main queue: its work runs on the app's main thread.
    public static let main = OperationQueue(queue: .main, name: "NSOperationQueue Main Queue")

    /// The queue running the caller: the main queue on the app's main thread.
    public static var current: OperationQueue? { Thread.isMainThread ? main : nil }

    /// The dispatch queue its work runs on.
    open var underlyingQueue: DispatchQueue? {
        get { queue }
        set {
            if newValue != nil {
                Diagnostics.unmodelled("OperationQueue.underlyingQueue (set)", app: SimulatedApp.current)
            }
        }
    }

    /// Operations sent and not yet run.
    open var operationCount: Int { lock.withLock { waiting.count } }

    /// The operations sent and not yet run.
    open var operations: [Operation] { lock.withLock { waiting } }

    open func addOperation(_ block: @escaping @Sendable () -> Void) {
        addOperation(BlockOperation(block: block))
    }

    open func addOperation(_ operation: Operation) {
        let suspended = lock.withLock {
            waiting.append(operation)
            if isSuspended { held.append(operation) }
            return isSuspended
        }
        if !suspended { send(operation) }
    }

    open func addOperations(_ operations: [Operation], waitUntilFinished wait: Bool) {
        if wait, SimulatedApp.current != nil {
            // One thread: waiting for them is running them now, in order.
            for operation in operations where !operation.isCancelled { operation.start() }
            return
        }
        for operation in operations { addOperation(operation) }
    }

    open func addBarrierBlock(_ barrier: @escaping @Sendable () -> Void) { addOperation(barrier) }

    /// Cancels the operations not yet run, blocks included (each is a `BlockOperation`): they do not run.
    open func cancelAllOperations() {
        for operation in lock.withLock({ waiting }) { operation.cancel() }
    }

    open func waitUntilAllOperationsAreFinished() {
        if let app = SimulatedApp.current, operationCount > 0 {
            app.phone.diagnose(
                "\(app.name) code: OperationQueue.waitUntilAllOperationsAreFinished() waits for work "
                    + "that runs on the phone's one thread only after this code returns; it returns at once")
        }
    }

    /// Sends `operation` to the dispatch queue: it starts there unless cancelled by then.
    private func send(_ operation: Operation) {
        let operation = UncheckedSendable(operation)
        queue.async { [self] in
            lock.withLock { waiting.removeAll { $0 === operation.value } }
            if !operation.value.isCancelled { operation.value.start() }
        }
    }

    private func resume() {
        let operations = lock.withLock {
            defer { held = [] }
            return held
        }
        for operation in operations { send(operation) }
    }
}

/// A value handed to work on the phone's one thread.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
