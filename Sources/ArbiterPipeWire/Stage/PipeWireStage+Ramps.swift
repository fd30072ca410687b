import ArbiterEngine

extension PipeWireStage {
    /// Notes the ramps under way after a reconciliation at `now`, for `playRamps` between steps.
    func noteRamps(_ engine: Engine) {
        ramps = [:]
        guard realtime else { return }
        for app in engine.apps where app.gain.start + app.gain.ramp > engine.now {
            for player in app.players where !player.kind.isRecorder {
                let name = PipeWireStage.streamName(app.id, player.name)
                if let stream = streams[name] { ramps[name] = (stream, app.gain) }
            }
        }
    }

    /// In real time, between steps: the next moment after `time` at which a ramp under way takes its next
    /// step (a ramp is played as `rampSteps` volume steps), or nil when none is under way.
    public func nextRampStep(after time: Time) -> Time? {
        ramps.values.compactMap { ramp -> Time? in
            let gain = ramp.gain
            let steps = Int64(PipeWireStage.rampSteps)
            return (1...steps).lazy.map { gain.start + .ms(gain.ramp.milliseconds * $0 / steps) }.first { $0 > time }
        }.min()
    }

    /// A ramp plays as this many volume steps between two steps of a real-time replay.
    public static let rampSteps = 4

    /// In real time, between steps: sets every stream whose ramp is under way to the model's gain at `time`.
    public func playRamps(at time: Time) {
        for (name, ramp) in ramps {
            let volume = ramp.gain.value(at: time)
            guard applied[name]?.volume != volume else { continue }
            connection.setVolume(ramp.stream, volume)
            applied[name]?.volume = volume
        }
    }
}
