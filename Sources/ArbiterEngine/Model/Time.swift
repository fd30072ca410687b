/// A point on a scenario's timeline (milliseconds since its start), or a span of it.
///
/// The engine has no clock: every event carries its `Time`, so a replay is reproducible.
public struct Time: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Milliseconds since the start of the timeline (or the length of a span).
    public var milliseconds: Int64

    public init(milliseconds: Int64) {
        self.milliseconds = milliseconds
    }

    /// The start of every timeline.
    public static let zero = Time(milliseconds: 0)

    /// A time from whole milliseconds.
    public static func ms(_ value: Int64) -> Time { Time(milliseconds: value) }

    /// A time from seconds, rounded to the nearest millisecond.
    public static func seconds(_ value: Double) -> Time {
        Time(milliseconds: Int64((value * 1000).rounded()))
    }

    /// The time in seconds.
    public var seconds: Double { Double(milliseconds) / 1000 }

    public static func < (lhs: Time, rhs: Time) -> Bool { lhs.milliseconds < rhs.milliseconds }
    public static func + (lhs: Time, rhs: Time) -> Time { Time(milliseconds: lhs.milliseconds + rhs.milliseconds) }
    public static func - (lhs: Time, rhs: Time) -> Time { Time(milliseconds: lhs.milliseconds - rhs.milliseconds) }

    /// `250ms`, `12s`, `1.5s`, `2m`, `1m30.25s`.
    public var description: String {
        let sign = milliseconds < 0 ? "-" : ""
        let ms = milliseconds.magnitude
        if ms == 0 { return "0s" }
        if ms < 1000 { return "\(sign)\(ms)ms" }
        let minutes = ms / 60_000
        let rest = ms % 60_000
        if minutes == 0 { return sign + Time.secondsText(rest) }
        if rest == 0 { return "\(sign)\(minutes)m" }
        return "\(sign)\(minutes)m" + Time.secondsText(rest)
    }

    private static func secondsText(_ ms: UInt64) -> String {
        let whole = ms / 1000
        var fraction = ms % 1000
        if fraction == 0 { return "\(whole)s" }
        var digits = 3
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        var text = String(fraction)
        while text.count < digits { text = "0" + text }
        return "\(whole).\(text)s"
    }
}
