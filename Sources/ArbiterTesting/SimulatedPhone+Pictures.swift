import ArbiterEngine
import ArbiterKit
import ArbiterScenario

extension SimulatedPhone {
    /// The run so far as the timeline picture `arbiter replay --svg` draws for a scenario: one frame a step, labelled
    /// with its event and, for a step an app's code made, the API it called.
    public func timelinePicture(title: String = "simulated phone") -> TimelinePicture {
        TimelinePicture(
            title: title, initial: initialEngine,
            frames: transcript.map { step in
                let failed: Bool =
                    switch step.outcome.result {
                    case .succeeded: false
                    case .failed, .rejected: true
                    }
                let label = step.cause == .test ? "\(step.outcome.event)" : "\(step.cause)"
                return TimelinePicture.Frame(
                    time: step.outcome.time, engine: step.engine, label: label,
                    notifications: step.outcome.notifications, failed: failed)
            }, until: now)
    }

    /// The run so far as an SVG picture.
    public func timelineSVG(title: String = "simulated phone") -> String {
        TimelineSVG.render(timelinePicture(title: title))
    }

    /// The rule that last set a value, named as a scenario's checks and the REPL's `why` name it (`active`,
    /// `players.episode`, `nowPlaying`, `route`), for app `app` or for the device (nil).
    public func why(_ property: String, of app: AppID? = nil) -> Rule? {
        var provenance = Provenance()
        for step in transcript { provenance.record(step.outcome.decisions) }
        return provenance.rule(app, property)
    }
}
