import ArbiterAndroid
import ArbiterEngine

/// Evaluates Android checks against the engine at one instant.
struct AndroidCheckEvaluator {
    let engine: AndroidEngine
    /// The focus changes delivered since the previous `expect`.
    let window: [FocusNotification]
    let provenance: AndroidProvenance

    /// How far a volume may be from the one expected, as a share of it: 1 %, about 0.09 dB either way (the strong
    /// duck's 0.017783 accepts 0.017605 to 0.017961; an expected 0 accepts only 0).
    static let relativeTolerance = 0.01

    /// Whether a volume is the one expected, within `relativeTolerance` of it.
    static func volumeMatches(_ actual: Double, _ expected: Double) -> Bool {
        abs(actual - expected) <= relativeTolerance * expected + 1e-12
    }

    func evaluate(_ check: AndroidCheck) -> AndroidCheckResult {
        let key = check.subject.key
        func result(_ expected: String, _ actual: String, _ passed: Bool, rule: Rule?) -> AndroidCheckResult {
            AndroidCheckResult(check: check, passed: passed, key: key, expected: expected, actual: actual, rule: rule)
        }
        switch check.subject {
        case .focusOwner(let owner):
            let actual = engine.focusOwner
            return result(Self.name(owner), Self.name(actual), owner == actual, rule: provenance.rule(nil, "focus"))
        case .stack(let owners):
            let actual = engine.stack
            return result(Self.list(owners), Self.list(actual), owners == actual, rule: provenance.rule(nil, "stack"))
        case .holders(let owners):
            // The car keeps its holders in no order (CarAudioFocus's mFocusHolders is a map): any order matches.
            let actual = engine.holders
            let same =
                owners.count == actual.count
                && owners.map(\.description).sorted() == actual.map(\.description).sorted()
            return result(Self.list(owners), Self.list(actual), same, rule: provenance.rule(nil, "holders"))
        case .notificationSoundPlays(let plays):
            let actual = engine.notificationSoundPlays
            return result(
                "\(plays)", "\(actual)", plays == actual, rule: provenance.rule(nil, "notificationSoundPlays"))
        case .events(let patterns):
            return result(
                Self.list(patterns.map(\.description)), Self.list(window.map(Self.describe)),
                EventMatch.inOrder(patterns, window), rule: nil)
        case .eventsInclude(let patterns):
            return result(
                Self.list(patterns.map(\.description)), Self.list(window.map(Self.describe)),
                EventMatch.all(patterns, window), rule: nil)
        case .eventsAnyOrder(let patterns):
            return result(
                Self.list(patterns.map(\.description)), Self.list(window.map(Self.describe)),
                EventMatch.anyOrder(patterns, window), rule: nil)
        case .app(let app, let property):
            return evaluate(property, of: .app(app), check)
        case .system(let owner, let property):
            return evaluate(property, of: owner, check)
        case .losers, .delayed, .duckedContexts:
            return evaluateCar(check)
        }
    }

    private func evaluate(_ property: AndroidAppProperty, of owner: FocusOwner, _ check: AndroidCheck)
        -> AndroidCheckResult
    {
        let key = check.subject.key
        guard let state = engine.state(of: owner) else {
            return AndroidCheckResult(
                check: check, passed: false, key: key, expected: Self.expected(property),
                actual: "no such app in the engine", rule: nil)
        }
        /// The rule behind the value: the engine's own for the property, else the last decision that set it. A
        /// volume is set by whichever of the app, the duck, the fade and the mute changed it last: the decisions
        /// say which.
        func result(
            _ expected: some CustomStringConvertible, _ actual: some CustomStringConvertible, _ passed: Bool,
            rule: String? = nil
        ) -> AndroidCheckResult {
            let name = rule ?? property.key
            let decided = provenance.rule(owner, name)
            let lastChange = name == "volume" || name == "audible"
            return AndroidCheckResult(
                check: check, passed: passed, key: key, expected: expected.description,
                actual: actual.description,
                rule: lastChange ? decided ?? state.rules[name] : state.rules[name] ?? decided)
        }
        let playing = state.players.values.contains(.started)
        switch property {
        case .focus(let status): return result(status, state.focus, status == state.focus)
        case .request(let request):
            return result(
                request.map(\.description) ?? "null", state.lastRequest.map(\.description) ?? "null",
                request == state.lastRequest)
        case .playing(let value): return result(value, playing, value == playing)
        case .audible(let value):
            let audible = state.players.contains { $0.value == .started && (state.volumes[$0.key] ?? 1) > 0 }
            return result(value, audible, value == audible)
        case .volume(let value):
            guard case .app(let app) = owner,
                let first = engine.setup.apps.first(where: { $0.name == app })?.players.first?.name,
                let actual = state.volumes[first]
            else {
                return result(Self.volume(value), "no player", false)
            }
            return result(Self.volume(value), Self.volume(actual), Self.volumeMatches(actual, value))
        case .ducked(let value): return result(value, state.ducked, value == state.ducked)
        case .faded(let value): return result(value, state.faded, value == state.faded)
        case .muted(let value): return result(value, state.muted, value == state.muted)
        case .player(let name, let value):
            let actual = state.players[name]
            return result(
                value, actual.map(\.description) ?? "no such player", value == actual,
                rule: provenance.rule(owner, "players.\(name)") == nil ? "playing" : "players.\(name)")
        case .playerVolume(let name, let value):
            guard let actual = state.volumes[name] else { return result(Self.volume(value), "no such player", false) }
            return result(
                Self.volume(value), Self.volume(actual), Self.volumeMatches(actual, value),
                rule: "volume")
        case .events(let changes), .eventsInclude(let changes), .eventsAnyOrder(let changes):
            // Only apps' listeners are told (the decoder allows `events` on apps alone).
            let app = if case .app(let id) = owner { id } else { AppID(owner.description) }
            let mine = window.filter { $0.app == app }
            let patterns = changes.map { FocusEventPattern(app: app, change: $0) }
            let passed =
                switch property {
                case .eventsInclude: EventMatch.all(patterns, mine)
                case .eventsAnyOrder: EventMatch.anyOrder(patterns, mine)
                default: EventMatch.inOrder(patterns, mine)
                }
            return result(
                Self.list(changes.map(\.description)), Self.list(mine.map(\.change.description)), passed,
                rule: "events")
        }
    }

    /// The expected value as a check states it, for a check that cannot be read.
    static func expected(_ property: AndroidAppProperty) -> String {
        switch property {
        case .focus(let value): value.description
        case .request(let value): value.map(\.description) ?? "null"
        case .playing(let value), .audible(let value), .ducked(let value), .faded(let value), .muted(let value):
            "\(value)"
        case .volume(let value), .playerVolume(_, let value): Self.volume(value)
        case .player(_, let value): value.description
        case .events(let changes), .eventsInclude(let changes), .eventsAnyOrder(let changes):
            list(changes.map(\.description))
        }
    }

    /// A volume to six places, as precise as the profile's levels are written (0.017783), without trailing zeros.
    static func volume(_ value: Double) -> String {
        let micro = Int((value * 1_000_000).rounded())
        let whole = micro / 1_000_000
        let fraction = abs(micro % 1_000_000)
        guard fraction != 0 else { return String(whole) }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 6 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(micro < 0 && whole == 0 ? "-" : "")\(whole).\(digits)"
    }

    static func name(_ owner: FocusOwner?) -> String { owner?.description ?? "null" }
    static func list(_ owners: [FocusOwner]) -> String { "[" + owners.map(\.description).joined(separator: ", ") + "]" }
    static func list(_ items: [String]) -> String { "[" + items.joined(separator: "; ") + "]" }
    static func describe(_ notification: FocusNotification) -> String { "\(notification.app): \(notification.change)" }
}

extension AndroidCheck {
    /// Evaluates checks as a scenario's `expect:` does: against `engine` now, with the focus changes delivered since
    /// the previous `expect:` (for `events`), and the rules behind each value (the engine's `AndroidAppState.rules`
    /// first, then the last decision `provenance` saw set it).
    public static func evaluate(
        _ checks: [AndroidCheck], engine: AndroidEngine, since window: [FocusNotification],
        provenance: AndroidProvenance = AndroidProvenance()
    ) -> [AndroidCheckResult] {
        let evaluator = AndroidCheckEvaluator(engine: engine, window: window, provenance: provenance)
        return checks.map { evaluator.evaluate($0) }
    }
}
