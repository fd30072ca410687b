import ArbiterEngine
import ArbiterHarmony
import Yams

extension HarmonyScenarioDecoder {
    static let checkKeys = ["focus", "focusList", "events"]
    static let streamCheckKeys = ["state", "playing", "audible", "ducked", "volume", "focus", "interruptMode"]
    static let appCheckKeys = streamCheckKeys + ["session", "sessionScene", "streams"]

    /// The apps a check may name: the scenario's and the system's own (call, alarm, assistant).
    var checkedApps: [HarmonyAppConfig] { apps + HarmonyEngine.systemApps }

    /// An `expect:` mapping.
    mutating func decodeExpectation(_ node: Node) -> [HarmonyCheck] {
        guard
            let entries = reader.mapping(
                node, expected: "a mapping of checks: focus, focusList, events, app names")
        else { return [] }
        var checks: [HarmonyCheck] = []
        for (key, keyNode, value) in entries {
            let position = reader.position(keyNode)
            func add(_ subject: HarmonyCheckSubject?) {
                if let subject { checks.append(HarmonyCheck(position: position, subject: subject)) }
            }
            switch key {
            case "focus":
                guard let items = reader.list(value, expected: "a list of streams, such as [Music.player]") else {
                    continue
                }
                let owners = items.compactMap { owner($0) }
                if owners.count == items.count { add(.focusHolders(owners)) }
            case "focusList":
                guard let items = reader.list(value, expected: "a list of entries, such as ['Music.player duck']")
                else { continue }
                let texts = items.compactMap { focusListEntry($0) }
                if texts.count == items.count { add(.focusList(texts)) }
            case "events":
                if let (patterns, matching) = events(value) { add(.events(patterns, matching)) }
            default:
                guard let app = checkedApps.first(where: { $0.name.name == key }) else {
                    let names = apps.map(\.name.name) + ["call", "alarm", "assistant"]
                    reader.fail(
                        keyNode, "unknown app or check '\(key)'",
                        expected: "one of the apps (" + names.joined(separator: ", ") + "), "
                            + Self.checkKeys.joined(separator: ", "),
                        suggestion: Suggestions.nearest(to: key, in: names + Self.checkKeys))
                    continue
                }
                checks += appChecks(app, value)
            }
        }
        return checks
    }

    /// `Music: { state: running, volume: 0.2, session: duckOthers, streams: { voice: { focus: pause } } }`: the
    /// stream properties written on the app are its only stream's.
    mutating func appChecks(_ app: HarmonyAppConfig, _ node: Node) -> [HarmonyCheck] {
        guard
            let fields = reader.mapping(
                node, expected: "a mapping of checks: " + Self.appCheckKeys.joined(separator: ", "))
        else { return [] }
        reader.onlyKeys(fields, Self.appCheckKeys, in: "the checks of '\(app.name)'")
        var checks: [HarmonyCheck] = []
        for (key, keyNode, value) in fields {
            let position = reader.position(keyNode)
            switch key {
            case "session":
                if reader.isNull(value) || reader.text(value) == "none" {
                    checks.append(HarmonyCheck(position: position, subject: .session(app.name, nil)))
                } else if let mode = reader.choice(
                    value, HarmonyVocabulary.concurrencyModes + [("none", .default)], what: "session strategy")
                {
                    checks.append(HarmonyCheck(position: position, subject: .session(app.name, mode)))
                }
            case "sessionScene":
                if reader.isNull(value) || reader.text(value) == "none" {
                    checks.append(HarmonyCheck(position: position, subject: .sessionScene(app.name, nil)))
                } else if let scene = reader.choice(
                    value, HarmonyVocabulary.scenes + [("none", .media)], what: "session scene")
                {
                    checks.append(HarmonyCheck(position: position, subject: .sessionScene(app.name, scene)))
                }
            case "streams":
                guard let entries = reader.mapping(value, expected: "a mapping from stream names to checks") else {
                    continue
                }
                for (name, nameNode, streamChecks) in entries {
                    guard streamName(nameNode, of: app) != nil,
                        let inner = reader.mapping(
                            streamChecks,
                            expected: "a mapping of checks: " + Self.streamCheckKeys.joined(separator: ", "))
                    else { continue }
                    reader.onlyKeys(inner, Self.streamCheckKeys, in: "the checks of '\(app.name).\(name)'")
                    for (innerKey, innerKeyNode, innerValue) in inner {
                        if let property = streamProperty(innerKey, innerValue) {
                            checks.append(
                                HarmonyCheck(
                                    position: reader.position(innerKeyNode),
                                    subject: .stream(StreamOwner(app.name, name), property)))
                        }
                    }
                }
            default:
                guard app.streams.count == 1 else {
                    reader.fail(
                        keyNode, "'\(key)' on '\(app.name)', which has \(app.streams.count) streams",
                        expected: "streams: { NAME: { \(key): ... } }, one of: "
                            + app.streams.map(\.name).joined(separator: ", "))
                    continue
                }
                if let property = streamProperty(key, value) {
                    checks.append(
                        HarmonyCheck(
                            position: position, subject: .stream(StreamOwner(app.name, app.streams[0].name), property)))
                }
            }
        }
        return checks
    }

    mutating func streamProperty(_ key: String, _ value: Node) -> StreamProperty? {
        switch key {
        case "state": reader.choice(value, HarmonyVocabulary.states, what: "stream state").map(StreamProperty.state)
        case "playing": reader.bool(value, key: key).map(StreamProperty.playing)
        case "audible": reader.bool(value, key: key).map(StreamProperty.audible)
        case "ducked": reader.bool(value, key: key).map(StreamProperty.ducked)
        case "volume": reader.number(value, key: key, in: 0...1).map(StreamProperty.volume)
        case "focus":
            if reader.text(value) == "none" {
                .focus(nil)
            } else {
                reader.choice(value, HarmonyVocabulary.focusStates + [("none", .active)], what: "focus state")
                    .map(StreamProperty.focus)
            }
        case "interruptMode":
            reader.choice(value, HarmonyVocabulary.modes, what: "interrupt mode").map(StreamProperty.interruptMode)
        default: nil
        }
    }

    /// `Music.player duck` (or `Video placeholder`, an AudioSession keeping its app's focus, or `Game session
    /// active`, a scene session's synthetic entry): an entry of the focus list, each name and state checked.
    mutating func focusListEntry(_ node: Node) -> String? {
        let example =
            "an entry: 'App.stream state' (active, duck or pause), 'App placeholder', or 'App session state'"
        guard let text = reader.string(node, expected: example) else { return nil }
        var words = text.split(separator: " ").map(String.init)
        let session = words.count == 3 && words[1] == "session"
        if session { words.remove(at: 1) }
        guard words.count == 2 else {
            reader.fail(node, "focus list entry '\(text)'", expected: example)
            return nil
        }
        let states = FocusEntryState.allCases.map(\.rawValue)
        guard states.contains(words[1]) else {
            reader.fail(
                node, "unknown focus state '\(words[1])'", expected: "one of: " + states.joined(separator: ", "),
                suggestion: Suggestions.nearest(to: words[1], in: states))
            return nil
        }
        let parts = words[0].split(separator: ".", maxSplits: 1).map(String.init)
        let names = checkedApps.map(\.name.name)
        guard let app = checkedApps.first(where: { $0.name.name == parts[0] }) else {
            reader.fail(
                node, "unknown app '\(parts[0])'", expected: "one of: " + names.joined(separator: ", "),
                suggestion: Suggestions.nearest(to: parts[0], in: names))
            return nil
        }
        if session {
            guard parts.count == 1, words[1] != "placeholder" else {
                reader.fail(
                    node, "a session's entry names its app alone, in state active, duck or pause",
                    expected: "'\(app.name) session active'")
                return nil
            }
        } else if words[1] == "placeholder" {
            guard parts.count == 1 else {
                reader.fail(node, "a placeholder names its app alone", expected: "'\(app.name) placeholder'")
                return nil
            }
        } else if parts.count != 2 || !app.streams.contains(where: { $0.name == parts[1] }) {
            reader.fail(
                node, "'\(words[0])' is not a stream of '\(app.name)'",
                expected: "one of: " + app.streams.map { "\(app.name).\($0.name)" }.joined(separator: ", ")
                    + ", or '\(app.name) session STATE'")
            return nil
        }
        return text
    }

    /// `Music.player`, or `Music` for an app with one stream.
    mutating func owner(_ node: Node) -> StreamOwner? {
        guard let text = reader.string(node, expected: "a stream: App.stream") else { return nil }
        let parts = text.split(separator: ".", maxSplits: 1).map(String.init)
        let names = checkedApps.map(\.name.name)
        guard let app = checkedApps.first(where: { $0.name.name == parts[0] }) else {
            reader.fail(
                node, "unknown app '\(parts[0])'", expected: "one of: " + names.joined(separator: ", "),
                suggestion: Suggestions.nearest(to: parts[0], in: names))
            return nil
        }
        if parts.count == 2 {
            guard app.streams.contains(where: { $0.name == parts[1] }) else {
                reader.fail(
                    node, "app '\(app.name)' has no stream '\(parts[1])'",
                    expected: "one of its streams: " + app.streams.map(\.name).joined(separator: ", "))
                return nil
            }
            return StreamOwner(app.name, parts[1])
        }
        guard app.streams.count == 1 else {
            reader.fail(
                node, "'\(app.name)' has \(app.streams.count) streams",
                expected: "one of: " + app.streams.map { "\(app.name).\($0.name)" }.joined(separator: ", "))
            return nil
        }
        return StreamOwner(app.name, app.streams[0].name)
    }

    /// `[...]` exactly and in order, `{ anyOrder: [...] }` exactly in any order, `{ includes: [...] }` among others.
    mutating func events(_ node: Node) -> ([HarmonyEventPattern], EventsMatching)? {
        var list = node
        var matching = EventsMatching.inOrder
        if case .mapping = node {
            guard
                let fields = reader.mapping(
                    node, expected: "a list of events, or { anyOrder: [...] }, { includes: [...] }"),
                fields.count == 1, let field = fields.first
            else {
                reader.fail(node, "events has several keys", expected: "one of anyOrder, includes")
                return nil
            }
            guard let chosen = EventsMatching(rawValue: field.key), chosen != .inOrder else {
                reader.fail(
                    field.keyNode, "unknown events form '\(field.key)'", expected: "anyOrder or includes",
                    suggestion: Suggestions.nearest(to: field.key, in: ["anyOrder", "includes"]))
                return nil
            }
            list = field.value
            matching = chosen
        }
        guard let items = reader.list(list, expected: "a list of events, such as '- Music: begin force duck'") else {
            return nil
        }
        let patterns = items.compactMap { eventPattern($0) }
        return patterns.count == items.count ? (patterns, matching) : nil
    }

    /// `- Music: begin force duck`, `- Music.voice: end share resume`, `- Video: audioSessionDeactivated timeout`,
    /// `- Game: audioSessionStateChanged pause`.
    mutating func eventPattern(_ node: Node) -> HarmonyEventPattern? {
        let example = "'- Music: begin force duck' or '- Video: audioSessionDeactivated timeout'"
        guard let fields = reader.mapping(node, expected: example), fields.count == 1, let field = fields.first else {
            if case .mapping = node { reader.fail(node, "an event must name one app or stream", expected: example) }
            return nil
        }
        let parts = field.key.split(separator: ".", maxSplits: 1).map(String.init)
        let names = apps.map(\.name.name)
        guard let app = apps.first(where: { $0.name.name == parts[0] }) else {
            reader.fail(
                field.keyNode, "unknown app '\(parts[0])'",
                expected: "one of the apps: " + names.joined(separator: ", "),
                suggestion: Suggestions.nearest(to: parts[0], in: names))
            return nil
        }
        var owner = StreamOwner(app.name)
        if parts.count == 2 {
            guard streamName(field.keyNode, of: app, named: parts[1]) else { return nil }
            owner.stream = parts[1]
        }
        guard let text = reader.string(field.value, expected: example) else { return nil }
        let words = text.split(separator: " ").map(String.init)
        if words.count == 2 && words[0] == "audioSessionDeactivated" {
            guard let reason = SessionDeactivatedReason(rawValue: words[1]) else {
                reader.fail(
                    field.value, "unknown deactivation reason '\(words[1])'", expected: "lowerPriority or timeout",
                    suggestion: Suggestions.nearest(to: words[1], in: ["lowerPriority", "timeout"]))
                return nil
            }
            return HarmonyEventPattern(owner: owner, kind: .sessionDeactivated(reason))
        }
        if words.count == 2 && words[0] == "audioSessionStateChanged" {
            let hints = SessionStateHint.allCases.map(\.rawValue)
            guard let hint = SessionStateHint(rawValue: words[1]) else {
                reader.fail(
                    field.value, "unknown session state change '\(words[1])'",
                    expected: "one of: " + hints.joined(separator: ", "),
                    suggestion: Suggestions.nearest(to: words[1], in: hints))
                return nil
            }
            return HarmonyEventPattern(owner: owner, kind: .sessionStateChanged(hint))
        }
        guard words.count == 3, let type = InterruptType(rawValue: words[0]),
            let force = InterruptForceType(rawValue: words[1]), let hint = InterruptHint(rawValue: words[2])
        else {
            reader.fail(
                field.value, "'\(text)' is not an interrupt event",
                expected: "TYPE FORCE HINT: begin or end, force or share, and one of "
                    + InterruptHint.allCases.map(\.rawValue).joined(separator: ", ")
                    + "; or audioSessionDeactivated REASON, or audioSessionStateChanged HINT")
            return nil
        }
        return HarmonyEventPattern(owner: owner, kind: .interrupt(InterruptEvent(type, force, hint)))
    }

    private mutating func streamName(_ node: Node, of app: HarmonyAppConfig, named name: String) -> Bool {
        guard !app.streams.contains(where: { $0.name == name }) else { return true }
        reader.fail(
            node, "app '\(app.name)' has no stream '\(name)'",
            expected: "one of its streams: " + app.streams.map(\.name).joined(separator: ", "))
        return false
    }
}
