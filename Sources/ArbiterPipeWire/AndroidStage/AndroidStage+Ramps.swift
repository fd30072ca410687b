import ArbiterAndroid
import ArbiterEngine

extension AndroidStage {
    /// Notes, after a reconciliation, the volumes the streams go through until the ramps under way end, for
    /// `playRamps` between steps: the engine is run on, on a copy, with nothing happening, one `rampStep` at a time
    /// for `rampHorizon`. A 500 ms duck so plays as four steps, a 2 s fade as sixteen, each the engine's volume then.
    func noteRamps(_ engine: AndroidEngine) {
        streams.rampSteps = []
        guard realtime else { return }
        let profile = engine.setup.profile
        var later = engine
        streams.noteRamps(
            from: engine.now, step: AndroidStage.rampStep(profile),
            until: engine.now + AndroidStage.rampHorizon(profile)
        ) { time in
            if time > later.now { _ = later.handle(.advance, at: time) }
            return AndroidStage.wanted(later).mapValues(\.volume)
        }
    }

    /// How far apart the steps of a ramp are: a quarter of the shortest ramp (125 ms by default), at least 10 ms.
    static func rampStep(_ profile: AndroidProfile) -> Time {
        let ramps = [profile.duckRamp, profile.fadeOut].map(\.milliseconds).filter { $0 > 0 }
        return .ms(max(10, (ramps.min() ?? 500) / 4))
    }

    /// How long after a step the volumes may still change with nothing happening: a duck's ramp, a fade-out, the
    /// delay before a faded app is faded back in, and the delay before the in-call mute.
    static func rampHorizon(_ profile: AndroidProfile) -> Time {
        .ms(
            profile.duckRamp.milliseconds + profile.fadeOut.milliseconds + profile.fadeInOffendersAfter.milliseconds
                + profile.muteInCallAfter.milliseconds)
    }

    /// In real time, between steps: the next moment after `time` at which a ramp under way takes its next step, or
    /// nil when none is under way.
    public func nextRampStep(after time: Time) -> Time? { streams.nextRampStep(after: time) }

    /// In real time, between steps: sets every stream to the volume the engine gives its player at `time`.
    public func playRamps(at time: Time) { streams.playRamps(at: time) }
}
