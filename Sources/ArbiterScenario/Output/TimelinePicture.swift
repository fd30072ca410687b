import ArbiterEngine

/// What a timeline picture shows: the engine's state after each step over time, the notifications, and the
/// expectations. Built from a replay (`init(report:)`) or a REPL session; drawn by `TimelineSVG`.
public struct TimelinePicture: Sendable {
    /// A step and the engine just after it.
    public struct Frame: Sendable {
        public var time: Time
        public var engine: Engine
        /// What happened, drawn in the steps lane (`Maps: play`).
        public var label: String
        /// More about it, shown when hovering (its file position, the API a code step called).
        public var detail: String?
        public var notifications: [SessionNotification]
        /// The step failed the scenario (or the engine refused it).
        public var failed: Bool
        /// An `expect:` step: drawn as its checks rather than as a step.
        public var isExpectation: Bool
        /// An event from the real system (`--pipewire`), not from the scenario.
        public var isOutside: Bool

        public init(
            time: Time, engine: Engine, label: String, detail: String? = nil,
            notifications: [SessionNotification], failed: Bool, isExpectation: Bool = false,
            isOutside: Bool = false
        ) {
            self.time = time
            self.engine = engine
            self.label = label
            self.detail = detail
            self.notifications = notifications
            self.failed = failed
            self.isExpectation = isExpectation
            self.isOutside = isOutside
        }
    }

    /// An expectation's result, drawn in the lane of what it checks.
    public struct CheckMark: Sendable {
        /// Where a check is drawn: its app's lane, the route's, Now Playing's, or the steps lane (events).
        public enum Lane: Hashable, Sendable {
            case app(AppID)
            case route
            case nowPlaying
            case steps
        }

        public init(time: Time, frame: Int, app: AppID?, passed: Bool, text: String) {
            self.init(time: time, frame: frame, lane: app.map(Lane.app) ?? .steps, passed: passed, text: text)
        }

        public init(time: Time, frame: Int, lane: Lane, passed: Bool, text: String) {
            self.time = time
            self.frame = frame
            self.lane = lane
            self.passed = passed
            self.text = text
        }

        /// The mark of a check's result, drawn at frame `frame`.
        public init(_ result: CheckResult, time: Time, frame: Int) {
            let lane: Lane =
                switch result.check.subject {
                case .app(let id, _): .app(id)
                case .route: .route
                case .nowPlaying: .nowPlaying
                case .events, .eventsInclude, .eventsAnyOrder: .steps
                }
            self.init(
                time: time, frame: frame, lane: lane, passed: result.passed,
                text: result.passed ? "✓ \(result.summary)" : "✗ \(result.summary)  (\(result.check.position))")
        }

        public var time: Time
        /// The index of the frame it is drawn at (its `expect:` frame; a REPL draws it at the step before).
        public var frame: Int
        public var lane: Lane
        public var passed: Bool
        public var text: String

        /// The app whose lane it is in, if it is in one.
        public var app: AppID? {
            if case .app(let id) = lane { return id }
            return nil
        }
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
                frames.append(
                    Frame(
                        time: step.outcome.time, engine: engine,
                        label: step.outside ? "outside: \(step.outcome.event)" : "\(step.outcome.event)",
                        detail: step.position.map { "\($0)" }, notifications: step.outcome.notifications,
                        failed: step.problem != nil, isOutside: step.outside))
            case .expect(let expect):
                checks += expect.results.map { CheckMark($0, time: expect.time, frame: frames.count) }
                frames.append(
                    Frame(
                        time: expect.time, engine: engine, label: "expect", detail: "\(expect.position)",
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

    /// The steps drawn (expectations are drawn as their checks).
    var steps: [(index: Int, frame: Frame)] {
        frames.enumerated().filter { !$0.element.isExpectation }.map { ($0.offset, $0.element) }
    }

    /// Where the picture ends: a little after the last step, so its state can be seen.
    var end: Time {
        let last = max(frames.last?.time ?? .zero, until)
        let pad = max(Time.ms(1000).milliseconds, last.milliseconds / 12)
        return Time.ms(last.milliseconds + pad)
    }

    /// A stretch of time and the engine in force over it.
    struct Span {
        var from: Time
        var to: Time
        var engine: Engine
    }

    /// The engine in force over each stretch of time, from one instant with steps to the next: the state after
    /// the last step of an instant (the states between steps at one instant last no time; `instants` has them).
    var spans: [Span] {
        var result: [Span] = []
        var current = Span(from: .zero, to: .zero, engine: initial)
        for frame in frames {
            if frame.time > current.from {
                current.to = frame.time
                result.append(current)
                current.from = frame.time
            }
            current.engine = frame.engine
        }
        current.to = end
        result.append(current)
        return result
    }

    /// An instant at which several steps happen, with the state before them and after each.
    struct Instant {
        var time: Time
        /// The engine just before the instant (the initial one at 0).
        var before: Engine
        var steps: [(index: Int, frame: Frame)]
    }

    /// The instants with more than one step, in time order.
    var instants: [Instant] {
        var result: [Instant] = []
        var before = initial
        var previousTime: Time?
        var engineBeforeTime = initial
        for (index, frame) in frames.enumerated() {
            if frame.time != previousTime {
                engineBeforeTime = before
                previousTime = frame.time
            }
            if !frame.isExpectation {
                if let last = result.last, last.time == frame.time {
                    result[result.count - 1].steps.append((index, frame))
                } else {
                    result.append(Instant(time: frame.time, before: engineBeforeTime, steps: [(index, frame)]))
                }
            }
            before = frame.engine
        }
        return result.filter { $0.steps.count > 1 }
    }
}

extension TimelinePicture {
    /// A stretch of time over which one app is Now Playing with the same title and rate.
    struct NowPlayingPart {
        var from: Time
        var to: Time
        var view: NowPlayingView
        /// The elapsed time the lock screen shows at `from` and at `to` (nil when the app publishes none).
        var elapsedFrom: Double?
        var elapsedTo: Double?
    }

    /// Who is Now Playing over time; a new part starts when the app, its title or rate changes, or its elapsed
    /// time jumps (a seek).
    var nowPlaying: [NowPlayingPart] {
        var result: [NowPlayingPart] = []
        for span in spans {
            guard let view = span.engine.nowPlayingView(at: span.from) else { continue }
            let elapsedTo = span.engine.nowPlayingView(at: span.to)?.elapsed
            if let last = result.last, last.to == span.from, last.view.app == view.app, last.view.title == view.title,
                last.view.rate == view.rate, TimelinePicture.same(last.elapsedTo, view.elapsed)
            {
                result[result.count - 1].to = span.to
                result[result.count - 1].elapsedTo = elapsedTo
            } else {
                result.append(
                    NowPlayingPart(
                        from: span.from, to: span.to, view: view, elapsedFrom: view.elapsed,
                        elapsedTo: elapsedTo))
            }
        }
        return result
    }

    static func same(_ a: Double?, _ b: Double?) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case (let a?, let b?): abs(a - b) < 0.01
        default: false
        }
    }
}
