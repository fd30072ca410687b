import ArbiterEngine

/// A real system a session's engine is mirrored on: it reports what happened outside, follows the engine's state,
/// and describes itself. `arbiter attach`'s live backend is one and no more: the programs are the apps, and nothing
/// typed is carried out on them. A `ReplayBackend` is one that a replay drives.
public protocol RealSystem: AnyObject {
    /// Events that happened outside since the last call (an accessory removed by someone else), oldest first,
    /// each at the replay's time when it happened (a `ReplayClock` tells), never after `time`, the time the replay
    /// is about to reach. A backend that waits out the scenario's times returns as soon as something happens,
    /// before `time`: the replay handles it and calls again, until a call returns nothing.
    func externalEvents(at time: Time) throws -> [OutsideEvent]
    /// Reconciles the real system with the engine's state: makes it match, whatever it held before (called after
    /// every event the engine handled).
    func reconcile(with engine: Engine) throws
    /// The real system's state, a line each (the REPL's `graph`).
    func describe() throws -> [String]
}

/// A real system that carries a replay out (the PipeWire backend): beyond following the engine, it performs device
/// steps, reads its state back for the checks, takes apps declared after the start, and goes back with the engine.
public protocol ReplayBackend: RealSystem {
    /// Performs a device step for real and returns the events the engine should see (what the real system
    /// reported), which may differ from the step.
    func perform(_ action: DeviceAction, at time: Time) throws -> [Event]
    /// Reads the real system back and fails the checks it disagrees with, saying which is which.
    func verify(_ results: inout [CheckResult], engine: Engine) throws
    /// Adds an app declared after the start (the REPL's `app`).
    func declare(_ app: AppConfig) throws
    /// Makes the real system match an earlier engine state (the REPL's `undo` and `goto`), accessories included.
    func restore(_ engine: Engine) throws
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

extension RealSystem {
    public func describe() throws -> [String] { [] }
}

extension ReplayBackend {
    public func declare(_ app: AppConfig) throws {}
    public func restore(_ engine: Engine) throws { try reconcile(with: engine) }
}
