import ArbiterEngine

extension RunTimeline {
    /// An iOS run's timeline, from a replay made with `recordStates: true` (nil without its states): a lane per app,
    /// its session's state (`inactive`, `active`, `ducked` while another's duck lowers it, `interrupted`), whether it
    /// plays, and its gain.
    public init?(report: ScenarioReport) {
        guard let picture = TimelinePicture(report: report) else { return nil }
        self.init(
            file: report.scenario.file, title: report.scenario.title, platform: "ios",
            device: "iOS \(report.scenario.setup.ios)", lanes: picture.apps.map(\.name))
        sample(Self.lanes(of: picture.initial, at: .zero), at: .zero)
        for (entry, engine) in zip(report.entries, report.states) {
            switch entry {
            case .step(let step):
                let outcome = step.outcome
                add(
                    step: step.outside ? "outside: \(outcome.event)" : "\(outcome.event)", at: outcome.time,
                    position: step.position, problem: step.problem,
                    decisions: outcome.decisions.map {
                        ($0.app?.name, "\($0.app.map { "\($0): " } ?? "")\($0.change)", $0.rule)
                    },
                    notifications: outcome.notifications.map { ($0.app.name, "\($0.app): \($0.kind)", $0.rule) },
                    after: Self.lanes(of: engine, at: outcome.time))
            case .expect(let expect):
                add(expect) { check in
                    if case .app(let id, _) = check.subject { return id.name }
                    return nil
                }
                sample(Self.lanes(of: engine, at: expect.time), at: expect.time)
            }
        }
    }

    /// Each app's session state, playing and gain in `engine` at `time`.
    static func lanes(of engine: Engine, at time: Time) -> [String: LaneState] {
        var lanes: [String: LaneState] = [:]
        for app in engine.apps {
            let session = app.session
            let gain = engine.gain(of: app.id, at: time) ?? 1
            let state =
                session.isInterrupted ? "interrupted" : !session.isActive ? "inactive" : gain < 1 ? "ducked" : "active"
            lanes[app.id.name] = LaneState(state: state, playing: app.isPlaying, gain: gain)
        }
        return lanes
    }
}
