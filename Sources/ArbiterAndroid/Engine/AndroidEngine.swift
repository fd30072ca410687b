import ArbiterEngine

/// Android's audio focus as a pure, deterministic state machine: events in, each with its time; decisions and
/// focus changes out, each with the rule that made it. The phone's stack or the car's matrix, as the setup says.
public struct AndroidEngine: Sendable {
    public let setup: AndroidSetup
    /// The time of the last event handled.
    public private(set) var now: Time = .zero

    /// An engine for `setup`; throws when the setup is inconsistent (two apps of one name, a player named twice).
    public init(_ setup: AndroidSetup) throws(AndroidSetupError) {
        self.setup = setup
    }

    /// Handles `event` at `time` (not before `now`): what falls due before it first, then the event.
    public mutating func handle(_ event: AndroidEvent, at time: Time) -> FocusOutcome {
        now = max(now, time)
        return FocusOutcome(time: now, event: event)
    }

    /// The apps, in the order declared.
    public var apps: [AppID] { setup.apps.map(\.name) }
    /// The phone's focus stack, top first; in the car, the holders and then the losers that wait.
    public var stack: [FocusOwner] { [] }
    /// Who holds focus: the top of the stack alone, or the car's holders.
    public var holders: [FocusOwner] { [] }
    /// The owner at the top of the stack (the car: the most recent holder); nil when no one holds focus.
    public var focusOwner: FocusOwner? { holders.first }
    /// An app's state now; nil for an app that was never declared.
    public func state(of app: AppID) -> AndroidAppState? { nil }
    public var call: CallState? { nil }
    public var ringerMode: RingerMode { setup.ringerMode }
    /// Whether a notification sound asking to play now would play.
    public var notificationSoundPlays: Bool { true }
}

/// Why a setup cannot start an engine.
public struct AndroidSetupError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
