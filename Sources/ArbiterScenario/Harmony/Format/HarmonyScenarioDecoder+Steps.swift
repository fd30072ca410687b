import ArbiterEngine
import ArbiterHarmony
import Yams

extension HarmonyScenarioDecoder {
    static let stepKeys = ["at", "after", "returns", "platform"]

    /// The steps under `steps:`, the first at `start` or after it.
    mutating func decodeSteps(_ node: Node, from start: Time = .zero) -> [HarmonyStep] {
        guard case .sequence = node, let items = reader.list(node, expected: "a list of steps") else {
            reader.fail(node, "steps is \(reader.describe(node))", expected: "a list of steps")
            return []
        }
        var steps: [HarmonyStep] = []
        var now = start
        for item in items {
            guard let entries = reader.mapping(item, expected: "a step: one of an app name, system or expect") else {
                continue
            }
            reader.stepTime(entries, now: &now)
            if reader.isOtherPlatformsStep(entries) { continue }
            guard let action = reader.stepAction(entries, of: item, otherKeys: Self.stepKeys) else { continue }
            if let platform = entries.first(where: { $0.key == "platform" }), !isForThisPlatform(platform.value) {
                continue
            }
            let returns = entries.first { $0.key == "returns" }
            let position = reader.position(action.keyNode)
            var stepAction: HarmonyStepAction?
            switch action.key {
            case "expect":
                stepAction = .expect(decodeExpectation(action.value))
            case "system":
                stepAction = systemVerb(action.value).map { .event(.system($0), returns: nil) }
            default:
                guard let app = apps.first(where: { $0.name.name == action.key }) else {
                    reader.unknownAction(
                        action.key, at: action.keyNode, apps: apps.map(\.name.name),
                        noApps: "an app declared under apps")
                    continue
                }
                guard let verb = appVerb(action.value, app: app) else { continue }
                let expected = returns.flatMap { expectedResult($0.value) }
                stepAction = .event(.app(app.name, verb), returns: expected)
            }
            if let returns, ["expect", "system"].contains(action.key) {
                reader.fail(
                    returns.keyNode, "'returns' on a \(action.key) step",
                    expected: "returns only on an app's call (start, pause, activateSession, ...)")
            }
            if let stepAction { steps.append(HarmonyStep(position: position, time: now, action: stepAction)) }
        }
        return steps
    }

    /// A step's `platform:`: whether the step is this platform's.
    mutating func isForThisPlatform(_ node: Node) -> Bool {
        let names = ScenarioPlatform.allCases.map { ($0.rawValue, $0) }
        let listed = (reader.list(node, expected: "a platform, or a list of them") ?? []).compactMap {
            reader.choice($0, names, what: "platform")
        }
        return listed.contains(.harmonyos)
    }

    /// `start`, `{ start: player }`, `{ activateSession: duckOthers }`, `{ setAudioSessionScene: game }`,
    /// `background`, `{ setInterruptMode: independent }` or `{ setInterruptMode: { stream: player, mode: independent } }`.
    mutating func appVerb(_ node: Node, app: HarmonyAppConfig) -> HarmonyAppAction? {
        guard
            let verb = reader.verb(
                node, verbs: HarmonyVocabulary.appVerbs, target: "app",
                owners: [("system", HarmonyVocabulary.systemVerbs)])
        else { return nil }
        let arg = verb.argument
        switch verb.name {
        case "start", "play", "pause", "stop", "release":
            var stream: String?
            if let arg {
                guard let name = streamName(arg, of: app) else { return nil }
                stream = name
            }
            switch verb.name {
            case "start", "play": return .start(stream)
            case "pause": return .pause(stream)
            case "stop": return .stop(stream)
            default: return .release(stream)
            }
        case "activate":
            return reader.noArgument(verb) ? .activateSession(sessionModes[app.name] ?? .default) : nil
        case "deactivate":
            if let arg {  // `{ deactivate: { notifyOthers: true } }`: releasing focus always tells the others
                guard let fields = reader.mapping(arg, expected: "{ notifyOthers: true }") else { return nil }
                reader.onlyKeys(fields, ["notifyOthers"], in: "deactivate")
                if let notify = fields.first(where: { $0.key == "notifyOthers" }),
                    reader.bool(notify.value, key: "notifyOthers") == nil
                {
                    return nil
                }
            }
            return .deactivateSession
        case "terminate":
            return reader.noArgument(verb) ? .terminate : nil
        case "activateSession":
            guard let arg else { return .activateSession(sessionModes[app.name] ?? .default) }
            return reader.choice(arg, HarmonyVocabulary.concurrencyModes, what: "concurrency mode")
                .map { .activateSession($0) }
        case "deactivateSession":
            return reader.noArgument(verb) ? .deactivateSession : nil
        case "setAudioSessionScene":
            guard let arg else {
                reader.fail(
                    verb.node, "setAudioSessionScene needs a scene",
                    expected: "{ setAudioSessionScene: media }, game or voiceCommunication")
                return nil
            }
            return sessionScene(arg).map { .setSessionScene($0) }
        case "foreground":
            return reader.noArgument(verb) ? .foreground : nil
        case "background":
            return reader.noArgument(verb) ? .background : nil
        case "setSilentMode":
            return silentMode(verb.node, arg, app: app).map { .setSilentMode($0.stream, $0.flag) }
        case "setVolume":
            return appVolume(verb.node, arg, app: app)
        default:  // setInterruptMode
            guard let arg else {
                reader.fail(
                    verb.node, "setInterruptMode needs a mode",
                    expected:
                        "{ setInterruptMode: independent } or { setInterruptMode: { stream: player, mode: share } }")
                return nil
            }
            if case .scalar = arg {
                return reader.choice(arg, HarmonyVocabulary.modes, what: "interrupt mode").map {
                    .setInterruptMode(nil, $0)
                }
            }
            guard let fields = reader.mapping(arg, expected: "a mode, or { stream, mode }") else { return nil }
            reader.onlyKeys(fields, ["stream", "mode"], in: "setInterruptMode")
            let stream = fields.first { $0.key == "stream" }.map { streamName($0.value, of: app) }
            guard let modeNode = reader.require("mode", in: fields, at: arg, context: "setInterruptMode"),
                let mode = reader.choice(modeNode, HarmonyVocabulary.modes, what: "interrupt mode")
            else { return nil }
            if let stream, stream == nil { return nil }
            return .setInterruptMode(stream ?? nil, mode)
        }
    }

    /// `{ setSilentMode: true }` (every AudioRenderer and AVPlayer of the app) or `{ setSilentMode: { stream: player,
    /// silent: false } }`: `setSilentModeAndMixWithOthers` / `setMediaMuted` (§10).
    mutating func silentMode(_ verbNode: Node, _ arg: Node?, app: HarmonyAppConfig) -> (stream: String?, flag: Bool)? {
        guard
            let (stream, node) = rendererCall(
                verbNode, arg, app: app, verb: "setSilentMode", key: "silent", sample: "true")
        else { return nil }
        return reader.bool(node, key: "setSilentMode").map { (stream, $0) }
    }

    /// `{ setVolume: 0 }` (every AudioRenderer and AVPlayer of the app) or `{ setVolume: { stream: player, volume:
    /// 0.5 } }`: the app's own volume for the stream, 0 to 1.
    mutating func appVolume(_ verbNode: Node, _ arg: Node?, app: HarmonyAppConfig) -> HarmonyAppAction? {
        guard let (stream, node) = rendererCall(verbNode, arg, app: app, verb: "setVolume", key: "volume", sample: "0")
        else { return nil }
        return reader.number(node, key: "setVolume", in: 0...1).map { .setVolume(stream, $0) }
    }

    /// The stream and the value node of a call only an AudioRenderer or AVPlayer has: `{ VERB: value }` or
    /// `{ VERB: { stream: player, KEY: value } }` (`sample` is a value the error shows).
    mutating func rendererCall(
        _ verbNode: Node, _ arg: Node?, app: HarmonyAppConfig, verb: String, key: String, sample: String
    ) -> (String?, Node)? {
        let example = "{ \(verb): \(sample) } or { \(verb): { stream: player, \(key): \(sample) } }"
        guard let arg else {
            reader.fail(verbNode, "\(verb) needs a value", expected: example)
            return nil
        }
        guard case .mapping = arg else {
            guard app.streams.contains(where: { $0.kind.hasSilentMode }) else {
                reader.fail(
                    verbNode, "'\(app.name)' has no audioRenderer or avPlayer stream, so no \(verb)",
                    expected: "\(verb) on an app with an audioRenderer or avPlayer stream")
                return nil
            }
            return (nil, arg)
        }
        guard let fields = reader.mapping(arg, expected: example) else { return nil }
        reader.onlyKeys(fields, ["stream", key], in: verb)
        var stream: String?
        if let node = fields.first(where: { $0.key == "stream" })?.value {
            guard let name = streamName(node, of: app) else { return nil }
            stream = name
            if let kind = app.streams.first(where: { $0.name == name })?.kind, !kind.hasSilentMode {
                reader.fail(
                    node, "stream '\(name)' of '\(app.name)' is a \(kind), which has no \(verb)",
                    expected: "an audioRenderer or avPlayer stream")
                return nil
            }
        }
        guard let node = reader.require(key, in: fields, at: arg, context: verb) else { return nil }
        return (stream, node)
    }

    /// A system verb: `incomingCall`, ..., `declineCall` (ends the ringing call), or `{ alarm: begin }`,
    /// `{ assistant: end }` (`siri` is the assistant).
    mutating func systemVerb(_ node: Node) -> HarmonySystemAction? {
        guard
            let verb = reader.verb(
                node, verbs: HarmonyVocabulary.systemVerbs, target: "system",
                owners: [("app", HarmonyVocabulary.appVerbs)])
        else { return nil }
        switch verb.name {
        case "declineCall": return reader.noArgument(verb) ? .endCall : nil
        case "assistant", "siri", "alarm":
            guard let arg = verb.argument,
                let phase = reader.choice(arg, [("begin", true), ("end", false)], what: "\(verb.name) phase")
            else {
                if verb.argument == nil {
                    reader.fail(verb.node, "\(verb.name) needs begin or end", expected: "{ \(verb.name): begin }")
                }
                return nil
            }
            if verb.name == "alarm" { return phase ? .alarmBegin : .alarmEnd }
            return phase ? .assistantBegin : .assistantEnd
        default:
            return reader.noArgument(verb) ? HarmonySystemAction(rawValue: verb.name) : nil
        }
    }

    /// One of the app's stream names.
    mutating func streamName(_ node: Node, of app: HarmonyAppConfig) -> String? {
        guard let name = reader.string(node, expected: "a stream name") else { return nil }
        let names = app.streams.map(\.name)
        guard names.contains(name) else {
            reader.fail(
                node, "app '\(app.name)' has no stream '\(name)'",
                expected: "one of its streams: " + names.joined(separator: ", "),
                suggestion: Suggestions.nearest(to: name, in: names))
            return nil
        }
        return name
    }

    /// `returns: success`, `failed`, or an error code such as `6800301`.
    mutating func expectedResult(_ node: Node) -> ExpectedCallResult? {
        let position = reader.position(node)
        guard let text = reader.text(node), !reader.isNull(node) else {
            reader.fail(
                node, "returns is \(reader.describe(node))",
                expected: "success, failed, or an error code such as 6800301")
            return nil
        }
        switch text {
        case "success": return ExpectedCallResult(failure: nil, position: position)
        case "failed": return ExpectedCallResult(failure: 0, position: position)
        default:
            guard let code = Int(text), code > 0 else {
                reader.fail(
                    node, "returns is '\(text)'", expected: "success, failed, or an error code such as 6800301",
                    suggestion: Suggestions.nearest(to: text, in: ["success", "failed"]))
                return nil
            }
            return ExpectedCallResult(failure: code, position: position)
        }
    }
}
