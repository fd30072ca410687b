import ArbiterEngine

/// A platform's engine at an instant of its picture.
struct TimelineSample<Engine> {
    var time: Time
    var engine: Engine
}

/// A stretch of time over which a value holds.
struct TimelinePart<Value> {
    var from: Time
    var to: Time
    var value: Value
}

/// Steps at one instant, which share its place on the axis.
struct TimelineInstant<Step> {
    var time: Time
    var steps: [Step]

    /// The instants with more than one step, in time order, from steps in time order.
    static func several(_ steps: [Step], time: (Step) -> Time) -> [TimelineInstant] {
        var result: [TimelineInstant] = []
        for step in steps {
            if let last = result.last, last.time == time(step) {
                result[result.count - 1].steps.append(step)
            } else {
                result.append(TimelineInstant(time: time(step), steps: [step]))
            }
        }
        return result.filter { $0.steps.count > 1 }
    }
}

/// A check's result as a picture draws it: in its app's lane, or (app nil) in the steps lane.
struct TimelineCheck {
    var time: Time
    var app: AppID?
    var passed: Bool
    /// `✓ Music.ducked = true  (a.yaml:12:7)`, the hover title.
    var text: String
}

extension Array {
    /// The stretches of `value` over samples in time order, adjacent equal ones joined; each sample's value holds
    /// until the next sample's time (the last one's until `end`).
    func parts<Engine, Value: Equatable>(until end: Time, _ value: (Engine) -> Value) -> [TimelinePart<Value>]
    where Element == TimelineSample<Engine> {
        var result: [TimelinePart<Value>] = []
        for (index, sample) in enumerated() {
            let to = index + 1 < count ? self[index + 1].time : end
            guard to > sample.time else { continue }
            let current = value(sample.engine)
            if let last = result.last, last.value == current, last.to == sample.time {
                result[result.count - 1].to = to
            } else {
                result.append(TimelinePart(from: sample.time, to: to, value: current))
            }
        }
        return result
    }
}
