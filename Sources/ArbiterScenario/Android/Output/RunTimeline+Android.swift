import ArbiterAndroid
import ArbiterEngine

extension RunTimeline {
    /// An Android run's timeline (the phone's or the car's), from a replay made with `recordStates: true` (nil
    /// without its states): a lane per app, where it stands with focus (`gain`, `lossTransient`, ...), whether a
    /// player of it is started, and its loudest player's volume.
    public init?(report: AndroidScenarioReport) {
        guard let initial = report.initialState, report.states.count == report.entries.count else { return nil }
        self.init(
            file: report.scenario.file, title: report.scenario.title, platform: report.scenario.platform.rawValue,
            device: "\(report.scenario.platform), API \(report.scenario.setup.sdk)",
            lanes: initial.apps.map(\.name))
        sample(Self.lanes(of: initial), at: .zero)
        for (entry, engine) in zip(report.entries, report.states) {
            switch entry {
            case .step(let step):
                let outcome = step.outcome
                add(
                    step: AndroidEventText.text(outcome.event), at: outcome.time, position: step.position,
                    problem: step.problem,
                    decisions: outcome.decisions.map {
                        ($0.owner?.description, "\($0.owner.map { "\($0): " } ?? "")\($0.change)", $0.rule)
                    },
                    notifications: outcome.notifications.map {
                        ($0.app.name, "\($0.app): focus \($0.change.rawValue)", $0.rule)
                    },
                    after: Self.lanes(of: engine))
            case .expect(let expect):
                add(expect) { check in
                    if case .app(let id, _) = check.subject { return id.name }
                    return nil
                }
                sample(Self.lanes(of: engine), at: expect.time)
            }
        }
    }

    /// Each app's focus, whether a player of it is started, and its loudest player's volume.
    static func lanes(of engine: AndroidEngine) -> [String: LaneState] {
        var lanes: [String: LaneState] = [:]
        for app in engine.apps {
            guard let state = engine.state(of: app) else { continue }
            lanes[app.name] = LaneState(
                state: "focus \(state.focus)", playing: state.players.values.contains(.started),
                gain: state.volumes.values.max() ?? 1)
        }
        return lanes
    }
}
