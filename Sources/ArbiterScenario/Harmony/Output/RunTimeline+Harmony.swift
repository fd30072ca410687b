import ArbiterEngine
import ArbiterHarmony

extension RunTimeline {
    /// A HarmonyOS run's timeline, from a replay made with `recordStates: true` (nil without its states): a lane per
    /// stream (`Music.player`), its state and focus (`running, focus duck`), whether it runs, and its volume. The
    /// system's streams (the call's ring and voice, the alarm, the assistant) get lanes when they run.
    public init?(report: HarmonyScenarioReport) {
        guard let initial = report.initialState, report.states.count == report.entries.count else { return nil }
        let system = HarmonyEngine.systemApps.flatMap { app in app.streams.map { StreamOwner(app.name, $0.name) } }
        let used = system.filter { owner in report.states.contains { $0.stream(owner)?.state == .running } }
        let owners = report.scenario.setup.apps.flatMap { app in app.streams.map { StreamOwner(app.name, $0.name) } }
        self.init(
            file: report.scenario.file, title: report.scenario.title, platform: "harmonyos",
            device: "harmonyos, API \(report.scenario.setup.api)", lanes: (owners + used).map(\.description))
        let lanes = owners + used
        sample(Self.lanes(lanes, of: initial), at: .zero)
        for (entry, engine) in zip(report.entries, report.states) {
            switch entry {
            case .step(let step):
                let outcome = step.outcome
                add(
                    step: "\(outcome.event)", at: outcome.time, position: step.position, problem: step.problem,
                    decisions: outcome.decisions.map { ($0.owner.description, "\($0.owner): \($0.change)", $0.rule) },
                    notifications: outcome.notifications.map { notification in
                        switch notification {
                        case .interrupt(let owner, _, let rule): (owner.description, notification.description, rule)
                        case .sessionDeactivated(_, _, let rule), .sessionStateChanged(_, _, let rule):
                            (nil, notification.description, rule)
                        }
                    },
                    after: Self.lanes(lanes, of: engine))
            case .expect(let expect):
                add(expect) { check in
                    if case .stream(let owner, _) = check.subject { return owner.description }
                    return nil
                }
                sample(Self.lanes(lanes, of: engine), at: expect.time)
            }
        }
    }

    /// Each stream's state and focus, whether it runs, and its volume.
    static func lanes(_ owners: [StreamOwner], of engine: HarmonyEngine) -> [String: LaneState] {
        var lanes: [String: LaneState] = [:]
        for owner in owners {
            guard let status = engine.stream(owner) else { continue }
            lanes[owner.description] = LaneState(
                state: "\(status.state)" + (status.focus.map { ", focus \($0)" } ?? ""),
                playing: status.state == .running, gain: status.volume)
        }
        return lanes
    }
}
