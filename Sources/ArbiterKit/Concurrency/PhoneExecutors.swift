import ArbiterEngine
import CArbiterKitStartup
@preconcurrency import Dispatch
import Foundation
@_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency

/// The executors a process with ArbiterKit runs its tasks on, put in before `main` (`CArbiterKitStartup`): a job of
/// an app's code, main actor or not, runs as the phone's work (at the phone's time, in the app's context, in the
/// order sent), and its `Task.sleep` waits on the phone's clock; every other job runs on Swift's own executor as
/// before. A job is an app's when it is sent from the app's code: by a task the code started, a task resumed by
/// what the phone ran, an actor its task called. Set `ARBITER_KIT_EXECUTORS=0` to keep Swift's executors (apps'
/// tasks then run in real time, beside the phone).
enum PhoneExecutors {
    /// Whether they were put in.
    nonisolated(unsafe) static var installed = false

    /// Puts the executors in, unless the environment says not to. Before any task runs (from the start-up hook).
    static func install() {
        guard ProcessInfo.processInfo.environment["ARBITER_KIT_EXECUTORS"] != "0" else { return }
        _createExecutors(factory: PhoneExecutorFactory.self)
        installed = true
    }

    /// The app whose code sends a job now: the task's own, else the app whose job this thread is running
    /// (`SimulatedApp.current`).
    static var sendingApp: SimulatedApp? {
        let app = SimulatedApp.current
        return app?.isOnRunningPhone == true ? app : nil
    }
}

@_cdecl("arbiter_kit_install_executors")
func arbiterKitInstallExecutors() {
    _ = arbiter_kit_startup_linked()
    PhoneExecutors.install()
}

struct PhoneExecutorFactory: ExecutorFactory {
    static let mainExecutor: any MainExecutor = PlatformExecutorFactory.mainExecutor
    static let defaultExecutor: any TaskExecutor = PhoneTaskExecutor()
}

/// Swift's global executor for everything that is not an app's: an app's job joins its phone's work, off the main
/// thread (as a global queue's block does); a sleep of an app's task waits on the phone's clock.
final class PhoneTaskExecutor: TaskExecutor, SchedulingExecutor, @unchecked Sendable {
    private let platform = PlatformExecutorFactory.defaultExecutor

    func enqueue(_ job: consuming ExecutorJob) {
        guard let app = PhoneExecutors.sendingApp else { return platform.enqueue(job) }
        run(UnownedJob(job), for: app, after: .zero)
    }

    func enqueue<C: Clock>(_ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C) {
        if let app = PhoneExecutors.sendingApp, let delay = delay as? Duration {
            return run(UnownedJob(job), for: app, after: Time.of(delay))
        }
        if let scheduling = platform as? any SchedulingExecutor {
            return scheduling.enqueue(job, after: delay, tolerance: tolerance, clock: clock)
        }
        let unowned = UnownedJob(job)
        let platform = platform
        let seconds = Double(Time.of(delay as? Duration ?? .zero).milliseconds) / 1000
        Dispatch.DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { platform.enqueue(unowned) }
    }

    func enqueue<C: Clock>(_ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C) {
        enqueue(job, after: clock.now.duration(to: instant), tolerance: tolerance, clock: clock)
    }

    /// Runs the job as `app`'s work `delay` from the phone's now.
    private func run(_ job: UnownedJob, for app: SimulatedApp, after delay: Time) {
        let executor = asUnownedTaskExecutor()
        let scheduled = app.schedule(after: delay, on: .global()) {
            RunningAppJob.running(app) { job.runSynchronously(on: executor) }
        }
        // The phone finished meanwhile: the job runs where Swift runs it, so that no task is left waiting.
        if scheduled == nil { platform.enqueue(ExecutorJob(job)) }
    }
}

/// The app whose job this thread runs, while it runs (a thread-local): what the job sends to another executor is
/// the app's too, even where the task's own values are out of reach.
enum RunningAppJob {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    static var app: SimulatedApp? {
        guard let pointer = pthread_getspecific(key) else { return nil }
        return Unmanaged<SimulatedApp>.fromOpaque(pointer).takeUnretainedValue()
    }

    static func running(_ app: SimulatedApp, _ body: () -> Void) {
        let outer = pthread_getspecific(key)
        pthread_setspecific(key, Unmanaged.passUnretained(app).toOpaque())
        defer { pthread_setspecific(key, outer) }
        withExtendedLifetime(app, body)
    }
}

extension Time {
    /// A Swift duration as the phone's time, to the millisecond (rounded up: a sleep is never shorter).
    static func of(_ duration: Duration) -> Time {
        let (seconds, attoseconds) = duration.components
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return .ms(max(0, milliseconds))
    }
}
