import ArbiterEngine

/// Something that carries the replay out for real (the PipeWire backend): it performs device steps, reports
/// what happened outside, reconciles itself with the engine's state, and reads it back for the checks.
public protocol ReplayBackend: AnyObject {
    /// Performs a device step for real and returns the events the engine should see (what the real system
    /// reported), which may differ from the step.
    func perform(_ action: DeviceAction, at time: Time) throws -> [Event]
    /// Events that happened outside since the last call (an accessory removed by someone else), oldest first,
    /// each at the replay's time when it happened (a `ReplayClock` tells), never after `time`, the time the replay
    /// is about to reach. A backend that waits out the scenario's times returns as soon as something happens,
    /// before `time`: the replay handles it and calls again, until a call returns nothing.
    func externalEvents(at time: Time) throws -> [OutsideEvent]
    /// Reconciles the real system with the engine's state: makes it match, whatever it held before (called after
    /// every event the engine handled).
    func reconcile(with engine: Engine) throws
    /// Reads the real system back and fails the checks it disagrees with, saying which is which.
    func verify(_ results: inout [CheckResult], engine: Engine) throws
    /// Adds an app declared after the start (the REPL's `app`).
    func declare(_ app: AppConfig) throws
    /// Makes the real system match an earlier engine state (the REPL's `undo` and `goto`), accessories included.
    func restore(_ engine: Engine) throws
    /// The real system's state, a line each (the REPL's `graph`).
    func describe() throws -> [String]
}

/// An event from outside the replay (the real system), at the replay's time when it happened.
public struct OutsideEvent: Sendable {
    public var event: Event
    public var time: Time

    public init(_ event: Event, at time: Time) {
        self.event = event
        self.time = time
    }
}

/// The error a backend throws once the real system has gone away for good (the daemon died): the model goes
/// on without it, so an `app` declared in the REPL at that moment is still declared.
public struct RealSystemGone: Error, CustomStringConvertible {
    public var description: String

    public init(_ description: String) { self.description = description }
}

extension ReplayBackend {
    public func declare(_ app: AppConfig) throws {}
    public func restore(_ engine: Engine) throws { try reconcile(with: engine) }
    public func describe() throws -> [String] { [] }
}
