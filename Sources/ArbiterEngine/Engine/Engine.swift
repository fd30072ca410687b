/// The policy engine: a pure, deterministic model of how iOS arbitrates audio among apps.
///
/// A value type. Feed it events with `handle(_:at:)`; it returns what it decided and which
/// notifications it delivered, each with the rule behind it. It has no clock, performs no I/O and
/// starts no threads, so the same events always give the same outcomes.
public struct Engine: Hashable, Sendable {
    public let ios: Int
    public let profile: Profile
    public internal(set) var device: DeviceState
    /// The apps, in declaration order.
    public internal(set) var apps: AppTable
    /// The time of the last event.
    public internal(set) var now: Time = .zero
    var activationCounter = 0
    var accessorySerial = 0
    /// How many times an accessory was connected or disconnected (settle compares it, not the accessories).
    var accessoryChanges = 0
    var playCounter = 0
    /// Who may still wait for the end of whose interruption.
    var interruptions = InterruptionLedger()
    /// At least how many apps override their output to the speaker: raised by each override an app makes, set to 0
    /// when a route change has ended them all. A route change looks for overrides to end only when this is above 0.
    var speakerOverrideBound = 0
    /// The index of `device.foreground`.
    var foregroundIndex: Int?
    /// The index of the built-in Music app, when the engine runs one (`musicApp`).
    var musicAppIndex: Int?
    /// Remote commands the apps keep while Siri holds the session, in order (`Engine.remote`).
    var siriQueuedCommands: [QueuedCommand] = []
    /// Set when Siri's interruption ends with commands kept: they are applied once the apps reacted to the end.
    var appliesQueuedCommands = false
    /// What the engine derived from the state after the last event.
    var derived = Derived()

    /// Starts an engine at time 0. Throws when the setup is inconsistent (duplicate app names,
    /// an unknown foreground app, an initial category that iOS would refuse, ...).
    public init(_ setup: Setup = Setup()) throws(SetupError) {
        var problems = setup.profile.problems
        ios = setup.ios
        profile = setup.profile
        device = DeviceState()
        device.ringer = setup.device.ringer
        device.isLocked = setup.device.locked
        // Before iOS 14 every call rang full screen (`CallStyle.introduced`).
        device.callStyle = setup.device.callStyle.introduced.isAvailable(on: ios) ? setup.device.callStyle : .fullScreen
        apps = AppTable()
        var seen = Set<AppID>()
        for config in setup.allApps {
            if let problem = Engine.nameProblem(config.name) { problems.append(problem) }
            if !seen.insert(config.name).inserted {
                problems.append("app '\(config.name)' is declared twice; expected each app name once")
            }
            problems += Engine.problems(with: config, profile: setup.profile)
            apps.append(App(config: config, lifecycle: .background))
        }
        for spec in setup.device.accessories {
            if device.accessoryIndex(exactly: spec) != nil {
                problems.append("accessory \(spec) is listed twice; expected a name for a second \(spec.kind)")
            }
            accessorySerial += 1
            device.accessories.append(Accessory(kind: spec.kind, name: spec.name, serial: accessorySerial))
        }
        let foreground = setup.device.foreground ?? setup.apps.first?.name
        if let foreground {
            if let index = index(of: foreground) {
                apps[index].lifecycle = .foreground
                setForeground(index)
            } else {
                problems.append("foreground app '\(foreground)' is not declared; expected one of the apps")
            }
        }
        if !problems.isEmpty { throw SetupError(problems: problems) }
        musicAppIndex = apps.indices.first { apps[$0].config.isMusicApp }
        apps.commit()
        derived = Derived(self)
    }

    /// Applies one event at `time` and reports what happened.
    @discardableResult
    public mutating func handle(_ event: consuming Event, at time: Time) -> Outcome {
        var outcome = Outcome(time: time, event: .advance, result: .succeeded)  // every field is set by the call below
        handle(event, at: time, into: &outcome)
        return outcome
    }

    /// Applies one event at `time` and writes what happened into `outcome`, replacing what it held. The outcome's
    /// arrays keep their storage, so a caller that handles events in a loop with one outcome allocates nothing for
    /// the decisions and notifications of each event. The event ends in the outcome, moved there, not copied.
    public mutating func handle(_ event: consuming Event, at time: Time, into outcome: inout Outcome) {
        outcome.time = time
        outcome.effects.empty()
        if time < now {
            outcome.result = .rejected(
                InputError(
                    "time \(time) is before the current time \(now); expected time to move forward"))
            outcome.event = event
            return
        }
        let app: Int?
        switch check(event) {
        case .failure(let problem):
            outcome.result = .rejected(problem)
            outcome.event = event
            return
        case .success(let i): app = i
        }
        now = time
        // Each step below is skipped, call and all, when it has nothing to look at.
        if !derived.timedPlayback.isEmpty { catchUpPlayers(&outcome.effects) }
        // Everything was settled after the last event: only players reaching the end of an item changed since.
        if apps.hasUnsettledChanges { settle(&outcome.effects, silently: true) }
        // Apps idling in the background past the profile's limit are suspended before the event, and reported.
        if hasIdleAppDue {
            suspendAppsIdlingTooLong(&outcome.effects)
            settle(&outcome.effects)
        }
        let activationsBefore = activationCounter
        let result = apply(event, to: app, &outcome.effects)
        settle(&outcome.effects)
        if device.isSiriActive && activationCounter != activationsBefore {
            interruptPlayingStartedDuringSiri(since: activationsBefore, &outcome.effects)
        }
        if !outcome.effects.notifications.isEmpty && apps.reactingApps > 0 { runReactions(&outcome.effects) }
        if appliesQueuedCommands {
            appliesQueuedCommands = false
            let told = outcome.effects.notifications.count
            applyCommandsQueuedDuringSiri(&outcome.effects)
            settle(&outcome.effects)
            if apps.reactingApps > 0 { runReactions(&outcome.effects, from: told) }
        }
        if apps.changedDuringEvent && suspendIdleBackgroundApps(&outcome.effects) { settle(&outcome.effects) }
        apps.commit()
        assert(
            !Engine.checksEveryEvent || invariantViolations().isEmpty,
            "invariants broken after \(event) at \(time): \(invariantViolations())")
        assert(!Engine.checksEveryEvent || derivedDrift() == nil, "after \(event) at \(time): \(derivedDrift()!)")
        outcome.result = result
        if outcome.effects.records.names !== apps.names { outcome.effects.records.names = apps.names }
        assert(
            !Engine.checksEveryEvent || outcome.effects.records.namesCoverCodes,
            "after \(event) at \(time): a decision names an app or player the outcome's names lack")
        outcome.event = event
    }

    /// Applies a checked event (`app` is the index of an app event's app). The event is borrowed: switching over
    /// the consumed parameter of `handle` would copy each payload.
    private mutating func apply(_ event: Event, to app: Int?, _ effects: inout Effects) -> StepResult {
        switch event {
        case .app(_, let action): apply(action, to: app!, &effects)
        case .device(let action): apply(action, &effects)
        case .system(let action): apply(action, &effects)
        case .declare(let config): declare(config, &effects)
        case .advance: .succeeded
        }
    }

    /// Whether debug builds check the invariants and the derived values after every event, stopping at the first
    /// broken one. Tests that check them themselves, to shrink the events that broke them, turn this off.
    @TaskLocal static var checksEveryEvent = true

    /// The app with this name, if any.
    public func app(_ id: AppID) -> App? { apps.index(of: id).map { apps[$0] } }

    func index(of id: AppID) -> Int? { apps.index(of: id) }

    /// What is wrong with an app's name, if anything.
    static func nameProblem(_ name: AppID) -> String? {
        AppID.isValid(name.name) ? nil : "app name '\(name)' is not valid; expected letters, digits, '-' and '_'"
    }

    static func problems(with config: AppConfig, profile: Profile) -> [String] {
        var problems: [String] = []
        if case .failure(let error) = CategoryConfiguration.validate(
            category: config.category, mode: config.mode, options: config.options, profile: profile)
        {
            problems.append(
                "app '\(config.name)': category \(config.category) with options \(config.options) "
                    + "fails with \(error.code) (\(error.rule.statement))")
        }
        var names = Set<String>()
        for player in config.players where !names.insert(player.name).inserted {
            problems.append("app '\(config.name)': player '\(player.name)' is declared twice; expected unique names")
        }
        return problems
    }

    private mutating func declare(_ config: AppConfig, _ effects: inout Effects) -> StepResult {
        // Like a scenario file, whose first app starts in the foreground: the first app of an empty device does.
        let first = apps.isEmpty && device.foreground == nil
        apps.append(App(config: config, lifecycle: first ? .foreground : .background))
        if first { setForeground(apps.count - 1) }
        effects.lifecycle(apps.count - 1, first ? .foreground : .background, .appDeclared)
        if config.isMusicApp && musicAppIndex == nil { musicAppIndex = apps.count - 1 }
        if config.drivesMusicApp { bringMusicApp(&effects) }
        return .succeeded
    }
}
