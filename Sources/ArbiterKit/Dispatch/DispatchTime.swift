import ArbiterEngine
@preconcurrency import Dispatch

/// `DispatchTime`: a point in time for `asyncAfter(deadline:)`. In an app's code on the simulated phone, `now()` is
/// the phone's clock, so `DispatchQueue.main.asyncAfter(deadline: .now() + 2)` runs two simulated seconds later, the
/// same every run. Elsewhere it is the real uptime clock, as Dispatch's.
public struct DispatchTime: Comparable, Hashable, Sendable {
    public let uptimeNanoseconds: UInt64
    public var rawValue: UInt64 { uptimeNanoseconds }

    public init(uptimeNanoseconds: UInt64) { self.uptimeNanoseconds = uptimeNanoseconds }

    /// The phone's time in an app's code (as nanoseconds from an epoch of one second), the real uptime elsewhere.
    public static func now() -> DispatchTime {
        if let phone = SimulatedApp.current?.runningPhone {
            return DispatchTime(uptimeNanoseconds: DispatchTime.phoneEpoch + UInt64(phone.now.milliseconds) * 1_000_000)
        }
        return DispatchTime(uptimeNanoseconds: Dispatch.DispatchTime.now().uptimeNanoseconds)
    }

    public static let distantFuture = DispatchTime(uptimeNanoseconds: .max)

    /// Phone times start one second after zero: Dispatch reads an uptime of 0 as "now".
    static let phoneEpoch: UInt64 = 1_000_000_000

    /// How long from the phone's `now` until this time, as the phone counts (milliseconds, never negative); nil
    /// for `distantFuture`.
    func delay(onPhoneAt now: Time) -> Time? {
        guard self != .distantFuture else { return nil }
        let nanoseconds = Int64(clamping: uptimeNanoseconds) - Int64(DispatchTime.phoneEpoch)
        let at = Time.ms((nanoseconds + 500_000) / 1_000_000)
        return at > now ? at - now : .zero
    }

    /// The same point on Dispatch's clock, for work outside any app's code.
    var dispatch: Dispatch.DispatchTime {
        self == .distantFuture ? .distantFuture : Dispatch.DispatchTime(uptimeNanoseconds: uptimeNanoseconds)
    }

    public static func < (lhs: DispatchTime, rhs: DispatchTime) -> Bool {
        lhs.uptimeNanoseconds < rhs.uptimeNanoseconds
    }

    public static func + (time: DispatchTime, seconds: Double) -> DispatchTime {
        time.adding(
            nanoseconds: seconds.isFinite ? Int64(clamping: Int64(exactly: (seconds * 1e9).rounded()) ?? .max) : .max)
    }

    public static func - (time: DispatchTime, seconds: Double) -> DispatchTime { time + -seconds }

    public static func + (time: DispatchTime, interval: DispatchTimeInterval) -> DispatchTime {
        time.adding(nanoseconds: interval.nanoseconds)
    }

    public static func - (time: DispatchTime, interval: DispatchTimeInterval) -> DispatchTime {
        time.adding(nanoseconds: interval.nanoseconds == .max ? .min : -interval.nanoseconds)
    }

    private func adding(nanoseconds: Int64) -> DispatchTime {
        guard self != .distantFuture, nanoseconds != .max else { return .distantFuture }
        let sum = Int64(clamping: uptimeNanoseconds).addingReportingOverflow(nanoseconds)
        if sum.overflow { return nanoseconds > 0 ? .distantFuture : DispatchTime(uptimeNanoseconds: 1) }
        return DispatchTime(uptimeNanoseconds: UInt64(max(sum.partialValue, 1)))
    }
}

/// `DispatchWallTime`: on the simulated phone it counts as `DispatchTime` does (the phone has one clock).
public struct DispatchWallTime: Comparable, Hashable, Sendable {
    let time: DispatchTime

    public static func now() -> DispatchWallTime { DispatchWallTime(time: .now()) }
    public static let distantFuture = DispatchWallTime(time: .distantFuture)

    public static func < (lhs: DispatchWallTime, rhs: DispatchWallTime) -> Bool { lhs.time < rhs.time }
    public static func + (time: DispatchWallTime, seconds: Double) -> DispatchWallTime {
        DispatchWallTime(time: time.time + seconds)
    }
    public static func - (time: DispatchWallTime, seconds: Double) -> DispatchWallTime {
        DispatchWallTime(time: time.time - seconds)
    }
    public static func + (time: DispatchWallTime, interval: DispatchTimeInterval) -> DispatchWallTime {
        DispatchWallTime(time: time.time + interval)
    }
    public static func - (time: DispatchWallTime, interval: DispatchTimeInterval) -> DispatchWallTime {
        DispatchWallTime(time: time.time - interval)
    }
}

extension DispatchTimeInterval {
    /// The interval in nanoseconds; `.max` for `.never`.
    var nanoseconds: Int64 {
        switch self {
        case .seconds(let s):
            Int64(s).multipliedReportingOverflow(by: 1_000_000_000).overflow ? .max : Int64(s) * 1_000_000_000
        case .milliseconds(let ms): Int64(ms) * 1_000_000
        case .microseconds(let us): Int64(us) * 1_000
        case .nanoseconds(let ns): Int64(ns)
        case .never: .max
        @unknown default: .max
        }
    }
}
