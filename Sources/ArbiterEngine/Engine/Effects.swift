/// The decisions and notifications one event produces, in the order they happen.
struct Effects {
    var decisions: [Decision] = []
    var notifications: [SessionNotification] = []
    var reactions: [ReactionRecord] = []
    /// The last route announced during this event, if any.
    var lastRoute: Route?
    /// Apps woken from suspension to run a step during this event.
    var woken: Set<AppID> = []

    mutating func decide(_ app: AppID?, _ change: Change, _ rule: Rule) {
        decisions.append(Decision(app: app, change: change, rule: rule))
    }

    mutating func notify(_ app: AppID, _ kind: NotificationKind, _ rule: Rule) {
        notifications.append(SessionNotification(app: app, kind: kind, rule: rule))
    }
}
