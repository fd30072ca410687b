import ArbiterAndroid
import ArbiterEngine
import Yams

extension AndroidScenarioDecoder {
    static let checkKeys = ["focus", "stack", "holders", "notificationSoundPlays", "events"]
    /// The car's own checks.
    static let carCheckKeys = ["losers", "delayed", "duckedContexts"]
    /// The system's clients, which `expect:` can check like apps.
    static let systemOwners: [(String, FocusOwner)] = [
        ("call", .call), ("assistant", .assistant), ("siri", .assistant), ("alarm", .alarm),
    ]
    static let appCheckKeys = [
        "focus", "request", "playing", "audible", "volume", "ducked", "faded", "muted", "players",
        "events",
    ]
    static let playerCheckKeys = ["state", "volume"]

    /// An `expect:` mapping.
    mutating func decodeExpectation(_ node: Node) -> [AndroidCheck] {
        guard
            let entries = reader.mapping(
                node,
                expected: "a mapping of checks: focus, stack, holders, notificationSoundPlays, events, "
                    + (platform == .car ? "losers, delayed, duckedContexts, " : "")
                    + "app names, call, assistant, alarm")
        else { return [] }
        var checks: [AndroidCheck] = []
        for (key, keyNode, value) in entries {
            let position = reader.position(keyNode)
            func add(_ subject: AndroidCheckSubject?) {
                if let subject { checks.append(AndroidCheck(position: position, subject: subject)) }
            }
            switch key {
            case "focus": add(owner(value).map(AndroidCheckSubject.focusOwner))
            case "stack": add(owners(value).map(AndroidCheckSubject.stack))
            case "holders": add(owners(value).map(AndroidCheckSubject.holders))
            case "notificationSoundPlays":
                add(reader.bool(value, key: key).map(AndroidCheckSubject.notificationSoundPlays))
            case "events":
                if let (patterns, form) = events(value, item: { $0.eventPattern($1) }) {
                    switch form {
                    case .inOrder: add(.events(patterns))
                    case .includes: add(.eventsInclude(patterns))
                    case .anyOrder: add(.eventsAnyOrder(patterns))
                    }
                }
            case "losers", "delayed", "duckedContexts":
                guard platform == .car else {
                    reader.fail(
                        keyNode, "'\(key)' is the car's check, and this is a phone",
                        expected: "platform: androidAutomotive for \(key); on a phone, stack lists who waits")
                    continue
                }
                add(carCheck(key, value))
            case _ where Self.systemOwners.contains { $0.0 == key }:
                checks += systemChecks(Self.systemOwners.first { $0.0 == key }!.1, value)
            default:
                guard apps.contains(where: { $0.name.name == key }) else {
                    let names = apps.map(\.name.name)
                    let others =
                        Self.checkKeys + (platform == .car ? Self.carCheckKeys : [])
                        + ["call", "assistant", "alarm"]
                    reader.fail(
                        keyNode, "unknown app or check '\(key)'",
                        expected: names.isEmpty
                            ? others.joined(separator: ", ")
                            : "one of the apps (" + names.joined(separator: ", ") + "), "
                                + others.joined(separator: ", "),
                        suggestion: Suggestions.nearest(to: key, in: names + others))
                    continue
                }
                checks += appChecks(AppID(key), value)
            }
        }
        return checks
    }

    /// Who holds focus: an app, `call`, `assistant` (or `siri`), `alarm`; nil for `null`.
    mutating func owner(_ node: Node) -> FocusOwner?? {
        if reader.isNull(node) { return .some(nil) }
        return focusOwner(node).map { .some($0) }
    }

    mutating func owners(_ node: Node) -> [FocusOwner]? {
        guard let items = reader.list(node, expected: "a list of focus owners, top first") else { return nil }
        let owners = items.compactMap { focusOwner($0) }
        return owners.count == items.count ? owners : nil
    }

    mutating func focusOwner(_ node: Node) -> FocusOwner? {
        let system: [(String, FocusOwner)] = [
            ("call", .call), ("assistant", .assistant), ("siri", .assistant),
            ("alarm", .alarm),
        ]
        let names = apps.map(\.name.name)
        guard let text = reader.text(node), !reader.isNull(node) else {
            reader.fail(
                node, "a focus owner is \(reader.describe(node))",
                expected: "an app (\(names.joined(separator: ", "))), call, assistant or alarm")
            return nil
        }
        if names.contains(text) { return .app(AppID(text)) }
        if let match = system.first(where: { $0.0 == text }) { return match.1 }
        reader.fail(
            node, "unknown focus owner '\(text)'",
            expected: "an app (\(names.joined(separator: ", "))), call, assistant or alarm",
            suggestion: Suggestions.nearest(to: text, in: names + ["call", "assistant", "alarm"]))
        return nil
    }

    /// How an `events` check matches: `[...]` exactly in order, `{ includes: [...] }` among others in any order,
    /// `{ anyOrder: [...] }` exactly these in any order.
    enum EventsForm { case inOrder, includes, anyOrder }

    /// `[...]`, `{ includes: [...] }` or `{ anyOrder: [...] }`, and which form it is.
    mutating func events<T>(_ node: Node, item: (inout Self, Node) -> T?) -> ([T], EventsForm)? {
        var list = node
        var form = EventsForm.inOrder
        if case .mapping = node {
            let shapes = "a list of focus changes in order, { includes: [...] } or { anyOrder: [...] }"
            guard let fields = reader.mapping(node, expected: shapes) else { return nil }
            reader.onlyKeys(fields, ["includes", "anyOrder"], in: "events")
            guard fields.count == 1, let field = fields.first, ["includes", "anyOrder"].contains(field.key) else {
                if fields.count != 1 { reader.fail(node, "events has \(fields.count) forms", expected: shapes) }
                return nil
            }
            list = field.value
            form = field.key == "includes" ? .includes : .anyOrder
        }
        guard let items = reader.list(list, expected: "a list of focus changes") else { return nil }
        let patterns = items.compactMap { item(&self, $0) }
        return patterns.count == items.count ? (patterns, form) : nil
    }

    /// `- Music: lossTransient` or `- Music: { focusChange: gain }`.
    mutating func eventPattern(_ node: Node) -> FocusEventPattern? {
        guard let fields = reader.mapping(node, expected: "`App: focusChange`"), fields.count == 1,
            let field = fields.first
        else {
            if case .mapping = node {
                reader.fail(node, "a focus change must name one app", expected: "`- Music: lossTransient`")
            }
            return nil
        }
        guard let app = appName(field.keyNode), let change = focusChange(field.value) else { return nil }
        return FocusEventPattern(app: app, change: change)
    }

    /// `lossTransient`, `AUDIOFOCUS_LOSS_TRANSIENT`, or `{ focusChange: lossTransient }`.
    mutating func focusChange(_ node: Node) -> FocusChange? {
        var valueNode = node
        if case .mapping = node {
            guard let fields = reader.mapping(node, expected: "{ focusChange: lossTransient }") else { return nil }
            reader.onlyKeys(fields, ["focusChange"], in: "a focus change")
            guard let inner = reader.require("focusChange", in: fields, at: node, context: "a focus change") else {
                return nil
            }
            valueNode = inner
        }
        return reader.androidChoice(
            valueNode, AndroidVocabulary.changes, what: "focus change",
            prefixes: AndroidVocabulary.focusPrefixes)
    }

    mutating func appChecks(_ app: AppID, _ node: Node) -> [AndroidCheck] {
        guard let fields = reader.mapping(node, expected: "a mapping of the app's checks (focus, playing, volume, ...)")
        else { return [] }
        reader.onlyKeys(fields, Self.appCheckKeys, in: "the checks of app '\(app)'")
        return propertyChecks(app, fields)
    }

    /// The checks of an app's (or a system client's) properties, each at its key.
    mutating func propertyChecks(_ app: AppID, _ fields: [(key: String, keyNode: Node, value: Node)]) -> [AndroidCheck]
    {
        var checks: [AndroidCheck] = []
        for (key, keyNode, value) in fields {
            let position = reader.position(keyNode)
            func add(_ property: AndroidAppProperty?) {
                if let property { checks.append(AndroidCheck(position: position, subject: .app(app, property))) }
            }
            switch key {
            case "focus":
                add(
                    reader.androidChoice(
                        value, AndroidVocabulary.statuses, what: "focus status",
                        prefixes: AndroidVocabulary.focusPrefixes
                    ).map(AndroidAppProperty.focus))
            case "request":
                if reader.isNull(value) || reader.text(value) == "none" {
                    add(.request(nil))
                } else {
                    add(
                        reader.androidChoice(
                            value, AndroidVocabulary.results, what: "request result",
                            prefixes: AndroidVocabulary.resultPrefixes
                        ).map(AndroidAppProperty.request))
                }
            case "playing": add(reader.bool(value, key: key).map(AndroidAppProperty.playing))
            case "audible": add(reader.bool(value, key: key).map(AndroidAppProperty.audible))
            case "volume": add(reader.number(value, key: key, in: 0...1).map(AndroidAppProperty.volume))
            case "ducked": add(reader.bool(value, key: key).map(AndroidAppProperty.ducked))
            case "faded": add(reader.bool(value, key: key).map(AndroidAppProperty.faded))
            case "muted": add(reader.bool(value, key: key).map(AndroidAppProperty.muted))
            case "players":
                guard let entries = reader.mapping(value, expected: "{ player: started | paused | stopped }") else {
                    continue
                }
                for (name, nameNode, stateNode) in entries {
                    guard playerName(nameNode, app: app) != nil else { continue }
                    let at = reader.position(nameNode)
                    if case .mapping = stateNode {
                        checks += playerFields(name, stateNode, app: app)
                        continue
                    }
                    guard
                        let state = reader.androidChoice(
                            stateNode, AndroidVocabulary.playerStates,
                            what: "player state")
                    else { continue }
                    checks.append(AndroidCheck(position: at, subject: .app(app, .player(name, state))))
                }
            case "events":
                if let (changes, form) = events(value, item: { $0.focusChange($1) }) {
                    switch form {
                    case .inOrder: add(.events(changes))
                    case .includes: add(.eventsInclude(changes))
                    case .anyOrder: add(.eventsAnyOrder(changes))
                    }
                }
            default: break
            }
        }
        return checks
    }

    /// `{ state: stopped, volume: 1 }`.
    mutating func playerFields(_ name: String, _ node: Node, app: AppID) -> [AndroidCheck] {
        guard let entries = reader.mapping(node, expected: "{ state, volume }") else { return [] }
        reader.onlyKeys(entries, Self.playerCheckKeys, in: "player '\(name)'")
        var checks: [AndroidCheck] = []
        for (key, keyNode, value) in entries {
            let property: AndroidAppProperty?
            switch key {
            case "state":
                property = reader.androidChoice(value, AndroidVocabulary.playerStates, what: "player state")
                    .map { .player(name, $0) }
            case "volume": property = reader.number(value, key: key, in: 0...1).map { .playerVolume(name, $0) }
            default: property = nil
            }
            if let property {
                checks.append(AndroidCheck(position: reader.position(keyNode), subject: .app(app, property)))
            }
        }
        return checks
    }
}
