import ArbiterEngine
@_exported import OpenCombine

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
    static func duration(seconds: Double) -> Time { max(.phoneSeconds(seconds), .zero) }

    /// A date-based scheduler's `now`: the phone's time in an app's code, the real date elsewhere.
    static var now: Date {
        guard let (_, phone) = app else { return Date() }
        return date(at: phone.now)
    }

    /// Runs `action` as `app`'s code on `queue`, first after `delay`, then every `interval` (at least a millisecond)
    /// of the phone's time, until the returned cancellable is cancelled.
    static func repeating(
        _ app: SimulatedApp, on queue: DispatchQueue?, after delay: Time, every interval: Time,
        _ action: @escaping () -> Void
    ) -> Cancellable {
        let work = RepeatingWork(app, on: queue, after: delay, every: interval, action)
        return AnyCancellable { work.cancel() }
    }
}

/// A subscription's outstanding demand, for the subscriptions ArbiterKit makes (notifications, key-value changes,
/// timer dates): a value goes to the subscriber only against demand it asked for, and what its `receive` asks for
/// is added back.
final class SubscriptionDemand: @unchecked Sendable {
    private let lock = NSLock()
    private var demand = Subscribers.Demand.none

    func add(_ more: Subscribers.Demand) { lock.withLock { demand += more } }

    /// Sends `value` to `receive` if there is demand for it; false (nothing sent) when there is none.
    func deliver<Value>(_ value: Value, to receive: (Value) -> Subscribers.Demand) -> Bool {
        let taken = lock.withLock {
            guard demand > 0 else { return false }
            demand -= 1
            return true
        }
        guard taken else { return false }
        add(receive(value))
        return true
    }
}
