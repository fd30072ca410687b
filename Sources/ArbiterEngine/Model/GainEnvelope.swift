/// A session's output gain as a function of time: a linear ramp from `from` to `to`.
///
/// Ducking is a change of target; the gain at any instant is computed from the last change, so no timer
/// is ever needed.
public struct GainEnvelope: Hashable, Sendable {
    public var from: Double = 1
    public var to: Double = 1
    public var start: Time = .zero
    public var ramp: Time = .zero

    public init() {}

    /// The gain at `time`.
    public func value(at time: Time) -> Double {
        if ramp.milliseconds <= 0 || time >= start + ramp { return to }
        if time <= start { return from }
        let progress = Double((time - start).milliseconds) / Double(ramp.milliseconds)
        return from + (to - from) * progress
    }

    /// Starts a ramp from the gain at `time` to `target`.
    public mutating func retarget(to target: Double, at time: Time, over ramp: Time) {
        from = value(at: time)
        to = target
        start = time
        self.ramp = ramp
    }
}
