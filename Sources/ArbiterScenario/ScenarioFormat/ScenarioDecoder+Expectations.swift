import ArbiterEngine
import Yams

extension ScenarioDecoder {
    mutating func decodeExpectation(_ node: Node) -> [Check] {
        guard let entries = reader.mapping(node, expected: "a mapping of checks: app names, route, nowPlaying, events")
        else { return [] }
        var checks: [Check] = []
        for (key, keyNode, value) in entries {
            let position = reader.position(keyNode)
            switch key {
            case "route":
                guard let fields = reader.mapping(value, expected: "{ outputs: [...], inputs: [...] }") else {
                    continue
                }
                reader.onlyKeys(fields, ["outputs", "inputs"], in: "route")
                let outputs = fields.first { $0.key == "outputs" }.map { ports($0.value) }
                let inputs = fields.first { $0.key == "inputs" }.map { ports($0.value) }
                checks.append(Check(position: position, subject: .route(outputs: outputs, inputs: inputs)))
            case "nowPlaying":
                if reader.isNull(value) {
                    checks.append(Check(position: position, subject: .nowPlaying(nil)))
                } else if let pattern = nowPlayingPattern(value) {
                    checks.append(Check(position: position, subject: .nowPlaying(pattern)))
                }
            case "events":
                if case .mapping = value {
                    let shapes = "{ includes: [...] } or { anyOrder: [...] }"
                    guard let fields = reader.mapping(value, expected: shapes) else { continue }
                    reader.onlyKeys(fields, ["includes", "anyOrder"], in: "events")
                    if fields.count > 1 {
                        reader.fail(value, "events has \(fields.count) forms", expected: shapes)
                    } else if let includes = fields.first(where: { $0.key == "includes" }) {
                        checks.append(Check(position: position, subject: .eventsInclude(eventPatterns(includes.value))))
                    } else if let anyOrder = fields.first(where: { $0.key == "anyOrder" }) {
                        checks.append(
                            Check(position: position, subject: .eventsAnyOrder(eventPatterns(anyOrder.value))))
                    }
                } else {
                    checks.append(Check(position: position, subject: .events(eventPatterns(value))))
                }
            default:
                guard apps.contains(where: { $0.name.name == key }) else {
                    let names = apps.map(\.name.name)
                    reader.fail(
                        keyNode, "unknown app or check '\(key)'",
                        expected: names.isEmpty
                            ? "route, nowPlaying, events, or \(noApps)"
                            : "one of the apps (" + names.joined(separator: ", ") + "), route, nowPlaying or events",
                        suggestion: Suggestions.nearest(to: key, in: names + ["route", "nowPlaying", "events"]))
                    continue
                }
                checks += appChecks(AppID(key), value)
            }
        }
        return checks
    }

    mutating func ports(_ node: Node) -> [PortType] {
        (reader.list(node, expected: "a list of port types") ?? []).compactMap {
            reader.choice($0, Vocabulary.ports, what: "port type")
        }
    }

    mutating func nowPlayingPattern(_ node: Node) -> NowPlayingPattern? {
        guard let fields = reader.mapping(node, expected: "{ app, title, elapsed, duration, rate } or null") else {
            return nil
        }
        reader.onlyKeys(fields, ["app", "title", "elapsed", "duration", "rate"], in: "nowPlaying")
        var pattern = NowPlayingPattern(app: nil)
        if let appNode = fields.first(where: { $0.key == "app" })?.value {
            guard let app = appName(appNode) else { return nil }
            pattern.app = app
        }
        for (key, _, value) in fields {
            switch key {
            case "title": pattern.title = reader.string(value, expected: "a title")
            case "elapsed": pattern.elapsed = reader.number(value, key: key)
            case "duration": pattern.duration = reader.number(value, key: key)
            case "rate": pattern.rate = reader.number(value, key: key)
            default: break
            }
        }
        return pattern
    }

    mutating func appChecks(_ app: AppID, _ node: Node) -> [Check] {
        guard let fields = reader.mapping(node, expected: "a mapping of the app's checks (playing, active, ...)") else {
            return []
        }
        reader.onlyKeys(fields, Vocabulary.appCheckKeys, in: "the checks of app '\(app)'")
        var checks: [Check] = []
        for (key, keyNode, value) in fields {
            let position = reader.position(keyNode)
            func add(_ property: AppProperty?) {
                if let property { checks.append(Check(position: position, subject: .app(app, property))) }
            }
            switch key {
            case "active": add(reader.bool(value, key: key).map(AppProperty.active))
            case "interrupted": add(reader.bool(value, key: key).map(AppProperty.interrupted))
            case "playing": add(reader.bool(value, key: key).map(AppProperty.playing))
            case "recording": add(reader.bool(value, key: key).map(AppProperty.recording))
            case "audible": add(reader.bool(value, key: key).map(AppProperty.audible))
            case "ducked": add(reader.bool(value, key: key).map(AppProperty.ducked))
            case "mixable": add(reader.bool(value, key: key).map(AppProperty.mixable))
            case "nowPlaying": add(reader.bool(value, key: key).map(AppProperty.nowPlaying))
            case "otherAudioPlaying": add(reader.bool(value, key: key).map(AppProperty.otherAudioPlaying))
            case "secondaryAudioShouldBeSilenced":
                add(reader.bool(value, key: key).map(AppProperty.secondaryAudioShouldBeSilenced))
            case "gain": add(reader.number(value, key: key, in: 0...1).map(AppProperty.gain))
            case "category":
                add(reader.choice(value, Vocabulary.categories, what: "category").map(AppProperty.category))
            case "mode": add(reader.choice(value, Vocabulary.modes, what: "mode").map(AppProperty.mode))
            case "options": add(.options(options(value)))
            case "state": add(reader.choice(value, Vocabulary.lifecycles, what: "app state").map(AppProperty.state))
            case "players":
                guard let entries = reader.mapping(value, expected: "{ player: playing | paused | stopped }") else {
                    continue
                }
                for (name, nameNode, stateNode) in entries {
                    guard playerName(nameNode, app: app) != nil else { continue }
                    if case .mapping = stateNode {
                        checks += playerFields(name, stateNode, app: app)
                        continue
                    }
                    guard let state = reader.choice(stateNode, Vocabulary.playerStates, what: "player state") else {
                        continue
                    }
                    checks.append(Check(position: reader.position(nameNode), subject: .app(app, .player(name, state))))
                }
            case "events":
                let patterns = (reader.list(value, expected: "a list of notifications") ?? []).compactMap {
                    notification($0, app: app)
                }
                add(.events(patterns))
            default: break
            }
        }
        return checks
    }

    /// `- Music: { interruptionBegan: { reason: default } }` items.
    mutating func eventPatterns(_ node: Node) -> [EventPattern] {
        (reader.list(node, expected: "a list of notifications, each `App: notification`") ?? []).compactMap { item in
            guard let fields = reader.mapping(item, expected: "`App: notification`"), fields.count == 1,
                let field = fields.first
            else {
                reader.fail(item, "a notification must name one app", expected: "`- Music: interruptionBegan`")
                return nil
            }
            guard let app = appName(field.keyNode) else { return nil }
            return notification(field.value, app: app)
        }
    }

    /// `interruptionBegan`, or `{ interruptionBegan: { reason: default } }`.
    mutating func notification(_ node: Node, app: AppID) -> EventPattern? {
        var nameNode = node
        var fieldsNode: Node?
        if case .mapping = node {
            guard let entries = reader.mapping(node, expected: "a notification"), entries.count == 1,
                let entry = entries.first
            else {
                reader.fail(
                    node, "a notification must be one name",
                    expected: "`interruptionBegan` or "
                        + "`{ interruptionBegan: { reason: default } }`")
                return nil
            }
            nameNode = entry.keyNode
            fieldsNode = reader.isNull(entry.value) ? nil : entry.value
        }
        guard let name = reader.choice(nameNode, Vocabulary.notificationNames, what: "notification") else { return nil }
        var pattern = EventPattern(app: app, name: name.rawValue)
        guard let fieldsNode else { return pattern }
        guard let fields = reader.mapping(fieldsNode, expected: "the notification's fields") else { return nil }
        let allowed = name.fields
        reader.onlyKeys(fields, allowed, in: name.rawValue)
        for (key, _, value) in fields where allowed.contains(key) {
            switch (name, key) {
            case (.interruptionBegan, "reason"):
                pattern.reason = reader.choice(value, Vocabulary.interruptionReasons, what: "interruption reason")
            case (.interruptionEnded, "shouldResume"): pattern.shouldResume = reader.bool(value, key: key)
            case (.routeChange, "reason"):
                pattern.routeReason = reader.choice(value, Vocabulary.routeChangeReasons, what: "route change reason")
            case (.routeChange, "previousOutputs"): pattern.previousOutputs = ports(value)
            case (.silenceSecondaryAudioHint, "type"):
                pattern.hintType = reader.choice(value, Vocabulary.hintTypes, what: "hint type")
            case (.remoteCommand, "command"):
                pattern.command = reader.choice(value, Vocabulary.commands, what: "command")
            case (.remoteCommand, "status"):
                pattern.handlerStatus = reader.choice(
                    value, HandlerStatus.allCases.map { ($0.description, $0) },
                    what: "handler status")
            case (.playbackStateChanged, "player"), (.didPlayToEndTime, "player"):
                pattern.player = reader.string(value, expected: "a player name")
            case (.playbackStateChanged, "state"):
                pattern.playerState = reader.choice(value, Vocabulary.playerStates, what: "player state")
            default: break
            }
        }
        return pattern
    }
}

extension ScenarioDecoder {
    static let playerCheckKeys = [
        "state", "item", "position", "rate", "status", "timeControlStatus",
        "playbackBufferEmpty", "playbackLikelyToKeepUp",
    ]

    /// The long form of a player check: `{ state, item, position, rate }`, any of them.
    mutating func playerFields(_ name: String, _ node: Node, app: AppID) -> [Check] {
        guard let entries = reader.mapping(node, expected: "{ state, item, position, rate }") else { return [] }
        reader.onlyKeys(entries, ScenarioDecoder.playerCheckKeys, in: "player '\(name)'")
        var checks: [Check] = []
        for (key, keyNode, value) in entries {
            let property: AppProperty?
            switch key {
            case "state":
                property = reader.choice(value, Vocabulary.playerStates, what: "player state").map { .player(name, $0) }
            case "item":
                property =
                    reader.isNull(value)
                    ? .playerField(name, .item(nil))
                    : reader.string(value, expected: "the current item's title, or null").map {
                        .playerField(name, .item($0))
                    }
            case "position":
                property = reader.number(value, key: key, in: 0...1e7).map { .playerField(name, .position($0)) }
            case "rate":
                property = reader.number(value, key: key, in: 0...32).map { .playerField(name, .rate($0)) }
            case "status":
                property = reader.choice(value, ItemStatus.allCases.map { ($0.rawValue, $0) }, what: "item status")
                    .map { .playerField(name, .itemStatus($0)) }
            case "timeControlStatus":
                property = reader.choice(
                    value, TimeControlStatus.allCases.map { ($0.rawValue, $0) },
                    what: "timeControlStatus"
                ).map { .playerField(name, .timeControlStatus($0)) }
            case "playbackBufferEmpty":
                property = reader.bool(value, key: key).map { .playerField(name, .bufferEmpty($0)) }
            case "playbackLikelyToKeepUp":
                property = reader.bool(value, key: key).map { .playerField(name, .likelyToKeepUp($0)) }
            default:
                property = nil
            }
            if let property { checks.append(Check(position: reader.position(keyNode), subject: .app(app, property))) }
        }
        return checks
    }
}
