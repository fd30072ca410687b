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
            || !backgroundRunningAtStart.isEmpty {
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

    /// Records a decision about app `app` (a position; nil for the device).
    mutating func decide(_ app: Int?, _ code: DecisionCode, _ rule: Rule) {
        if records.codes.capacity == 0 { records.codes.reserveCapacity(8) }
        records.codes.append(DecisionRecord(app: app.map { Int32($0) } ?? -1, code: code, rule: rule))
    }

    /// Records a decision whose change has no plain code.
    mutating func decide(_ app: Int?, detail change: consuming Change, _ rule: Rule) {
        records.details.append(change)
        decide(app, .detail(Int32(records.details.count - 1)), rule)
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
