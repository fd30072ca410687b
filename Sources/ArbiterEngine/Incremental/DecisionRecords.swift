/// An outcome's decisions as the engine records them: plain values (apps and players by position, rules by their
/// unretained reference), so recording a decision copies a few words and counts no reference. `Outcome.decisions`
/// spells them out as `Decision`s when read, with the app and player names of the engine that made them.
@usableFromInline struct DecisionRecords: Hashable, Sendable {
    @usableFromInline var codes: [DecisionRecord] = []
    /// The changes that have no plain code, in the order recorded (`DecisionCode.detail`).
    var details: [Change] = []
    /// Decisions given whole (`Outcome`'s initializer and setter), not recorded by an engine.
    var given: [Decision] = []
    /// The names the codes' positions refer to.
    var names: AppNames?

    init() {}

    init(_ decisions: [Decision]) {
        given = decisions
        codes = decisions.indices.map { DecisionRecord(app: -1, code: .given(Int32($0)), rule: decisions[$0].rule) }
    }

    var isEmpty: Bool { codes.isEmpty }

    /// The decisions spelled out, in order.
    var decisions: [Decision] {
        codes.map { record in
            if case .given(let k) = record.code { return given[Int(k)] }
            let app = Int(record.app)
            return Decision(
                app: app < 0 ? nil : names!.apps[app], change: change(record.code, app: app),
                rule: record.rule)
        }
    }

    private func change(_ code: DecisionCode, app: Int) -> Change {
        switch code {
        case .activated: .activated
        case .deactivated: .deactivated
        case .interruptionEnded: .interruptionEnded
        case .lifecycle(let lifecycle): .lifecycle(lifecycle)
        case .player(let p, let state): .player(names!.players[app][Int(p)], state)
        case .playerPosition(let p, let seconds): .playerPosition(names!.players[app][Int(p)], seconds)
        case .gain(let to, let over): .gain(to: to, over: over)
        case .audible(let audible): .audible(audible)
        case .nowPlaying(let j): .nowPlaying(j < 0 ? nil : names!.apps[Int(j)])
        case .interrupted(let by): .interrupted(by: interrupter(by))
        case .detail(let k): details[Int(k)]
        case .given(let k): given[Int(k)].change
        }
    }

    private func interrupter(_ code: Int32) -> Interrupter {
        switch code {
        case DecisionCode.phoneCall: .phoneCall
        case DecisionCode.siri: .siri
        case DecisionCode.alarm: .alarm
        case DecisionCode.routeDisconnect: .routeDisconnect
        case DecisionCode.micMuted: .micMuted
        default: .app(names!.apps[Int(code)])
        }
    }

    /// Whether every app and player position recorded has a name (debug builds check it after every event).
    var namesCoverCodes: Bool {
        codes.allSatisfy { record in
            let app = Int(record.app)
            func hasApp(_ j: Int) -> Bool { names.map { j < $0.apps.count } ?? false }
            func hasPlayer(_ p: Int32) -> Bool { hasApp(app) && Int(p) < names!.players[app].count }
            if app >= 0 && !hasApp(app) { return false }
            switch record.code {
            case .player(let p, _), .playerPosition(let p, _): return hasPlayer(p)
            case .nowPlaying(let j) where j >= 0: return hasApp(Int(j))
            case .interrupted(let j) where j >= 0: return hasApp(Int(j))
            case .detail(let k): return Int(k) < details.count
            case .given(let k): return Int(k) < given.count
            default: return true
            }
        }
    }

    /// Empties the records, keeping their storage.
    mutating func empty() {
        codes.empty()
        if !details.isEmpty { details.empty() }
        if !given.isEmpty { given = [] }
    }

    @usableFromInline static func == (lhs: DecisionRecords, rhs: DecisionRecords) -> Bool {
        lhs.decisions == rhs.decisions
    }
    @usableFromInline func hash(into hasher: inout Hasher) { hasher.combine(decisions) }
}

/// One recorded decision.
@usableFromInline struct DecisionRecord: Sendable {
    /// The app's position, or -1 for the device.
    var app: Int32
    var code: DecisionCode
    var rule: Rule
}

/// The changes events make most often, in plain values; any other is kept beside the codes (`detail`).
enum DecisionCode: Sendable {
    case activated, deactivated, interruptionEnded
    case lifecycle(AppLifecycle)
    /// A player, by its position in the app, and its new state.
    case player(Int32, PlayerState)
    case playerPosition(Int32, Double)
    case gain(to: Double, over: Time)
    case audible(Bool)
    /// Now Playing moved to the app at this position, or to none (-1).
    case nowPlaying(Int32)
    /// Interrupted by the app at this position, or by the system (the negative constants below).
    case interrupted(Int32)
    /// Any other change: its position among the records' details.
    case detail(Int32)
    /// A decision given whole: its position among the records' given decisions.
    case given(Int32)

    static let phoneCall: Int32 = -1, siri: Int32 = -2, alarm: Int32 = -3, routeDisconnect: Int32 = -4,
        micMuted: Int32 = -5

    /// How a decision records `interrupter`: an app by its position (`index`), the system by a negative constant.
    static func interrupter(_ interrupter: Interrupter, index: Int?) -> Int32 {
        switch interrupter {
        case .app: Int32(index!)
        case .phoneCall: phoneCall
        case .siri: siri
        case .alarm: alarm
        case .routeDisconnect: routeDisconnect
        case .micMuted: micMuted
        }
    }
}

/// The names of the apps and their players, by position, as an engine had them after an event. Shared by the
/// outcomes of every event until an app is declared.
final class AppNames: Sendable {
    let apps: [AppID]
    let players: [[String]]

    init(_ apps: [App]) {
        self.apps = apps.map(\.id)
        players = apps.map { $0.players.map(\.name) }
    }
}
