import ArbiterEngine

/// What a timeline picture shows: the engine's state after each step over time, the notifications, and the
/// expectations. Built from a replay (`init(report:)`) or a REPL session; drawn by `TimelineSVG`.
public struct TimelinePicture: Sendable {
    /// A step and the engine just after it.
    public struct Frame: Sendable {
        public var time: Time
        public var engine: Engine
        /// The step, as words (shown when hovering over its mark).
        public var label: String
        public var notifications: [SessionNotification]
        /// The step failed the scenario (or the engine refused it).
        public var failed: Bool
        /// An `expect:` step: drawn as its checks rather than as a step.
        public var isExpectation: Bool

        public init(time: Time, engine: Engine, label: String, notifications: [SessionNotification], failed: Bool,
                    isExpectation: Bool = false) {
            self.time = time
            self.engine = engine
            self.label = label
            self.notifications = notifications
            self.failed = failed
            self.isExpectation = isExpectation
        }
    }

    /// An expectation's result, in its app's lane (or the steps lane for the route, Now Playing and events).
    public struct CheckMark: Sendable {
        public init(time: Time, frame: Int, app: AppID?, passed: Bool, text: String) {
            self.time = time
            self.frame = frame
            self.app = app
            self.passed = passed
            self.text = text
        }

        /// The mark of a check's result, drawn at frame `frame`.
        public init(_ result: CheckResult, time: Time, frame: Int) {
            var app: AppID?
            if case .app(let id, _) = result.check.subject { app = id }
            self.init(time: time, frame: frame, app: app, passed: result.passed,
                      text: result.passed ? "✓ \(result.summary)" : "✗ \(result.summary)  (\(result.check.position))")
        }

        public var time: Time
        /// The index of the frame it is drawn at (its `expect:` frame; a REPL draws it at the step before).
        public var frame: Int
        public var app: AppID?
        public var passed: Bool
        public var text: String
    }

    public var title: String
    /// The engine before the first step.
    public var initial: Engine
    public var frames: [Frame]
    public var checks: [CheckMark]
    /// The picture reaches at least this time (a REPL session's clock may be past its last step).
    public var until: Time

    public init(title: String, initial: Engine, frames: [Frame], checks: [CheckMark] = [], until: Time = .zero) {
        self.title = title
        self.initial = initial
        self.frames = frames
        self.checks = checks
        self.until = until
    }

    /// The picture of a replay made with `recordStates: true`; nil when it has no states (its setup failed).
    public init?(report: ScenarioReport) {
        guard let initial = report.initialState, report.states.count == report.entries.count else { return nil }
        var frames: [Frame] = []
        var checks: [CheckMark] = []
        for (entry, engine) in zip(report.entries, report.states) {
            switch entry {
            case .step(let step):
                let label = step.position.map { "\(step.outcome.event)  (\($0))" } ?? "\(step.outcome.event)"
                frames.append(Frame(time: step.outcome.time, engine: engine, label: label,
                                    notifications: step.outcome.notifications, failed: step.problem != nil))
            case .expect(let expect):
                checks += expect.results.map { CheckMark($0, time: expect.time, frame: frames.count) }
                frames.append(Frame(time: expect.time, engine: engine, label: "expect  (\(expect.position))",
                                    notifications: [], failed: false, isExpectation: true))
            }
        }
        self.init(title: report.scenario.title, initial: initial, frames: frames, checks: checks)
    }

    /// Every app that appears, in order of appearance.
    var apps: [AppID] {
        var seen: [AppID] = []
        for engine in [initial] + frames.map(\.engine) {
            for app in engine.apps where !seen.contains(app.id) { seen.append(app.id) }
        }
        return seen
    }

    /// A place on the picture's horizontal axis, in milliseconds of time plus the room given to steps that happen
    /// at the same instant (so each one's state can be seen).
    struct Axis {
        /// Where each frame is.
        var frames: [Double]
        /// The picture's right end.
        var end: Double
        /// The room given to each step that takes no time after the one before it.
        var slot: Double
        /// Frames that got a slot, with their time (for `position(of:)`).
        var slotted: [Time]

        /// Where `time` is: before any slots at that instant.
        func position(of time: Time) -> Double {
            Double(time.milliseconds) + slot * Double(slotted.filter { $0 < time }.count)
        }
    }

    /// The axis: every step (not expectation) that follows another at the same instant, or the setup at 0, gets
    /// a slot of 5% of the picture (less when there are many: they share 40% at most).
    var axis: Axis {
        let span = Double(max(1000, end.milliseconds))
        var previous = Time.zero
        var slotted: [Time] = []
        for frame in frames where !frame.isExpectation {
            if frame.time == previous { slotted.append(frame.time) }
            previous = frame.time
        }
        let slot = slotted.isEmpty ? 0 : min(span * 0.05, span * 0.4 / Double(slotted.count))
        var positions: [Double] = []
        var given = 0
        previous = .zero
        for frame in frames {
            if !frame.isExpectation {
                if frame.time == previous { given += 1 }
                previous = frame.time
            }
            positions.append(Double(frame.time.milliseconds) + slot * Double(given))
        }
        return Axis(frames: positions, end: Double(end.milliseconds) + slot * Double(slotted.count), slot: slot,
                    slotted: slotted)
    }

    /// The engine in force over each span, from a frame until the next, with their places on the axis.
    func spans(on axis: Axis) -> [(from: Time, to: Time, x0: Double, x1: Double, engine: Engine)] {
        var result: [(Time, Time, Double, Double, Engine)] = []
        var current = (Time.zero, 0.0, initial)
        for (frame, position) in zip(frames, axis.frames) {
            if position > current.1 { result.append((current.0, frame.time, current.1, position, current.2)) }
            current = (frame.time, position, frame.engine)
        }
        result.append((current.0, end, current.1, axis.end, current.2))
        return result
    }
    /// Where the picture ends: a little after the last step, so its state can be seen.
    var end: Time {
        let last = max(frames.last?.time ?? .zero, until)
        let pad = max(Time.ms(1000).milliseconds, last.milliseconds / 12)
        return Time.ms(last.milliseconds + pad)
    }
}
