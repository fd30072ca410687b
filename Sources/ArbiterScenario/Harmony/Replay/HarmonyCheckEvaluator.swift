import ArbiterEngine
import ArbiterHarmony

/// Evaluates HarmonyOS checks against the engine at one instant.
struct HarmonyCheckEvaluator {
    let engine: HarmonyEngine
    /// What was delivered since the previous `expect`.
    let window: [HarmonyNotification]
    /// The last rule that decided something about each owner (`Music.player`, `Music`).
    let rules: [String: Rule]

    /// How far a volume may be from the one expected, relative to it (0.1 %).
    static let relativeTolerance = 0.001

    func evaluate(_ check: HarmonyCheck) -> CheckOutcome<HarmonyCheck> {
        func result(_ expected: String, _ actual: String, _ passed: Bool, rule: Rule?) -> CheckOutcome<HarmonyCheck> {
            CheckOutcome(
                check: check, passed: passed, key: check.subject.key, expected: expected, actual: actual, rule: rule)
        }
        switch check.subject {
        case .focusHolders(let owners):
            let actual = engine.focusHolders
            return result(
                Self.list(owners.map(\.description)), Self.list(actual.map(\.description)), owners == actual, rule: nil)
        case .focusList(let entries):
            let actual = engine.focusList.map(\.description)
            return result(Self.list(entries), Self.list(actual), entries == actual, rule: nil)
        case .session(let app, let mode):
            let actual = engine.session(of: app)
            return result(
                mode?.rawValue ?? "none", actual?.rawValue ?? "none", mode == actual, rule: rules[app.description])
        case .sessionScene(let app, let scene):
            let actual = engine.sessionScene(of: app)
            return result(
                scene?.rawValue ?? "none", actual?.rawValue ?? "none", scene == actual, rule: rules[app.description])
        case .events(let patterns, let matching):
            let passed =
                switch matching {
                case .inOrder: EventMatch.inOrder(patterns, window)
                case .includes: EventMatch.all(patterns, window)
                case .anyOrder: EventMatch.anyOrder(patterns, window)
                }
            return result(
                Self.list(patterns.map(\.description)), Self.list(window.map(written)), passed, rule: nil)
        case .stream(let owner, let property):
            let rule = rules[owner.description]
            guard let status = engine.stream(owner) else {
                return result(property.expected, "no such stream", false, rule: nil)
            }
            switch property {
            case .state(let state):
                return result(state.rawValue, status.state.rawValue, state == status.state, rule: rule)
            case .playing(let playing):
                let actual = status.state == .running
                return result("\(playing)", "\(actual)", playing == actual, rule: rule)
            case .audible(let audible):
                let actual = status.state == .running && status.volume > 0 && status.appVolume > 0 && !status.silent
                return result("\(audible)", "\(actual)", audible == actual, rule: rule)
            case .ducked(let ducked):
                let actual = status.focus == .duck
                return result("\(ducked)", "\(actual)", ducked == actual, rule: rule)
            case .volume(let volume):
                let passed = abs(status.volume - volume) <= Self.relativeTolerance * max(volume, 1e-6)
                return result(Profile.text(volume), Profile.text(status.volume), passed, rule: rule)
            case .focus(let focus):
                return result(
                    focus?.rawValue ?? "none", status.focus?.rawValue ?? "none", focus == status.focus, rule: rule)
            case .interruptMode(let mode):
                return result(mode.rawValue, status.interruptMode.rawValue, mode == status.interruptMode, rule: rule)
            }
        }
    }

    /// A delivered event as an `events:` check writes it (`Music: begin force duck`), so that what was got can be
    /// pasted into the file: the stream is named only when its app has several.
    func written(_ notification: HarmonyNotification) -> String {
        switch notification {
        case .interrupt(let owner, let event, _):
            let apps = engine.setup.apps + HarmonyEngine.systemApps
            let several = (apps.first { $0.name == owner.app }?.streams.count ?? 1) > 1
            let shown = several ? owner : StreamOwner(owner.app)
            return HarmonyEventPattern(owner: shown, kind: .interrupt(event)).description
        case .sessionDeactivated(let app, let reason, _):
            return HarmonyEventPattern(owner: StreamOwner(app), kind: .sessionDeactivated(reason)).description
        case .sessionStateChanged(let app, let hint, _):
            return HarmonyEventPattern(owner: StreamOwner(app), kind: .sessionStateChanged(hint)).description
        }
    }

    static func list(_ items: [String]) -> String { "[" + items.joined(separator: ", ") + "]" }
}
