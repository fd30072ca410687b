import ArbiterEngine

/// What every platform's stage offers a replay: its connection to the daemon, and the volume ramps under way,
/// played step by step in real time.
public protocol RampingStage: AnyObject {
    /// The connection the stage's streams live on.
    var connection: PipeWireConnection { get }
    /// Whether ramps are played in real time.
    var realtime: Bool { get set }
    /// The next moment after `time` when a ramp under way takes a step, if one is under way.
    func nextRampStep(after time: Time) -> Time?
    /// Sets every ramp under way to its value at `time`.
    func playRamps(at time: Time)
}

extension PipeWireStage: RampingStage {}
extension AndroidStage: RampingStage {}
