import ArbiterEngine
import ArbiterScenario

extension SyntheticWorkload {
    /// The workload as a scenario file of `stepCount` steps (time passing alone is not a step, so the
    /// workload is generated long enough to give that many).
    public static func scenarioText(appCount: Int, stepCount: Int, seed: UInt64 = 1) -> String {
        var eventCount = stepCount
        while true {
            let workload = SyntheticWorkload(appCount: appCount, eventCount: eventCount, seed: seed)
            var steps = workload.events.filter { if case .advance = $0.event { false } else { true } }
            if steps.count >= stepCount {
                steps.removeLast(steps.count - stepCount)
                return ScenarioWriter.text(
                    setup: workload.setup, steps: steps,
                    title: "Synthetic: \(appCount) apps, \(stepCount) steps")
            }
            eventCount += stepCount - steps.count
        }
    }

    /// The apps' declarations as REPL commands.
    public var replDeclarations: [String] {
        setup.apps.map { app in
            var words = ["app", app.name.name, "category=\(app.category)", "mode=\(app.mode)"]
            if !app.options.isEmpty {
                words.append("options=" + app.options.members.map(\.rawValue).joined(separator: ","))
            }
            if !app.backgroundModes.isEmpty {
                words.append("background=" + app.backgroundModes.map(\.rawValue).sorted().joined(separator: ","))
            }
            if !app.remoteCommands.isEmpty {
                words.append("commands=" + app.remoteCommands.map(\.rawValue).joined(separator: ","))
            }
            return words.joined(separator: " ")
        }
    }

    /// The events as the lines a person would type in the REPL (time passing as `after 10ms`).
    public var replLines: [String] { events.map { SyntheticWorkload.replLine($0.event) } }

    static func replLine(_ event: Event) -> String {
        switch event {
        case .advance: return "after 10ms"
        case .declare(let config): return "app \(config.name)"
        case .app(let app, let action):
            switch action {
            case .deactivate(let notify): return "\(app) deactivate" + (notify ? " notifyOthers" : "")
            case .seek(_, let seconds): return "\(app) seek \(Int(seconds))"
            case .nowPlayingInfo: return "\(app) nowPlayingInfo title=Track duration=180 elapsed=0"
            case .play: return "\(app) play"
            case .pause: return "\(app) pause"
            default: return "\(app) \(action)"
            }
        case .device(let action):
            switch action {
            case .connect(let spec): return "device connect \(spec.kind)"
            case .disconnect(let spec): return "device disconnect \(spec.kind)"
            case .ringer(let position): return "device ringer \(position)"
            default: return "device \(action)"
            }
        case .system(let action):
            switch action {
            case .siriBegin: return "system siri begin"
            case .siriEnd: return "system siri end"
            case .remote(let command, _): return "system remote \(command)"
            default: return "system \(action)"
            }
        }
    }
}
