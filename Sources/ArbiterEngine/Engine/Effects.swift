/// The decisions and notifications one event produces, in the order they happen.
struct Effects {
    var decisions: [DecisionRecord] = []
    /// The changes recorded with `DecisionCode.detail`.
    var details: [Change] = []
    var notifications: [SessionNotification] = []
    var reactions: [ReactionRecord] = []
    /// The last route announced during this event, if any.
    var lastRoute: Route?
    /// Apps (by index) woken from suspension to run a step during this event.
    var woken = IndexList()
    /// Whether each app whose answer changed during this event ran in the background when the event began.
    var backgroundRunningAtStart: [(app: Int, running: Bool)] = []

    /// Exchanges the recorded decisions, notifications and reactions with `outcome`'s: before an event, to record
    /// into the outcome's emptied arrays (reusing their storage); after it, to hand over what was recorded.
    mutating func swapRecords(with outcome: inout Outcome) {
        swap(&decisions, &outcome.records.codes)
        swap(&details, &outcome.records.details)
        swap(&notifications, &outcome.notifications)
        swap(&reactions, &outcome.reactions)
    }

    mutating func notePreviousBackgroundRunning(_ app: Int, _ running: Bool) {
        if !backgroundRunningAtStart.contains(where: { $0.app == app }) {
            backgroundRunningAtStart.append((app, running))
        }
    }

    /// Records a decision about app `app` (a position; nil for the device).
    mutating func decide(_ app: Int?, _ code: DecisionCode, _ rule: Rule) {
        if decisions.capacity == 0 { decisions.reserveCapacity(8) }
        decisions.append(DecisionRecord(app: app.map { Int32($0) } ?? -1, code: code, rule: rule))
    }

    /// Records a decision whose change has no plain code.
    mutating func decide(_ app: Int?, detail change: consuming Change, _ rule: Rule) {
        details.append(change)
        decide(app, .detail(Int32(details.count - 1)), rule)
    }

    mutating func notify(_ app: consuming AppID, _ kind: consuming NotificationKind, _ rule: consuming Rule) {
        if notifications.capacity == 0 { notifications.reserveCapacity(4) }
        notifications.append(SessionNotification(app: app, kind: kind, rule: rule))
    }
}

extension Array {
    /// Removes every element and keeps the storage. For the few elements an event records, removing them one by
    /// one from the end costs less than `removeAll(keepingCapacity:)`, which goes through `replaceSubrange`.
    mutating func empty() {
        while !isEmpty { removeLast() }
    }
}
