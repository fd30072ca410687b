import ArbiterEngine
@preconcurrency import Dispatch

/// `DispatchQueue` as a Combine scheduler: `receive(on: DispatchQueue.main)`, `debounce(for: .milliseconds(300),
/// scheduler: DispatchQueue.main)`, `throttle`, `delay`. In an app's code on the phone an action runs as the queue's
/// blocks do: on the phone's clock, in the app's context, in the order sent; `now` is `DispatchTime.now()`, the
/// phone's time. Elsewhere the queue is Dispatch's.
extension DispatchQueue: Scheduler {
    /// A time on a dispatch queue's clock.
    public struct SchedulerTimeType: Strideable, Codable, Hashable, Sendable {
        public var dispatchTime: DispatchTime

        public init(_ time: DispatchTime) { dispatchTime = time }

        public func distance(to other: SchedulerTimeType) -> Stride {
            let from = Int64(clamping: dispatchTime.uptimeNanoseconds)
            let to = Int64(clamping: other.dispatchTime.uptimeNanoseconds)
            let (difference, overflow) = to.subtractingReportingOverflow(from)
            return .nanoseconds(Int(overflow ? (to > from ? .max : .min) : difference))
        }

        public func advanced(by stride: Stride) -> SchedulerTimeType {
            SchedulerTimeType(dispatchTime + .nanoseconds(stride.magnitude))
        }

        public init(from decoder: Decoder) throws {
            dispatchTime = DispatchTime(uptimeNanoseconds: try decoder.singleValueContainer().decode(UInt64.self))
        }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(dispatchTime.uptimeNanoseconds)
        }

        /// A span of a dispatch queue's time, in nanoseconds; a bare number is seconds.
        public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, ExpressibleByFloatLiteral,
            Hashable, Codable, Sendable
        {
            public typealias FloatLiteralType = Double
            public typealias IntegerLiteralType = Int
            public typealias Magnitude = Int

            /// The span in nanoseconds.
            public var magnitude: Int

            public var timeInterval: DispatchTimeInterval { .nanoseconds(magnitude) }

            private init(nanoseconds: Int) { magnitude = nanoseconds }

            public init(_ timeInterval: DispatchTimeInterval) { magnitude = Int(clamping: timeInterval.nanoseconds) }

            public init(floatLiteral value: Double) { self = .seconds(value) }
            public init(integerLiteral value: Int) { self = .seconds(value) }
            public init?<T: BinaryInteger>(exactly source: T) {
                guard let seconds = Int(exactly: source) else { return nil }
                self = .seconds(seconds)
            }

            public static func seconds(_ s: Int) -> Stride { .nanoseconds(s, times: 1_000_000_000) }
            public static func seconds(_ s: Double) -> Stride {
                let nanoseconds = (s * 1e9).rounded()
                return Stride(
                    nanoseconds: nanoseconds >= 0x1p63
                        ? .max
                        : nanoseconds <= -0x1p63
                            ? .min
                            : Int(nanoseconds.isNaN ? 0 : nanoseconds))
            }
            public static func milliseconds(_ ms: Int) -> Stride { .nanoseconds(ms, times: 1_000_000) }
            public static func microseconds(_ us: Int) -> Stride { .nanoseconds(us, times: 1_000) }
            public static func nanoseconds(_ ns: Int) -> Stride { Stride(nanoseconds: ns) }

            private static func nanoseconds(_ value: Int, times unit: Int) -> Stride {
                let (product, overflow) = value.multipliedReportingOverflow(by: unit)
                return Stride(nanoseconds: overflow ? (value > 0 ? .max : .min) : product)
            }

            public static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.magnitude < rhs.magnitude }
            public static func + (lhs: Stride, rhs: Stride) -> Stride {
                Stride(nanoseconds: lhs.magnitude &+ rhs.magnitude)
            }
            public static func - (lhs: Stride, rhs: Stride) -> Stride {
                Stride(nanoseconds: lhs.magnitude &- rhs.magnitude)
            }
            public static func * (lhs: Stride, rhs: Stride) -> Stride {
                Stride(nanoseconds: lhs.magnitude &* rhs.magnitude)
            }
            public static func += (lhs: inout Stride, rhs: Stride) { lhs = lhs + rhs }
            public static func -= (lhs: inout Stride, rhs: Stride) { lhs = lhs - rhs }
            public static func *= (lhs: inout Stride, rhs: Stride) { lhs = lhs * rhs }
        }
    }

    /// How a scheduled action is sent to the queue.
    public struct SchedulerOptions: Sendable {
        public var qos: DispatchQoS
        public var flags: DispatchWorkItemFlags
        public var group: DispatchGroup?

        public init(qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], group: DispatchGroup? = nil) {
            self.qos = qos
            self.flags = flags
            self.group = group
        }
    }

    /// The queue's clock: the phone's in an app's code (`DispatchTime.now()`).
    public var now: SchedulerTimeType { SchedulerTimeType(.now()) }

    public var minimumTolerance: SchedulerTimeType.Stride { .nanoseconds(0) }

    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        let action = UncheckedSendable(action)
        async(group: options?.group, qos: options?.qos ?? .unspecified, flags: options?.flags ?? []) { action.value() }
    }

    public func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        let action = UncheckedSendable(action)
        asyncAfter(deadline: date.dispatchTime, qos: options?.qos ?? .unspecified, flags: options?.flags ?? []) {
            action.value()
        }
    }

    /// Runs `action` at `date`, then every `interval`, until cancelled: on the phone on its clock, elsewhere on a
    /// Dispatch timer of the queue.
    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
        tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) -> Cancellable {
        if let (app, phone) = PhoneScheduling.app {
            guard let delay = date.dispatchTime.delay(onPhoneAt: phone.now) else { return AnyCancellable {} }
            let nanoseconds = Int64(max(interval.magnitude, 0))
            let every = Time.ms(nanoseconds / 1_000_000 + (nanoseconds % 1_000_000 >= 500_000 ? 1 : 0))
            return PhoneScheduling.repeating(app, on: self, after: delay, every: every, action)
        }
        let timer = DispatchSource.makeTimerSource(queue: dispatch)
        let action = UncheckedSendable(action)
        timer.setEventHandler { action.value() }
        timer.schedule(
            deadline: date.dispatchTime.dispatch, repeating: interval.timeInterval,
            leeway: tolerance.timeInterval)
        timer.resume()
        return AnyCancellable { timer.cancel() }
    }
}
