import ArbiterEngine

/// The replay's time at a moment of the real clock: what a backend uses to time an event from outside.
///
/// The backend tells it each time the replay reaches (`reached(_:at:)`: a step about to be carried out, the
/// engine applied to the real system). Without `realtime` the replay does not wait: its time stands at the
/// last time reached and jumps to the next, so a moment between two steps is at the earlier step's time. With
/// `realtime` the replay waits out the scenario's times, so its time runs with the real clock from the first
/// time reached (time zero is that moment less that time), never behind the last time reached (when the replay
/// runs late).
public struct ReplayClock: Sendable {
    public let realtime: Bool
    /// With `realtime`, the real moment of time zero.
    public private(set) var start: Double?
    /// The times reached, in the order they were, with the moments; only the last at or before a moment counts.
    private var marks: [(moment: Double, time: Time)] = []
    /// The time of the last mark let go (only the last 64 are kept).
    private var forgotten = Time.zero

    public init(realtime: Bool) {
        self.realtime = realtime
    }

    /// The replay reached `time` at `moment` (seconds of a monotonic clock).
    public mutating func reached(_ time: Time, at moment: Double) {
        if start == nil { start = moment - time.seconds }
        // A mark superseded by a later one at an earlier or equal moment can no longer count.
        while let last = marks.last, last.moment >= moment { marks.removeLast() }
        marks.append((moment, time))
        if marks.count > 64 { forgotten = marks.removeFirst().time }
    }

    /// The replay's time at `moment`: the last time reached by then (zero before the first), or with `realtime`
    /// the real time since time zero when that is later.
    public func time(at moment: Double) -> Time {
        let reached = marks.last { $0.moment <= moment }?.time ?? forgotten
        guard realtime, let start else { return reached }
        return max(reached, Time.seconds(moment - start))
    }
}
