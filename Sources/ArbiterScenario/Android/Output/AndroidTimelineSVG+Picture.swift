import ArbiterAndroid
import ArbiterEngine

/// What an Android timeline picture shows, read from a replay made with `recordStates: true`: the steps, the
/// engine over time (sampled finely enough to draw ramps and fades), the focus changes delivered and the checks.
extension AndroidTimelineSVG {
    struct Picture {
        /// An event step of the scenario (time passing on its own is not drawn as one).
        struct Step {
            var time: Time
            /// `Maps: play`.
            var label: String
            /// Its file position and, when it failed, why.
            var detail: String?
            var failed: Bool
            /// The engine just before the step's instant (the initial one at 0), and just after the step.
            var before: AndroidEngine
            var after: AndroidEngine
            /// The focus changes it delivered.
            var notifications: [FocusNotification]
        }

        /// A focus change delivered, at the time it was delivered.
        struct Delivered {
            var time: Time
            var notification: FocusNotification
        }

        /// A check's result, drawn in its app's lane or (app nil) in the steps lane.
        typealias Check = TimelineCheck

        /// The engine at an instant: after the last entry at a time, or part way to the next one.
        typealias Sample = TimelineSample<AndroidEngine>

        /// Steps at one instant, which share its place on the axis.
        typealias Instant = TimelineInstant<Step>

        var title: String
        /// `android, API 34`.
        var device: String
        var apps: [AppID]
        var isCar: Bool
        var steps: [Step]
        var delivered: [Delivered]
        var checks: [Check]
        var failedSteps: Int
        var lastTime: Time
        /// Where the picture ends: a little after the last entry, so its state can be seen.
        var end: Time
        /// The engine over time, in time order: at each time with entries the state after the last of them, then
        /// samples up to the next such time (the last one at that time, before its entries run).
        var samples: [Sample]

        init?(report: AndroidScenarioReport) {
            guard let initial = report.initialState, report.states.count == report.entries.count else { return nil }
            title = report.scenario.title
            device = "\(report.scenario.platform), API \(report.scenario.setup.sdk)"
            apps = initial.apps
            isCar = report.scenario.platform == .car
            steps = []
            delivered = []
            checks = []
            failedSteps = 0
            var states: [Sample] = [Sample(time: .zero, engine: initial)]
            var before = initial
            var beforeTime = Time.zero
            for (entry, engine) in zip(report.entries, report.states) {
                let time: Time =
                    switch entry {
                    case .step(let step): step.outcome.time
                    case .expect(let expect): expect.time
                    }
                if time != beforeTime {
                    before = states[states.count - 1].engine
                    beforeTime = time
                }
                switch entry {
                case .step(let step):
                    delivered += step.outcome.notifications.map { Delivered(time: $0.time ?? time, notification: $0) }
                    if step.problem != nil { failedSteps += 1 }
                    if let position = step.position {
                        var detail = "\(position)"
                        if let problem = step.problem { detail += ": \(problem)" }
                        steps.append(
                            Step(
                                time: time, label: AndroidEventText.text(step.outcome.event), detail: detail,
                                failed: step.problem != nil, before: before, after: engine,
                                notifications: step.outcome.notifications))
                    }
                    states.append(Sample(time: time, engine: engine))
                case .expect(let expect):
                    checks += expect.results.map { result in
                        let app: AppID? = if case .app(let id, _) = result.check.subject { id } else { nil }
                        let text = (result.passed ? "✓ " : "✗ ") + result.summary + "  (\(result.check.position))"
                        return Check(time: expect.time, app: app, passed: result.passed, text: text)
                    }
                    states.append(Sample(time: time, engine: engine))
                }
            }
            lastTime = states.last?.time ?? .zero
            let pad = max(Time.ms(1000).milliseconds, lastTime.milliseconds / 12)
            end = Time.ms(lastTime.milliseconds + pad)
            samples = Picture.sampled(states, until: end)
        }

        /// The states after the last entry at each time, with samples between: about one every two pixels of the
        /// axis, found by letting time pass on a copy of the engine (pure and deterministic), so ramps show.
        static func sampled(_ states: [Sample], until end: Time) -> [Sample] {
            var lasts: [Sample] = []
            for state in states {
                if let last = lasts.last, last.time == state.time {
                    lasts[lasts.count - 1] = state
                } else {
                    lasts.append(state)
                }
            }
            let plotWidth = TimelineSVG.width - TimelineSVG.left - TimelineSVG.right
            var result: [Sample] = []
            for (index, state) in lasts.enumerated() {
                let to = index + 1 < lasts.count ? lasts[index + 1].time : end
                let span = to.milliseconds - state.time.milliseconds
                let pixels = plotWidth * Double(span) / Double(max(1, end.milliseconds))
                let count = max(1, min(400, Int(pixels / 2)))
                result.append(state)
                var engine = state.engine
                for sample in 1...count {
                    let time = Time.ms(state.time.milliseconds + span * Int64(sample) / Int64(count))
                    _ = engine.handle(.advance, at: time)
                    result.append(Sample(time: time, engine: engine))
                }
            }
            return result
        }

        /// The instants with more than one step, in time order.
        var instants: [Instant] { Instant.several(steps, time: \.time) }

        /// The stretches of `value` over the samples, adjacent equal ones joined; each sample's value holds until
        /// the next sample.
        func parts<Value: Equatable>(_ value: (AndroidEngine) -> Value) -> [TimelinePart<Value>] {
            samples.parts(until: end, value)
        }
    }
}

extension TimelineInstant where Step == AndroidTimelineSVG.Picture.Step {
    /// The engine just before the instant (the initial one at 0).
    var before: AndroidEngine { steps[0].before }
}
