import ArbiterEngine
@preconcurrency import Dispatch

/// `RunLoop` as a Combine scheduler (`receive(on: RunLoop.main)`, `debounce(for: 0.5, scheduler: RunLoop.main)`).
/// In an app's code on the phone an action runs as a `DispatchQueue.main` block does: on the phone's clock, in the
/// app's context, on its main thread; `now` is the phone's time as a date (its time zero is
/// `Date(timeIntervalSinceReferenceDate: 0)`). Elsewhere it is Foundation's main run loop.
extension RunLoop: Scheduler {
    /// A time on a date-based scheduler's clock.
    public struct SchedulerTimeType: Strideable, Codable, Hashable, Sendable {
        public var date: Date

        public init(_ date: Date) { self.date = date }

        public func distance(to other: SchedulerTimeType) -> Stride { Stride(other.date.timeIntervalSince(date)) }

        public func advanced(by stride: Stride) -> SchedulerTimeType {
            SchedulerTimeType(date.addingTimeInterval(stride.timeInterval))
        }

        /// A span of a date-based scheduler's time, in seconds.
        public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, ExpressibleByFloatLiteral,
            Hashable, Codable, Sendable
        {
            public typealias FloatLiteralType = TimeInterval
            public typealias IntegerLiteralType = TimeInterval
            public typealias Magnitude = TimeInterval

            /// The span in seconds.
            public var magnitude: TimeInterval

            public var timeInterval: TimeInterval { magnitude }

            public init(_ timeInterval: TimeInterval) { magnitude = timeInterval }
            public init(floatLiteral value: TimeInterval) { magnitude = value }
            public init(integerLiteral value: TimeInterval) { magnitude = value }
            public init?<T: BinaryInteger>(exactly source: T) {
                guard let seconds = TimeInterval(exactly: source) else { return nil }
                magnitude = seconds
            }

            public static func seconds(_ s: Int) -> Stride { Stride(TimeInterval(s)) }
            public static func seconds(_ s: Double) -> Stride { Stride(s) }
            public static func milliseconds(_ ms: Int) -> Stride { Stride(TimeInterval(ms) / 1e3) }
            public static func microseconds(_ us: Int) -> Stride { Stride(TimeInterval(us) / 1e6) }
            public static func nanoseconds(_ ns: Int) -> Stride { Stride(TimeInterval(ns) / 1e9) }

            public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }
            public static func + (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude + rhs.magnitude) }
            public static func - (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude - rhs.magnitude) }
            public static func * (lhs: Stride, rhs: Stride) -> Stride { Stride(lhs.magnitude * rhs.magnitude) }
            public static func += (lhs: inout Stride, rhs: Stride) { lhs.magnitude += rhs.magnitude }
            public static func -= (lhs: inout Stride, rhs: Stride) { lhs.magnitude -= rhs.magnitude }
            public static func *= (lhs: inout Stride, rhs: Stride) { lhs.magnitude *= rhs.magnitude }
        }
    }

    /// No options.
    public struct SchedulerOptions: Sendable {}

    /// The phone's time as a date in an app's code; the real date elsewhere.
    public var now: SchedulerTimeType { SchedulerTimeType(PhoneScheduling.now) }

    public var minimumTolerance: SchedulerTimeType.Stride { 0 }

    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        let action = UncheckedSendable(action)
        guard PhoneScheduling.app == nil else { return DispatchQueue.main.async { action.value() } }
        Foundation.RunLoop.main.perform { action.value() }
    }

    public func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        if let (app, phone) = PhoneScheduling.app {
            app.schedule(after: PhoneScheduling.delay(until: date.date, from: phone.now), on: .main, action)
            return
        }
        let action = UncheckedSendable(action)
        let timer = Foundation.Timer(fire: date.date, interval: 0, repeats: false) { _ in action.value() }
        timer.tolerance = tolerance.timeInterval
        Foundation.RunLoop.main.add(timer, forMode: .default)
    }

    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
        tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) -> Cancellable {
        if let (app, phone) = PhoneScheduling.app {
            return PhoneScheduling.repeating(
                app, on: .main, after: PhoneScheduling.delay(until: date.date, from: phone.now),
                every: PhoneScheduling.duration(seconds: interval.timeInterval), action)
        }
        let action = UncheckedSendable(action)
        let timer = Foundation.Timer(fire: date.date, interval: interval.timeInterval, repeats: true) { _ in
            action.value()
        }
        timer.tolerance = tolerance.timeInterval
        Foundation.RunLoop.main.add(timer, forMode: .default)
        return AnyCancellable { timer.invalidate() }
    }
}

/// `OperationQueue` as a Combine scheduler (`receive(on: OperationQueue.main)`): an action is an operation of the
/// queue (on the phone: on its clock, in the app's context, after work sent earlier); its clock is `RunLoop`'s.
extension OperationQueue: Scheduler {
    public typealias SchedulerTimeType = RunLoop.SchedulerTimeType
    public typealias SchedulerOptions = RunLoop.SchedulerOptions

    public var now: SchedulerTimeType { SchedulerTimeType(PhoneScheduling.now) }

    public var minimumTolerance: SchedulerTimeType.Stride { 0 }

    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        let action = UncheckedSendable(action)
        addOperation { action.value() }
    }

    public func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        let action = UncheckedSendable(action)
        if let (app, phone) = PhoneScheduling.app {
            app.schedule(after: PhoneScheduling.delay(until: date.date, from: phone.now), on: queue) {
                self.addOperation { action.value() }
            }
            return
        }
        Dispatch.DispatchQueue.global().asyncAfter(wallDeadline: .now() + max(date.date.timeIntervalSinceNow, 0)) {
            self.addOperation { action.value() }
        }
    }

    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
        tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) -> Cancellable {
        let action = UncheckedSendable(action)
        if let (app, phone) = PhoneScheduling.app {
            return PhoneScheduling.repeating(
                app, on: queue, after: PhoneScheduling.delay(until: date.date, from: phone.now),
                every: PhoneScheduling.duration(seconds: interval.timeInterval)
            ) { self.addOperation { action.value() } }
        }
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.setEventHandler { self.addOperation { action.value() } }
        timer.schedule(
            wallDeadline: .now() + max(date.date.timeIntervalSinceNow, 0), repeating: interval.timeInterval,
            leeway: .nanoseconds(Int(tolerance.timeInterval * 1e9)))
        timer.resume()
        return AnyCancellable { timer.cancel() }
    }
}

extension PhoneScheduling {
    /// How long from the phone's `now` until `date` (a date on the phone's clock), never negative.
    static func delay(until date: Date, from now: Time) -> Time {
        let at = time(of: date)
        return at > now ? at - now : .zero
    }
}
