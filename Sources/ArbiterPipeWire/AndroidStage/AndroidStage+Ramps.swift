import ArbiterAndroid
import ArbiterEngine

extension AndroidStage {
    /// Notes, after a reconciliation, the volumes the streams go through until the ramps under way end, for
    /// `playRamps` between steps: the engine is run on, on a copy, with nothing happening, one `rampStep` at a time
    /// for `rampHorizon`, and each moment at which a player's volume differs is kept. A 500 ms duck so plays as four
    /// steps, a 2 s fade as sixteen, each the engine's volume at that moment.
    func noteRamps(_ engine: AndroidEngine) {
        rampSteps = []
        guard realtime else { return }
        let profile = engine.setup.profile
        let step = AndroidStage.rampStep(profile)
        var later = engine
        var last = AndroidStage.wanted(engine).mapValues(\.volume)
        let end = engine.now + AndroidStage.rampHorizon(profile)
        var time = engine.now + step
        while time <= end {
            _ = later.handle(.advance, at: time)
            let volumes = AndroidStage.wanted(later).mapValues(\.volume)
            if volumes != last { rampSteps.append((time, volumes)) }
            last = volumes
            time = time + step
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
    public func nextRampStep(after time: Time) -> Time? { rampSteps.first { $0.time > time }?.time }

    /// In real time, between steps: sets every stream to the volume the engine gives its player at `time` (the last
    /// ramp step noted at or before it).
    public func playRamps(at time: Time) {
        guard let step = rampSteps.last(where: { $0.time <= time }) else { return }
        for (name, volume) in step.volumes {
            guard let stream = streams[name], applied[name]?.volume != volume else { continue }
            connection.setVolume(stream, volume)
            applied[name]?.volume = volume
        }
    }
}
