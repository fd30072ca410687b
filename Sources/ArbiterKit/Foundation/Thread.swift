import ArbiterEngine

/// `Thread`, as app code asks it where it runs. In an app's code on the simulated phone, `Thread.isMainThread` is
/// true on the app's main thread (its handlers, its main-queue blocks, its main-actor code) and false in a block sent
/// to another queue. Elsewhere each member is Foundation's. It shadows Foundation's class for code that imports
/// ArbiterKit; a thread the code starts itself (`Thread(block:)`, `detachNewThread`) is a real thread, outside any
/// app's code.
public final class Thread: @unchecked Sendable {
    private let thread: Foundation.Thread?
    private let simulatedMain: Bool

    private init(thread: Foundation.Thread?, simulatedMain: Bool) {
        self.thread = thread
        self.simulatedMain = simulatedMain
    }

    /// A real thread that runs `block` once started.
    public convenience init(block: @escaping @Sendable () -> Void) {
        self.init(thread: Foundation.Thread(block: block), simulatedMain: false)
    }

    /// Whether the caller runs on the main thread (on the phone: the app's main thread).
    public static var isMainThread: Bool {
        guard SimulatedApp.current != nil else { return Foundation.Thread.isMainThread }
        return DispatchQueue.executing.map(\.isMain) ?? true
    }

    /// The thread running the caller.
    public static var current: Thread {
        if SimulatedApp.current != nil { return isMainThread ? main : Thread(thread: nil, simulatedMain: false) }
        return Thread(thread: Foundation.Thread.current, simulatedMain: false)
    }

    /// The main thread.
    public static let main = Thread(thread: nil, simulatedMain: true)

    public var isMainThread: Bool { simulatedMain || (thread?.isMainThread ?? false) }
    public var name: String? {
        get { simulatedMain ? "main" : thread?.name }
        set { thread?.name = newValue }
    }
    public var isExecuting: Bool { simulatedMain || (thread?.isExecuting ?? true) }
    public var isFinished: Bool { thread?.isFinished ?? false }
    public var isCancelled: Bool { thread?.isCancelled ?? false }
    public var qualityOfService: QualityOfService {
        get { thread?.qualityOfService ?? .userInteractive }
        set { thread?.qualityOfService = newValue }
    }

    public func start() { thread?.start() }
    public func cancel() { thread?.cancel() }

    public static func detachNewThread(_ block: @escaping @Sendable () -> Void) {
        Foundation.Thread.detachNewThread(block)
    }
    /// Sleeps for real: the phone's clock does not move (use `SimulatedPhone.advance(by:)` in a test).
    public static func sleep(forTimeInterval interval: TimeInterval) {
        Foundation.Thread.sleep(forTimeInterval: interval)
    }
    public static func sleep(until date: Date) { Foundation.Thread.sleep(until: date) }
    public static var callStackSymbols: [String] { Foundation.Thread.callStackSymbols }
}

/// `CFTimeInterval`, as QuartzCore declares it.
public typealias CFTimeInterval = Double

/// `CACurrentMediaTime()`: seconds on a monotonic clock. In an app's code on the phone, the phone's clock.
public func CACurrentMediaTime() -> CFTimeInterval {
    if let phone = SimulatedApp.current?.runningPhone { return Double(phone.now.milliseconds) / 1000 }
    return ProcessInfo.processInfo.systemUptime
}
