@_exported import OpenCombine
import ArbiterEngine

// Combine, for app code that imports it on iOS: ArbiterKit re-exports OpenCombine (`AnyCancellable`, `sink`,
// `store(in:)`, subjects, `@Published`, `ObservableObject`, the operators, `ImmediateScheduler`). What ArbiterKit adds
// is the part that touches the phone: `DispatchQueue`, `RunLoop` and `OperationQueue` as schedulers on the phone's
// clock, `NotificationCenter.publisher(for:object:)`, `publisher(for:options:)` on the objects that adopt key-value
// observing, and `Timer.publish(every:tolerance:on:in:options:)`.

/// Combine's work on the phone: actions a scheduler runs later, repeating ones, and the dates of the date-based
/// schedulers (`RunLoop`, `OperationQueue`, `Timer.publish`).
enum PhoneScheduling {
    /// The app whose code runs, on a phone that still runs.
    static var app: (SimulatedApp, SimulatedPhone)? {
        guard let app = SimulatedApp.current, let phone = app.runningPhone else { return nil }
        return (app, phone)
    }

    /// The phone's time as a date: its time zero is `Date(timeIntervalSinceReferenceDate: 0)`, so a date-based
    /// scheduler's `now` and a timer publisher's dates are the same every run.
    static func date(at time: Time) -> Date { Date(timeIntervalSinceReferenceDate: time.seconds) }

    /// The phone's time of `date` (see `date(at:)`), in whole milliseconds.
    static func time(of date: Date) -> Time { duration(seconds: date.timeIntervalSinceReferenceDate) }

    /// `seconds` as the phone counts time: whole milliseconds, never negative, bounded.
    static func duration(seconds: Double) -> Time {
        let milliseconds = (seconds * 1000).rounded()
        return Time(milliseconds: milliseconds.isNaN ? 0 : Int64(min(max(milliseconds, 0), 0x1p62)))
    }

    /// A date-based scheduler's `now`: the phone's time in an app's code, the real date elsewhere.
    static var now: Date {
        guard let (_, phone) = app else { return Date() }
        return date(at: phone.now)
    }

    /// Runs `action` as `app`'s code on `queue`, first after `delay`, then every `interval` (at least a millisecond)
    /// of the phone's time, until the returned cancellable is cancelled.
    static func repeating(_ app: SimulatedApp, on queue: DispatchQueue?, after delay: Time, every interval: Time,
                          _ action: @escaping () -> Void) -> Cancellable {
        let work = RepeatingWork(app: app, queue: queue, interval: max(interval, .ms(1)), action: action)
        work.schedule(after: delay)
        return work
    }
}

/// A repeating action on the phone's clock: each run schedules the next one, counted from its own time.
private final class RepeatingWork: Cancellable, @unchecked Sendable {
    private let app: SimulatedApp
    private let queue: DispatchQueue?
    private let interval: Time
    private let action: () -> Void
    private var pending: ScheduledWork?
    private var cancelled = false

    init(app: SimulatedApp, queue: DispatchQueue?, interval: Time, action: @escaping () -> Void) {
        self.app = app
        self.queue = queue
        self.interval = interval
        self.action = action
    }

    func schedule(after delay: Time) {
        guard !cancelled else { return }
        pending = app.schedule(after: delay, on: queue) { [self] in
            guard !cancelled else { return }
            schedule(after: interval)
            action()
        }
    }

    func cancel() {
        cancelled = true
        pending?.isCancelled = true
        pending = nil
    }
}
