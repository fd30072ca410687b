import ArbiterEngine

/// One run's timeline in terms every platform shares, read by `replay --trace` (and any report that draws a run
/// without knowing its platform): a lane for each app (or stream), what each was doing after every step (a state in
/// the platform's own word, whether it plays, its gain), the steps, and the marks in time (each decision with its
/// rule, each notification, each check). Each platform makes one from its report (`RunTimeline(report:)`).
public struct RunTimeline: Sendable {
    /// A step of the scenario as it ran.
    public struct Step: Sendable {
        public var time: Time
        /// `Maps: play`.
        public var label: String
        public var position: SourcePosition?
        /// Why it failed the scenario, if it did.
        public var problem: String?
    }

    /// A lane's state at an instant.
    public struct LaneState: Hashable, Sendable {
        /// In the platform's word: `active`, `interrupted`, `focus gain`, `lossTransient`, `duck`, ...
        public var state: String
        public var playing: Bool
        /// 1 is full volume.
        public var gain: Double

        public init(state: String, playing: Bool, gain: Double) {
            self.state = state
            self.playing = playing
            self.gain = gain
        }
    }

    /// Every lane's state from `time` on (a lane missing is not there yet, or no longer).
    public struct Sample: Sendable {
        public var time: Time
        public var lanes: [String: LaneState]
        /// The step it follows (an index into `steps`): steps at one instant each have their sample.
        public var step: Int?
    }

    /// Something at an instant, in a lane or (lane nil) the steps'.
    public struct Mark: Sendable {
        public enum Kind: String, Sendable {
            case decision, notification, checkHeld, checkFailed
        }

        public var kind: Kind
        public var time: Time
        public var lane: String?
        public var text: String
        public var rule: Rule?
        /// The step it belongs to (an index into `steps`); nil for a check.
        public var step: Int?
        /// Where the check is written.
        public var position: SourcePosition?
    }

    public var file: String
    public var title: String
    /// `ios`, `android`, `androidAutomotive` or `harmonyos`.
    public var platform: String
    /// `iOS 17`, `android, API 34`, `harmonyos, API 20`.
    public var device: String
    /// The lanes, top to bottom.
    public var lanes: [String]
    public var steps: [Step] = []
    /// In time order, one after each step (several at an instant with several steps); the first at 0 is the state
    /// before the first step.
    public var samples: [Sample] = []
    public var marks: [Mark] = []

    public init(file: String, title: String, platform: String, device: String, lanes: [String]) {
        self.file = file
        self.title = title
        self.platform = platform
        self.device = device
        self.lanes = lanes
    }

    /// The last time anything happens.
    public var end: Time {
        max(steps.last?.time ?? .zero, marks.map(\.time).max() ?? .zero, samples.last?.time ?? .zero)
    }

    /// Adds a step with its decisions and notifications, each `(lane, text, rule)`, and the state after it.
    public mutating func add(
        step label: String, at time: Time, position: SourcePosition?, problem: String?,
        decisions: [(lane: String?, text: String, rule: Rule)],
        notifications: [(lane: String?, text: String, rule: Rule)],
        after state: [String: LaneState]
    ) {
        steps.append(Step(time: time, label: label, position: position, problem: problem))
        let index = steps.count - 1
        marks += decisions.map {
            Mark(kind: .decision, time: time, lane: lane($0.lane), text: $0.text, rule: $0.rule, step: index)
        }
        marks += notifications.map {
            Mark(kind: .notification, time: time, lane: lane($0.lane), text: $0.text, rule: $0.rule, step: index)
        }
        samples.append(Sample(time: time, lanes: state, step: index))
    }

    /// Adds an `expect:` step's results.
    public mutating func add<Checked>(_ expect: ExpectationRecord<Checked>, lane: (Checked) -> String?) {
        marks += expect.results.map {
            Mark(
                kind: $0.passed ? .checkHeld : .checkFailed, time: expect.time, lane: self.lane(lane($0.check)),
                text: $0.summary, rule: $0.rule, step: nil, position: $0.check.position)
        }
    }

    /// Records every lane's state from `time` on, when time has moved since the last sample (the state before the
    /// first step, time passing before an expect); a step records its own (`add(step:...)`).
    public mutating func sample(_ state: [String: LaneState], at time: Time) {
        if let last = samples.last, last.time >= time { return }
        samples.append(Sample(time: time, lanes: state, step: nil))
    }

    /// `name` if it is a lane, else nil (the steps' lane).
    private func lane(_ name: String?) -> String? { name.flatMap { lanes.contains($0) ? $0 : nil } }
}
