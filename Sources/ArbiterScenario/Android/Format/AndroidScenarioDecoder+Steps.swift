import ArbiterAndroid
import ArbiterEngine
import Yams

extension AndroidScenarioDecoder {
    static let stepKeys = ["at", "after", "returns", "platform"]
    static let appVerbs = [
        "requestFocus", "abandonFocus", "play", "start", "pause", "stop", "activate", "deactivate",
        "setVolume", "terminate", "declarePlayer",
    ]
    static let systemVerbs = [
        "incomingCall", "answerCall", "declineCall", "endCall", "assistant", "siri", "alarm",
        "notification",
    ]
    static let deviceVerbs = ["ringerMode"]
    static let requestKeys = [
        "gain", "usage", "contentType", "willPauseWhenDucked", "acceptsDelayedFocusGain",
        "locksFocus",
    ]

    /// The steps under `steps:`, the first at `start` or after it.
    mutating func decodeSteps(_ node: Node, from start: Time = .zero) -> [AndroidStep] {
        guard case .sequence = node, let items = reader.list(node, expected: "a list of steps") else {
            reader.fail(node, "steps is \(reader.describe(node))", expected: "a list of steps")
            return []
        }
        var steps: [AndroidStep] = []
        var now = start
        for item in items {
            guard let entries = reader.mapping(item, expected: "a step: one of an app name, device, system or expect")
            else { continue }
            reader.stepTime(entries, now: &now)
            if reader.isOtherPlatformsStep(entries) { continue }
            guard let action = reader.stepAction(entries, of: item, otherKeys: Self.stepKeys) else { continue }
            // A cross-platform file's step for one platform only.
            if let platform = entries.first(where: { $0.key == "platform" }), !isForThisPlatform(platform.value) {
                continue
            }
            let returns = entries.first { $0.key == "returns" }
            let position = reader.position(action.keyNode)
            var stepAction: AndroidStepAction?
            switch action.key {
            case "expect":
                stepAction = .expect(decodeExpectation(action.value))
            case "device":
                stepAction = decodeDeviceVerb(action.value).map { .event($0, returns: nil) }
            case "system":
                guard let verb = decodeSystemVerb(action.value) else { continue }
                var expected: ExpectedFocusResult?
                if let returns {
                    if Self.requests(verb) {
                        expected = expectedResult(returns.value)
                    } else {
                        reader.fail(
                            returns.keyNode, "'returns' on a system step that makes no focus request",
                            expected: "returns only on incomingCall, answerCall, { assistant: begin } or "
                                + "{ alarm: begin }, or an app's requestFocus, activate or play")
                    }
                }
                stepAction = .event(.system(verb), returns: expected)
            default:
                guard apps.contains(where: { $0.name.name == action.key }) else {
                    reader.unknownAction(
                        action.key, at: action.keyNode, apps: apps.map(\.name.name),
                        noApps: "an app declared under apps")
                    continue
                }
                let id = AppID(action.key)
                guard let verb = decodeAppVerb(action.value, app: id) else { continue }
                var expected: ExpectedFocusResult?
                if let returns {
                    if Self.requests(verb) {
                        expected = expectedResult(returns.value)
                    } else {
                        reader.fail(
                            returns.keyNode, "'returns' on a step that makes no focus request",
                            expected: "returns only on requestFocus, activate or play")
                    }
                }
                stepAction = .event(.app(id, verb), returns: expected)
            }
            if let returns, ["expect", "device"].contains(action.key) {
                reader.fail(
                    returns.keyNode, "'returns' on a \(action.key) step",
                    expected: "returns only on an app's requestFocus, activate or play, or a system step that "
                        + "requests focus (incomingCall, answerCall, { assistant: begin }, { alarm: begin })")
            }
            if let stepAction { steps.append(AndroidStep(position: position, time: now, action: stepAction)) }
        }
        return steps
    }

    /// Whether a verb makes a focus request, whose result a step may check with `returns:`.
    static func requests(_ action: AndroidAppAction) -> Bool {
        switch action {
        case .requestFocus, .play: true
        default: false
        }
    }

    /// Whether a system verb makes a focus request: the ring, the answered call, the assistant's or alarm's begin.
    static func requests(_ action: AndroidSystemAction) -> Bool {
        switch action {
        case .incomingCall, .answerCall, .assistantBegin, .alarmBegin: true
        case .declineCall, .endCall, .assistantEnd, .alarmEnd, .notification: false
        }
    }

    /// `returns: granted | delayed | failed`.
    mutating func expectedResult(_ node: Node) -> ExpectedFocusResult? {
        reader.androidChoice(
            node, AndroidVocabulary.results, what: "request result", prefixes: AndroidVocabulary.resultPrefixes
        )
        .map { ExpectedFocusResult(result: $0, position: reader.position(node)) }
    }

    /// A step's `platform:`: whether the step is this scenario's (`android` is the phone's and the car's).
    mutating func isForThisPlatform(_ node: Node) -> Bool {
        let names: [(String, String)] = [
            ("ios", "ios"), ("android", "android"), ("androidAutomotive", "androidAutomotive"),
        ]
        let listed = (reader.list(node, expected: "a platform, or a list of them") ?? []).compactMap {
            reader.choice($0, names, what: "platform")
        }
        return listed.contains("android") || (platform == .car && listed.contains("androidAutomotive"))
    }

    /// A verb of a `target` step, as `YAMLReader.verb` reads it, told which owner each other verb is of.
    mutating func verb(_ node: Node, verbs: [String], target: String) -> YAMLReader.Verb? {
        reader.verb(
            node, verbs: verbs, target: target,
            owners: [("app", Self.appVerbs), ("device", Self.deviceVerbs), ("system", Self.systemVerbs)])
    }

    mutating func decodeAppVerb(_ node: Node, app: AppID) -> AndroidAppAction? {
        guard let verb = verb(node, verbs: Self.appVerbs, target: "app") else { return nil }
        let arg = verb.argument
        switch verb.name {
        case "requestFocus", "activate":
            guard let arg else { return .requestFocus(FocusRequestChange()) }
            return requestChange(arg, verb: verb.name).map { .requestFocus($0) }
        case "abandonFocus": return reader.noArgument(verb) ? .abandonFocus : nil
        case "deactivate":
            guard let arg else { return .abandonFocus }
            guard let fields = reader.mapping(arg, expected: "{ notifyOthers: true }") else { return nil }
            reader.onlyKeys(fields, ["notifyOthers"], in: "deactivate")
            if let notify = fields.first(where: { $0.key == "notifyOthers" }) {
                guard reader.bool(notify.value, key: "notifyOthers") != nil else { return nil }
            }
            return .abandonFocus
        case "play", "start", "pause", "stop":
            var player: String?
            if let arg {
                guard let name = playerName(arg, app: app) else { return nil }
                player = name
            }
            switch verb.name {
            case "play": return .play(player)
            case "start": return .start(player)
            case "pause": return .pause(player)
            default: return .stop(player)
            }
        case "setVolume":
            guard let arg else {
                reader.fail(
                    verb.node, "setVolume needs a volume",
                    expected: "{ setVolume: 0.2 } or "
                        + "{ setVolume: { player: main, volume: 0.2 } }")
                return nil
            }
            if case .scalar = arg {
                return reader.number(arg, key: "the volume", in: 0...1).map { .setVolume(nil, $0) }
            }
            guard let fields = reader.mapping(arg, expected: "a volume, or { player, volume }") else { return nil }
            reader.onlyKeys(fields, ["player", "volume"], in: "setVolume")
            let player = fields.first { $0.key == "player" }.map { playerName($0.value, app: app) }
            guard let volumeNode = reader.require("volume", in: fields, at: arg, context: "setVolume"),
                let volume = reader.number(volumeNode, key: "the volume", in: 0...1)
            else { return nil }
            if let player, player == nil { return nil }
            return .setVolume(player ?? nil, volume)
        case "declarePlayer":
            return declaredPlayer(verb, app: app).map { .declarePlayer($0) }
        default:
            return reader.noArgument(verb) ? .terminate : nil
        }
    }

    /// `{ declarePlayer: clicks }` (a mediaPlayer with the app's attributes) or `{ declarePlayer: { voice: audioTrack } }`
    /// and `{ declarePlayer: { voice: { kind, usage, contentType } } }`, as `players:` declares one. Later steps and
    /// checks may name it.
    mutating func declaredPlayer(_ verb: YAMLReader.Verb, app id: AppID) -> AndroidPlayer? {
        let shapes = "{ declarePlayer: NAME } or { declarePlayer: { NAME: KIND } }"
        guard let arg = verb.argument, let app = apps.first(where: { $0.name == id }) else {
            reader.fail(verb.node, "declarePlayer needs a player", expected: shapes)
            return nil
        }
        var player: AndroidPlayer
        var nameNode = arg
        if case .scalar = arg {
            guard let name = reader.string(arg, expected: "a player name"), !name.isEmpty else { return nil }
            player = AndroidPlayer(name: name)
        } else {
            guard let entries = reader.mapping(arg, expected: shapes) else { return nil }
            guard entries.count == 1 else {
                reader.fail(arg, "declarePlayer declares \(entries.count) players", expected: "one player a step")
                return nil
            }
            guard let declared = decodePlayers(arg, app: app)?.first else { return nil }
            player = declared
            nameNode = entries[0].keyNode
        }
        if players[id, default: []].contains(player.name) {
            reader.fail(
                nameNode, "\(id) already has a player named \(player.name)",
                expected: "a new name (its players: " + players[id, default: []].joined(separator: ", ") + ")")
            return nil
        }
        players[id, default: []].append(player.name)
        return player
    }

    /// `{ requestFocus: gainTransient }` or `{ requestFocus: { gain, usage, contentType, ... } }`.
    mutating func requestChange(_ node: Node, verb: String) -> FocusRequestChange? {
        if case .scalar = node {
            return reader.androidChoice(
                node, AndroidVocabulary.gains, what: "focus gain",
                prefixes: AndroidVocabulary.focusPrefixes
            ).map { FocusRequestChange(gain: $0) }
        }
        guard
            let fields = reader.mapping(
                node,
                expected: "a focus gain, or { gain, usage, contentType, "
                    + "willPauseWhenDucked, acceptsDelayedFocusGain, locksFocus }")
        else { return nil }
        reader.onlyKeys(fields, Self.requestKeys, in: verb)
        let errorsBefore = reader.diagnostics.count
        var change = FocusRequestChange()
        for (key, _, value) in fields {
            switch key {
            case "gain":
                change.gain = reader.androidChoice(
                    value, AndroidVocabulary.gains, what: "focus gain",
                    prefixes: AndroidVocabulary.focusPrefixes)
            case "usage":
                change.usage = reader.androidChoice(
                    value, AndroidVocabulary.usages, what: "usage",
                    prefixes: AndroidVocabulary.usagePrefixes)
            case "contentType":
                change.contentType = reader.androidChoice(
                    value, AndroidVocabulary.contentTypes, what: "content type",
                    prefixes: AndroidVocabulary.contentTypePrefixes)
            case "willPauseWhenDucked": change.willPauseWhenDucked = reader.bool(value, key: key)
            case "acceptsDelayedFocusGain": change.acceptsDelayedFocusGain = reader.bool(value, key: key)
            case "locksFocus": change.locksFocus = reader.bool(value, key: key)
            default: break
            }
        }
        return reader.diagnostics.count == errorsBefore ? change : nil
    }

    mutating func decodeSystemVerb(_ node: Node) -> AndroidSystemAction? {
        guard let verb = verb(node, verbs: Self.systemVerbs, target: "system") else { return nil }
        switch verb.name {
        case "incomingCall": return reader.noArgument(verb) ? .incomingCall : nil
        case "answerCall": return reader.noArgument(verb) ? .answerCall : nil
        case "declineCall": return reader.noArgument(verb) ? .declineCall : nil
        case "endCall": return reader.noArgument(verb) ? .endCall : nil
        case "notification": return reader.noArgument(verb) ? .notification : nil
        case "alarm":
            return phase(verb).map { $0 ? .alarmBegin : .alarmEnd }
        default:
            // `assistant` (and `siri`): `begin`, `end`, or `{ begin: gainTransientMayDuck }`.
            if let arg = verb.argument, case .mapping = arg {
                guard let fields = reader.mapping(arg, expected: "{ begin: gainTransientMayDuck }") else { return nil }
                reader.onlyKeys(fields, ["begin"], in: verb.name)
                guard let begin = reader.require("begin", in: fields, at: arg, context: verb.name),
                    let gain = reader.androidChoice(
                        begin, AndroidVocabulary.gains, what: "focus gain",
                        prefixes: AndroidVocabulary.focusPrefixes)
                else { return nil }
                return .assistantBegin(gain)
            }
            return phase(verb).map { $0 ? .assistantBegin(.gainTransient) : .assistantEnd }
        }
    }

    /// `begin` or `end`: true when it begins.
    mutating func phase(_ verb: (name: String, node: Node, argument: Node?)) -> Bool? {
        guard let arg = verb.argument else {
            reader.fail(verb.node, "\(verb.name) needs begin or end", expected: "{ \(verb.name): begin }")
            return nil
        }
        return reader.choice(arg, AndroidVocabulary.phases, what: "\(verb.name) phase")
    }

    mutating func decodeDeviceVerb(_ node: Node) -> AndroidEvent? {
        guard let verb = verb(node, verbs: Self.deviceVerbs, target: "device") else { return nil }
        guard let arg = verb.argument else {
            reader.fail(verb.node, "ringerMode needs a mode", expected: "{ ringerMode: vibrate }")
            return nil
        }
        return reader.androidChoice(
            arg, AndroidVocabulary.ringerModes, what: "ringer mode",
            prefixes: AndroidVocabulary.ringerPrefixes
        ).map { .ringerMode($0) }
    }
}
