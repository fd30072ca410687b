/// What one event produces, in the order it happens: decisions, notifications and reactions, and the scratch
/// values the rules share during the event. It lives in the `Outcome` the engine writes into, so a caller that
/// keeps one outcome reuses its storage from event to event.
@usableFromInline struct Effects: Sendable {
    @usableFromInline var records = DecisionRecords()
    var notifications: [SessionNotification] = []
    var reactions: [ReactionRecord] = []
    /// The last route announced during this event, if any.
    var lastRoute: Route?
    /// Apps (by index) woken from suspension to run a step during this event.
    var woken = IndexList()
    /// Whether each app whose answer changed during this event ran in the background when the event began.
    var backgroundRunningAtStart: [(app: Int, running: Bool)] = []

    /// Forgets the last event, keeping the storage. Inlined, so that an event that recorded nothing costs a few
    /// tests.
    @inline(__always)
    mutating func empty() {
        if !records.isEmpty { records.empty() }
        if !notifications.isEmpty || !reactions.isEmpty || lastRoute != nil || !woken.isEmpty
            || !backgroundRunningAtStart.isEmpty
        {
            emptyTheRest()
        }
    }

    private mutating func emptyTheRest() {
        if !notifications.isEmpty { notifications.empty() }
        if !reactions.isEmpty { reactions.empty() }
        if lastRoute != nil { lastRoute = nil }
        if !woken.isEmpty { woken = IndexList() }
        if !backgroundRunningAtStart.isEmpty { backgroundRunningAtStart.empty() }
    }

    mutating func notePreviousBackgroundRunning(_ app: Int, _ running: Bool) {
        if !backgroundRunningAtStart.contains(where: { $0.app == app }) {
            backgroundRunningAtStart.append((app, running))
        }
    }

    // Decisions, one call for each kind of change a rule makes: how each is encoded (a plain code, or a change kept
    // beside the codes) is `DecisionRecords`' business, not the rule's. Apps and players are positions; nil is the
    // device.

    mutating func activated(_ i: Int, _ rule: Rule) { decide(i, .activated, rule) }
    mutating func deactivated(_ i: Int, _ rule: Rule) { decide(i, .deactivated, rule) }
    mutating func lifecycle(_ i: Int, _ lifecycle: AppLifecycle, _ rule: Rule) {
        decide(i, .lifecycle(lifecycle), rule)
    }

    /// App `j` was interrupted by `interrupter`, the app at `interrupterIndex` when it is one.
    mutating func interrupted(_ j: Int, by interrupter: Interrupter, interrupterIndex: Int?, _ rule: Rule) {
        decide(j, .interrupted(DecisionCode.interrupter(interrupter, index: interrupterIndex)), rule)
    }

    mutating func interruptionEnded(_ j: Int, _ rule: Rule) { decide(j, .interruptionEnded, rule) }

    /// Player `p` of app `i` is now in `state`.
    mutating func player(_ i: Int, _ p: Int, _ state: PlayerState, _ rule: Rule) {
        decide(i, .player(Int32(p), state), rule)
    }

    /// Player `p` of app `i` moved to `seconds` into its item.
    mutating func playerPosition(_ i: Int, _ p: Int, _ seconds: Double, _ rule: Rule) {
        decide(i, .playerPosition(Int32(p), seconds), rule)
    }

    /// App `i`'s gain heads for `target` over `ramp` (ducked below 1, restored at 1).
    mutating func gain(_ i: Int, heading target: Double, over ramp: Time, _ rule: Rule) {
        decide(i, .gain(to: target, over: ramp), rule)
    }

    mutating func audible(_ i: Int, _ audible: Bool, _ rule: Rule) { decide(i, .audible(audible), rule) }

    /// Now Playing moved to app `i`, or to none (the decision is then about the app that was, `previous`).
    mutating func nowPlaying(_ i: Int?, previous: Int?, _ rule: Rule) {
        decide(i ?? previous, .nowPlaying(Int32(i ?? -1)), rule)
    }

    /// Any other change (of the device when `app` is nil).
    mutating func record(_ app: Int?, _ change: consuming Change, _ rule: Rule) {
        records.details.append(change)
        decide(app, .detail(Int32(records.details.count - 1)), rule)
    }

    /// Records a decision about app `app` (a position; nil for the device) in its plain code.
    private mutating func decide(_ app: Int?, _ code: DecisionCode, _ rule: Rule) {
        if records.codes.capacity == 0 { records.codes.reserveCapacity(8) }
        records.codes.append(DecisionRecord(app: app.map { Int32($0) } ?? -1, code: code, rule: rule))
    }

    mutating func notify(_ app: consuming AppID, _ kind: consuming NotificationKind, _ rule: consuming Rule) {
        if notifications.capacity == 0 { notifications.reserveCapacity(4) }
        notifications.append(SessionNotification(app: app, kind: kind, rule: rule))
    }
}

extension Array {
    /// Removes every element and keeps the storage. For the few elements an event records, removing them one by
    /// one from the end costs less than `removeAll(keepingCapacity:)`, which goes through `replaceSubrange`.
    @inline(__always)
    mutating func empty() {
        while !isEmpty { removeLast() }
    }
}
