import ArbiterEngine
import ArbiterHarmony

/// What a HarmonyOS timeline picture shows, read from a replay made with `recordStates: true`: the steps, the
/// engine after each instant, the events delivered and the checks.
extension HarmonyTimelineSVG {
    struct Picture {
        /// An event step of the scenario (time passing on its own is not drawn as one).
        struct Step {
            var time: Time
            /// `Maps: start`.
            var label: String
            /// Its file position, what a failed call returned and, when the step failed, why.
            var detail: String?
            var failed: Bool
            /// Time passing on its own did something (an AudioSession timed out): the system's doing, not the file's.
            var isOutside = false
            /// The engine just before the step's instant (the initial one at 0), and just after the step.
            var before: HarmonyEngine
            var after: HarmonyEngine
            /// The events it delivered.
            var notifications: [HarmonyNotification]
        }

        /// An event delivered, at the time it was delivered.
        struct Delivered {
            var time: Time
            var notification: HarmonyNotification
            /// What the app's handler did on it, if anything.
            var reaction: HarmonyReaction?
        }

        /// An app's lane, or a system owner's (the call, the alarm, the assistant) once one of its streams sounds.
        struct Lane {
            var app: AppID
            /// The streams drawn: every stream of an app; those of a system owner that leave `prepared`.
            var streams: [String]
            /// The app activates an AudioSession at some time.
            var hasSession: Bool
        }

        typealias Sample = TimelineSample<HarmonyEngine>
        typealias Instant = TimelineInstant<Step>

        var title: String
        /// `harmonyos, API 20`.
        var device: String
        var lanes: [Lane]
        var steps: [Step] = []
        var delivered: [Delivered] = []
        var checks: [TimelineCheck] = []
        var failedSteps = 0
        var lastTime: Time
        /// Where the picture ends: a little after the last entry, so its state can be seen.
        var end: Time
        /// The engine after the last entry at each time, in time order (HarmonyOS changes nothing between events).
        var samples: [Sample]

        init?(report: HarmonyScenarioReport) {
            guard let initial = report.initialState, report.states.count == report.entries.count else { return nil }
            title = report.scenario.title
            device = "harmonyos, API \(report.scenario.setup.api)"
            var states = [Sample(time: .zero, engine: initial)]
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
                    delivered += step.outcome.notifications.map { notification in
                        Delivered(
                            time: time, notification: notification,
                            reaction: Self.reaction(to: notification, in: step.outcome))
                    }
                    if step.problem != nil { failedSteps += 1 }
                    if let position = step.position {
                        steps.append(
                            Step(
                                time: time, label: "\(step.outcome.event)", detail: Self.detail(step, at: position),
                                failed: step.problem != nil, before: before, after: engine,
                                notifications: step.outcome.notifications))
                    } else if let label = Self.outsideLabel(step.outcome) {
                        steps.append(
                            Step(
                                time: time, label: label, detail: "the system, at the time it falls due", failed: false,
                                isOutside: true, before: before, after: engine,
                                notifications: step.outcome.notifications))
                    }
                case .expect(let expect):
                    checks += expect.results.map { Self.check($0, at: expect.time) }
                }
                if let last = states.last, last.time == time {
                    states[states.count - 1] = Sample(time: time, engine: engine)
                } else {
                    states.append(Sample(time: time, engine: engine))
                }
            }
            samples = states
            lastTime = states.last?.time ?? .zero
            let pad = max(Time.ms(1000).milliseconds, lastTime.milliseconds / 12)
            end = Time.ms(lastTime.milliseconds + pad)
            lanes = Self.lanes(initial: initial, samples: states)
        }

        /// A lane per app, in the order declared, then one per system owner whose streams sound.
        static func lanes(initial: HarmonyEngine, samples: [Sample]) -> [Lane] {
            let apps = initial.apps.map { app in
                Lane(
                    app: app, streams: initial.streams(of: app) ?? [],
                    hasSession: samples.contains { $0.engine.session(of: app) != nil })
            }
            let system = HarmonyEngine.systemApps.map { owner in
                Lane(
                    app: owner.name,
                    streams: owner.streams.map(\.name).filter { stream in
                        samples.contains { $0.engine.stream(StreamOwner(owner.name, stream))?.state != .prepared }
                    }, hasSession: false)
            }
            return apps + system.filter { !$0.streams.isEmpty }
        }

        /// What time passing on its own did, as the steps lane names it: `Chat's AudioSession times out`; nil when
        /// it did nothing.
        static func outsideLabel(_ outcome: HarmonyOutcome) -> String? {
            let ended = outcome.decisions.compactMap { decision -> String? in
                if case .session(nil) = decision.change, decision.owner.stream == nil {
                    return "\(decision.owner.app)'s AudioSession times out"
                }
                return nil
            }
            if !ended.isEmpty { return ended.joined(separator: "; ") }
            return outcome.decisions.isEmpty && outcome.notifications.isEmpty ? nil : "time passes"
        }

        /// What the handler of the stream told `notification` did in the same outcome.
        static func reaction(to notification: HarmonyNotification, in outcome: HarmonyOutcome) -> HarmonyReaction? {
            guard case .interrupt(let owner, let event, _) = notification else { return nil }
            for decision in outcome.decisions where decision.owner == owner {
                if case .reacted(let hint, let reaction) = decision.change, hint == event.hint { return reaction }
            }
            return nil
        }

        /// A step's position, what its call returned when it failed, and why the step failed.
        static func detail(_ step: HarmonyStepRecord, at position: SourcePosition) -> String {
            var detail = "\(position)"
            if case .failed(let code, let rule)? = step.outcome.result, step.problem == nil {
                detail += ": returned failed \(code) [\(rule.id)]"
            }
            if let problem = step.problem { detail += ": \(problem)" }
            return detail
        }

        /// A check in its app's lane (a stream's or a session's) or the steps lane, with the rule behind the value.
        static func check(_ result: CheckOutcome<HarmonyCheck>, at time: Time) -> TimelineCheck {
            let app: AppID? =
                switch result.check.subject {
                case .stream(let owner, _): owner.app
                case .session(let app, _), .sessionScene(let app, _): app
                case .focusHolders, .focusList, .events: nil
                }
            var text = (result.passed ? "✓ " : "✗ ") + result.summary + "  (\(result.check.position))"
            if let rule = result.rule { text += "  " + HarmonyTimelineSVG.because(rule) }
            return TimelineCheck(time: time, app: app, passed: result.passed, text: text)
        }

        /// The instants with more than one step, in time order.
        var instants: [Instant] { Instant.several(steps, time: \.time) }

        /// The stretches of `value` over the samples, adjacent equal ones joined.
        func parts<Value: Equatable>(_ value: (HarmonyEngine) -> Value) -> [TimelinePart<Value>] {
            samples.parts(until: end, value)
        }
    }

    /// A rule as a hover title gives it: `[id] statement (source: …)`.
    static func because(_ rule: Rule) -> String {
        "[\(rule.id)] \(rule.statement) (source: \(rule.source))"
    }
}

extension TimelineInstant where Step == HarmonyTimelineSVG.Picture.Step {
    /// The engine just before the instant (the initial one at 0).
    var before: HarmonyEngine { steps[0].before }
}
