@preconcurrency import Dispatch

/// `MainActor`, for app code on the simulated phone: `Task { @MainActor in ... }`, `await MainActor.run { ... }` and
/// the methods of a `@MainActor` class run on the app's main thread at the phone's time, in the app's context, in the
/// order they were sent, beside its main-queue blocks. It shadows the standard library's global actor for code that
/// imports ArbiterKit. A job sent from outside any app's code (a test's own `await`) runs on a serial queue of its
/// own, as a main thread would; a test over `@MainActor` app code may itself be `@MainActor`.
@globalActor public actor MainActor {
    public static let shared = MainActor()

    public nonisolated var unownedExecutor: UnownedSerialExecutor { MainActor.executor.asUnownedSerialExecutor() }

    public static var sharedUnownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    static let executor = PhoneMainExecutor()

    /// Runs `body` on the main actor.
    nonisolated(nonsending) public static func run<T: Sendable>(
        resultType: T.Type = T.self,
        body: @MainActor @Sendable () throws -> T
    ) async rethrows -> T {
        try await body()
    }

    /// Runs `operation` as main-actor code, from code that runs on the main thread without saying so (a
    /// notification block with `queue: .main`, a `DispatchQueue.main` block). Off the main thread it is reported,
    /// as iOS stops there.
    public static func assumeIsolated<T>(
        _ operation: @MainActor () throws -> T,
        file: StaticString = #fileID, line: UInt = #line
    ) rethrows -> T {
        if !Thread.isMainThread {
            let message = "MainActor.assumeIsolated was called off the main thread (\(file):\(line))"
            if let app = SimulatedApp.current {
                app.phone.diagnose("\(app.name) code: \(message)")
            } else {
                Diagnostics.report(message)
            }
        }
        return try withoutActuallyEscaping(operation) { operation in
            try unsafeBitCast(operation, to: (() throws -> T).self)()
        }
    }

    public static func preconditionIsolated(
        _ message: @autoclosure () -> String = String(),
        file: StaticString = #fileID, line: UInt = #line
    ) {
        if !Thread.isMainThread { Diagnostics.report("not on the main actor (\(file):\(line)) \(message())") }
    }

    public static func assertIsolated(
        _ message: @autoclosure () -> String = String(),
        file: StaticString = #fileID, line: UInt = #line
    ) {
        preconditionIsolated(message(), file: file, line: line)
    }
}

/// The main actor's executor: a job sent from an app's code (`PhoneExecutors.sendingApp`) joins that app's phone's
/// scheduled work (run at the phone's time, in the app's context); any other job runs on a serial Dispatch queue.
final class PhoneMainExecutor: SerialExecutor, @unchecked Sendable {
    private let queue = Dispatch.DispatchQueue(label: "ArbiterKit.MainActor")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        if let hops = MainActorHops.current { return hops.jobs.append(job) }
        let executor = asUnownedSerialExecutor()
        if let app = PhoneExecutors.sendingApp {
            app.schedule(after: .zero, on: .main) { RunningAppJob.running(app) { job.runSynchronously(on: executor) } }
        } else {
            queue.async { job.runSynchronously(on: executor) }
        }
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor { UnownedSerialExecutor(ordinary: self) }
}

/// A main-actor task that the phone wakes (a `for await` loop a notification resumes) goes back to the main actor as
/// it wakes, from a job the phone runs; there the task's app is not known, so the phone collects the main-actor job
/// and runs it right after, in the same piece of work.
final class MainActorHops: @unchecked Sendable {
    var jobs: [UnownedJob] = []
    private static let key = "ArbiterKit.MainActorHops"

    /// The collector of this thread, if any.
    static var current: MainActorHops? { Foundation.Thread.current.threadDictionary[key] as? MainActorHops }

    /// Runs `body`, then the main-actor jobs it sent, in order.
    static func collecting(_ body: () -> Void) {
        let dictionary = Foundation.Thread.current.threadDictionary
        let outer = dictionary[key]
        let hops = MainActorHops()
        dictionary[key] = hops
        body()
        dictionary[key] = outer
        let main = MainActor.executor.asUnownedSerialExecutor()
        while !hops.jobs.isEmpty { hops.jobs.removeFirst().runSynchronously(on: main) }
    }
}
