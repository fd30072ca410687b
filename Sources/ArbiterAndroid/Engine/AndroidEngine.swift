import ArbiterEngine

/// Android's audio focus as a pure, deterministic state machine: events in, each with its time; decisions and
/// focus changes out, each with the rule that made it. The phone's stack or the car's matrix, as the setup says.
public struct AndroidEngine: Sendable {
    /// What the engine started from.
    public let setup: AndroidSetup
    /// The time of the last event handled.
    public internal(set) var now: Time = .zero

    var records: [AppRecord]
    var recordIndex: [AppID: Int]
    /// Who decides focus: the phone's stack or the car's matrix.
    var policy: any FocusPolicy
    /// The framework's ducks (phone), by uid.
    var ducks: [Int: DuckRecord] = [:]
    /// The framework's fade-outs (phone, Android 12+), by uid.
    var fades: [Int: FadeRecord] = [:]
    var dueWork: [DueWork] = []
    var nextSequence = 0
    /// The system's clients (`call`, `assistant`, `alarm`), once they have asked for focus.
    var systemClients: [FocusOwner: SystemClientRecord] = [:]
    var callState: AndroidCallState?
    /// Counts rings, so the mute scheduled for one ring does not act on a later one.
    var callToken = 0
    var assistantActive = false
    var alarmActive = false
    var currentRingerMode: RingerMode
    /// What the event being handled did so far.
    var effects = Effects()
    /// While work that fell due runs: its time.
    var dueTime: Time?

    var profile: AndroidProfile { setup.profile }
    var isCar: Bool { setup.platform == .car }

    /// An engine for `setup`; throws when the setup is inconsistent (two apps of one name, a player named twice).
    public init(_ setup: AndroidSetup) throws(AndroidSetupError) {
        self.setup = setup
        var index: [AppID: Int] = [:]
        for (i, app) in setup.apps.enumerated() {
            if index[app.name] != nil { throw AndroidSetupError("two apps are named \(app.name)") }
            if ["call", "assistant", "alarm"].contains(app.name.name) {
                throw AndroidSetupError("an app cannot be named \(app.name): the name is the system's own focus owner")
            }
            var names: Set<String> = []
            for player in app.players where !names.insert(player.name).inserted {
                throw AndroidSetupError("\(app.name) declares the player \(player.name) twice")
            }
            if app.players.isEmpty { throw AndroidSetupError("\(app.name) declares no player") }
            index[app.name] = i
        }
        records = setup.apps.map(AppRecord.init)
        recordIndex = index
        currentRingerMode = setup.ringerMode
        policy =
            switch setup.platform {
            case .phone: PhoneFocusStack(delayedRequestPropagatesLoss: setup.profile.delayedRequestPropagatesLoss)
            case .car: CarFocus(profile: setup.profile)
            }
    }

    /// Handles `event` at `time` (not before `now`): what falls due before it first, then the event.
    public mutating func handle(_ event: AndroidEvent, at time: Time) -> FocusOutcome {
        let time = max(now, time)
        effects = Effects()
        runDueWork(through: time)
        now = time
        dueTime = nil
        apply(event)
        runReactions()
        return FocusOutcome(
            time: now, event: event, result: effects.result, rejection: effects.rejection,
            decisions: effects.decisions, notifications: effects.notifications)
    }

    private mutating func apply(_ event: AndroidEvent) {
        switch event {
        case .app(let id, let action):
            guard let i = recordIndex[id] else {
                reject("no app is named \(id.name); expected one of \(apps.map(\.name).joined(separator: ", "))")
                return
            }
            effects.result = perform(action, by: i)
        case .system(let action):
            perform(action)
        case .ringerMode(let mode):
            setRingerMode(mode)
        case .advance:
            break
        }
    }

    /// The apps, in the order declared.
    public var apps: [AppID] { setup.apps.map(\.name) }
    /// The phone's focus stack, top first; in the car, the holders and then the losers that wait.
    public var stack: [FocusOwner] { policy.entries.map(\.owner) }
    /// Who holds focus: the top of the stack alone, or the car's holders.
    public var holders: [FocusOwner] { policy.holders }
    /// The owner at the top of the stack (the car: the most recent holder); nil when no one holds focus.
    public var focusOwner: FocusOwner? { holders.first }
    /// The phone's call: ringing, active, or nil.
    public var call: AndroidCallState? { callState }
    /// The device's ringer mode now.
    public var ringerMode: RingerMode { currentRingerMode }
}

/// Why a setup cannot start an engine.
public struct AndroidSetupError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String
    /// An error that says what is inconsistent.
    public init(_ description: String) { self.description = description }
}
