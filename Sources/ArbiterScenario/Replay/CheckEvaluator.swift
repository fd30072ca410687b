import ArbiterEngine

/// Evaluates checks against the engine at one instant.
struct CheckEvaluator {
    let engine: Engine
    let time: Time
    /// The notifications since the previous `expect`.
    let window: [SessionNotification]
    let provenance: Provenance

    static let tolerance = 0.01

    mutating func evaluate(_ check: Check) -> CheckResult {
        switch check.subject {
        case .app(let id, let property):
            return evaluate(property, of: id, check)
        case .route(let outputs, let inputs):
            let route = engine.currentRoute
            // iOS documents no order among the ports of one route (multiRoute's outputs): compared in any order.
            let passed =
                (outputs == nil || PortType.sameInAnyOrder(outputs!, route.outputTypes))
                && (inputs == nil || PortType.sameInAnyOrder(inputs!, route.inputTypes))
            var expected: [String] = []
            if let outputs { expected.append("outputs [\(names(outputs))]") }
            if let inputs { expected.append("inputs [\(names(inputs))]") }
            return CheckResult(
                check: check, passed: passed, key: "route", expected: expected.joined(separator: " "),
                actual: route.description, rule: provenance.rule(nil, "route") ?? routeRule)
        case .nowPlaying(let pattern):
            return nowPlaying(pattern, check)
        case .events(let patterns):
            return CheckResult(
                check: check, passed: EventMatch.inOrder(patterns, window), key: "events",
                expected: list(patterns.map(\.description)), actual: list(window.map(describe)),
                rule: nil)
        case .eventsInclude(let patterns):
            return CheckResult(
                check: check, passed: EventMatch.all(patterns, window), key: "events.includes",
                expected: list(patterns.map(\.description)), actual: list(window.map(describe)),
                rule: nil)
        case .eventsAnyOrder(let patterns):
            return CheckResult(
                check: check, passed: EventMatch.anyOrder(patterns, window), key: "events.anyOrder",
                expected: list(patterns.map(\.description)), actual: list(window.map(describe)),
                rule: nil)
        }
    }

    var routeRule: Rule? { Rule.named("route.owner-decides") }

    private func evaluate(_ property: AppProperty, of id: AppID, _ check: Check) -> CheckResult {
        let app = engine.app(id)!
        let session = app.session
        let key = "\(id).\(property.key)"
        func result(
            _ expected: some CustomStringConvertible, _ actual: some CustomStringConvertible, _ passed: Bool,
            rule: Rule? = nil
        ) -> CheckResult {
            CheckResult(
                check: check, passed: passed, key: key, expected: expected.description,
                actual: actual.description, rule: rule ?? provenance.rule(id, property.key))
        }
        switch property {
        case .active(let value): return result(value, session.isActive, value == session.isActive)
        case .interrupted(let value):
            let actual = session.isInterrupted
            let detail = session.interruption.map { "\(actual) (by \($0.by))" } ?? "\(actual)"
            return result(value, detail, value == actual)
        case .playing(let value): return result(value, app.isPlaying, value == app.isPlaying)
        case .recording(let value): return result(value, app.isRecording, value == app.isRecording)
        case .audible(let value):
            let audibility = engine.audibility(of: id)!
            return result(value, audibility.isAudible, value == audibility.isAudible, rule: audibility.rule)
        case .gain(let value):
            let actual = engine.gain(of: id, at: time) ?? 1
            return result(Profile.text(value), Profile.text(actual), abs(actual - value) <= Self.tolerance)
        case .ducked(let value):
            let actual = engine.isDucked(id)
            return result(value, actual, value == actual)
        case .mixable(let value): return result(value, session.isMixable, value == session.isMixable)
        case .category(let value): return result(value, session.category, value == session.category)
        case .mode(let value): return result(value, session.effectiveMode, value == session.effectiveMode)
        case .options(let value):
            let passed = value == session.options || value == session.effectiveOptions
            let actual =
                session.options == session.effectiveOptions
                ? session.options.description
                : "\(session.options) (in effect \(session.effectiveOptions))"
            return result(value, actual, passed)
        case .state(let value): return result(value, app.lifecycle, value == app.lifecycle)
        case .nowPlaying(let value):
            let actual = engine.nowPlaying == id
            return result(value, actual, value == actual, rule: provenance.rule(nil, "nowPlaying"))
        case .otherAudioPlaying(let value):
            let actual = engine.isOtherAudioPlaying(for: id)
            return result(value, actual, value == actual, rule: Engine.otherAudioRules.isOtherAudioPlaying)
        case .secondaryAudioShouldBeSilenced(let value):
            let actual = engine.secondaryAudioShouldBeSilencedHint(for: id)
            return result(value, actual, value == actual, rule: Engine.otherAudioRules.secondaryAudioShouldBeSilenced)
        case .player(let name, let value):
            let actual = engine.player(name, of: id)?.state
            return result(value, actual.map(\.description) ?? "no such player", value == actual)
        case .playerField(let name, let field):
            guard let player = engine.player(name, of: id) else { return result(field.key, "no such player", false) }
            let rule = provenance.rule(id, "players.\(name)")
            switch field {
            case .item(let title):
                let actual = player.currentItem?.title
                return result(title ?? "null", actual ?? "null", title == actual, rule: rule)
            case .position(let value):
                let actual = player.position(at: time)
                return result(
                    Profile.text(value), Profile.text(actual), abs(actual - value) <= Self.tolerance, rule: rule)
            case .rate(let value):
                let actual = player.effectiveRate
                return result(
                    Profile.text(value), Profile.text(actual), abs(actual - value) <= Self.tolerance, rule: rule)
            case .itemStatus(let value):
                return result(value, player.itemStatus, value == player.itemStatus, rule: rule)
            case .timeControlStatus(let value):
                return result(value, player.timeControlStatus, value == player.timeControlStatus, rule: rule)
            case .bufferEmpty(let value):
                return result(value, player.isBufferEmpty, value == player.isBufferEmpty, rule: rule)
            case .likelyToKeepUp(let value):
                return result(value, !player.isBufferEmpty, value == !player.isBufferEmpty, rule: rule)
            }
        case .events(let patterns):
            let mine = window.filter { $0.app == id }
            return CheckResult(
                check: check, passed: EventMatch.inOrder(patterns, mine), key: key,
                expected: list(patterns.map(\.description)), actual: list(mine.map(describe)), rule: nil)
        }
    }

    private func nowPlaying(_ pattern: NowPlayingPattern?, _ check: Check) -> CheckResult {
        let view = engine.nowPlayingView(at: time)
        let rule = provenance.rule(nil, "nowPlaying")
        guard let pattern else {
            return CheckResult(
                check: check, passed: view == nil, key: "nowPlaying", expected: "null",
                actual: view.map(describe) ?? "null", rule: rule)
        }
        var passed = view != nil && (pattern.app == nil || view?.app == pattern.app)
        func near(_ a: Double?, _ b: Double?) -> Bool { a == nil || (b != nil && abs(a! - b!) <= Self.tolerance) }
        if let view {
            passed =
                passed && (pattern.title == nil || pattern.title == view.title)
                && near(pattern.elapsed, view.elapsed) && near(pattern.duration, view.duration)
                && near(pattern.rate, view.rate)
        }
        var expected = pattern.app.map { "app \($0)" } ?? "any app"
        if let title = pattern.title { expected += ", title \(title)" }
        if let elapsed = pattern.elapsed { expected += ", elapsed \(Profile.text(elapsed))" }
        if let duration = pattern.duration { expected += ", duration \(Profile.text(duration))" }
        if let rate = pattern.rate { expected += ", rate \(Profile.text(rate))" }
        return CheckResult(
            check: check, passed: passed, key: "nowPlaying", expected: expected,
            actual: view.map(describe) ?? "null", rule: rule)
    }

    private func describe(_ view: NowPlayingView) -> String {
        var text = "app \(view.app)"
        if let title = view.title { text += ", title \(title)" }
        if let elapsed = view.elapsed { text += ", elapsed \(Profile.text(elapsed))" }
        if let duration = view.duration { text += ", duration \(Profile.text(duration))" }
        if let rate = view.rate { text += ", rate \(Profile.text(rate))" }
        return text
    }

    private func describe(_ notification: SessionNotification) -> String { "\(notification.app): \(notification.kind)" }
    private func names(_ ports: [PortType]) -> String { ports.map(\.rawValue).joined(separator: ", ") }
    private func list(_ items: [String]) -> String { "[" + items.joined(separator: "; ") + "]" }
}

extension Check {
    /// Evaluates checks as a scenario's `expect:` does: against `engine` at `time`, with the notifications delivered
    /// since the previous `expect:` (for `events`), and the rules that set each value (for the failures' "because").
    public static func evaluate(
        _ checks: [Check], engine: Engine, at time: Time, since window: [SessionNotification],
        provenance: Provenance
    ) -> [CheckResult] {
        var evaluator = CheckEvaluator(engine: engine, time: time, window: window, provenance: provenance)
        return checks.map { evaluator.evaluate($0) }
    }
}
