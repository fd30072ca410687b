import ArbiterEngine
import Yams

extension ScenarioDecoder {
    static let timeKeys = ["at", "after", "fails"]
    /// The keys of the verbs that take a mapping.
    static let deactivateKeys = ["notifyOthers"]
    static let setCategoryKeys = ["category", "mode", "options"]
    static let playerValueKeys = ["player", "to"]
    static let nowPlayingInfoKeys = ["title", "artist", "album", "duration", "elapsed", "rate", "defaultRate"]

    mutating func decodeSteps(_ node: Node, ios: Int) -> [ScenarioStep] {
        guard case .sequence = node, let items = reader.list(node, expected: "a list of steps") else {
            reader.fail(node, "steps is \(reader.describe(node))", expected: "a list of steps")
            return []
        }
        var steps: [ScenarioStep] = []
        var now = Time.zero
        for item in items {
            guard let entries = reader.mapping(item, expected: "a step: one of an app name, device, system or expect")
            else {
                continue
            }
            reader.stepTime(entries, now: &now)
            if reader.isOtherPlatformsStep(entries) { continue }
            guard let action = reader.stepAction(entries, of: item, otherKeys: ScenarioDecoder.timeKeys) else {
                continue
            }
            let fails = entries.first { $0.key == "fails" }
            let position = reader.position(action.keyNode)
            var stepAction: StepAction?
            switch action.key {
            case "expect":
                stepAction = .expect(decodeExpectation(action.value))
            case "device":
                stepAction = decodeDeviceVerb(action.value).map { .event(.device($0), fails: nil) }
            case "system":
                stepAction = decodeSystemVerb(action.value).map { .event(.system($0), fails: nil) }
            default:
                guard apps.contains(where: { $0.name.name == action.key }) else {
                    reader.unknownAction(action.key, at: action.keyNode, apps: apps.map(\.name.name), noApps: noApps)
                    continue
                }
                let id = AppID(action.key)
                let expected = fails.flatMap { fails in
                    reader.choice(fails.value, Vocabulary.errorCodes, what: "error").map {
                        ExpectedFailure(code: $0, position: reader.position(fails.value))
                    }
                }
                stepAction = decodeAppVerb(action.value, app: id).map { .event(.app(id, $0), fails: expected) }
            }
            if let fails, action.key == "expect" || action.key == "device" || action.key == "system" {
                reader.fail(
                    fails.keyNode, "'fails' on a \(action.key) step",
                    expected: "fails only on app steps, whose AVAudioSession calls can fail")
            }
            if let stepAction { steps.append(ScenarioStep(position: position, time: now, action: stepAction)) }
        }
        return steps
    }

    /// A verb of a `target` step, as `YAMLReader.verb` reads it, told which owner each other verb is of.
    mutating func verb(_ node: Node, verbs: [String], target: String) -> YAMLReader.Verb? {
        let owners = [
            ("app", Vocabulary.appVerbs), ("device", Vocabulary.deviceVerbs), ("system", Vocabulary.systemVerbs),
        ]
        // Typed, the verb goes after its owner: `device lock`, `Music play`.
        let firstApp = apps.first?.name.name ?? "APP"
        return reader.verb(node, verbs: verbs, target: target, owners: owners) { owner, verb in
            "`\(owner == "app" ? firstApp : owner) \(verb)`"
        }
    }

    mutating func decodeAppVerb(_ node: Node, app: AppID) -> AppAction? {
        guard let verb = verb(node, verbs: Vocabulary.appVerbs, target: "app"),
            let word = AppVerb(rawValue: verb.name)
        else { return nil }
        let arg = verb.argument
        switch word {
        case .activate: return reader.noArgument(verb) ? .activate : nil
        case .deactivate:
            guard let arg else { return .deactivate(notifyOthers: false) }
            guard let fields = reader.mapping(arg, expected: "{ notifyOthers: true }") else { return nil }
            reader.onlyKeys(fields, ScenarioDecoder.deactivateKeys, in: "deactivate")
            let notify = fields.first { $0.key == "notifyOthers" }.flatMap {
                reader.bool($0.value, key: "notifyOthers")
            }
            return .deactivate(notifyOthers: notify ?? false)
        case .setCategory:
            guard let arg else {
                reader.fail(
                    verb.node, "setCategory needs a category",
                    expected: "{ setCategory: playback } or "
                        + "{ setCategory: { category, mode, options } }")
                return nil
            }
            return setCategory(arg)
        case .setMode:
            guard let arg else {
                reader.fail(verb.node, "setMode needs a mode", expected: "{ setMode: spokenAudio }")
                return nil
            }
            return mode(arg).map { .setMode($0) }
        case .play, .pause, .stop, .nextTrack, .detachVideo, .attachVideo:
            var player: String?
            if let arg {
                guard let name = playerName(arg, app: app) else { return nil }
                player = name
            }
            switch word {
            case .play: return .play(player: player)
            case .pause: return .pause(player: player)
            case .stop: return .stop(player: player)
            case .nextTrack: return .nextTrack(player: player)
            case .detachVideo: return .showVideo(player: player, false)
            default: return .showVideo(player: player, true)
            }
        case .record: return reader.noArgument(verb) ? .record : nil
        case .stopRecording: return reader.noArgument(verb) ? .stopRecording : nil
        case .background: return reader.noArgument(verb) ? .background : nil
        case .foreground: return reader.noArgument(verb) ? .foreground : nil
        case .terminate: return reader.noArgument(verb) ? .terminate : nil
        case .launch: return reader.noArgument(verb) ? .launch : nil
        case .overrideOutput:
            guard let arg else {
                reader.fail(verb.node, "overrideOutput needs a port", expected: "{ overrideOutput: speaker } or none")
                return nil
            }
            return reader.choice(arg, Vocabulary.outputOverrides, what: "output override")
                .map { .overrideOutput(speaker: $0) }
        case .preferInput:
            guard let arg, reader.text(arg) != "none" else { return .preferInput(nil) }
            return reader.choice(arg, Vocabulary.inputPorts, what: "input port").map { .preferInput($0) }
        case .voiceProcessing:
            guard let arg else {
                reader.fail(verb.node, "voiceProcessing needs true or false", expected: "{ voiceProcessing: true }")
                return nil
            }
            return reader.bool(arg, key: verb.name).map { .setVoiceProcessing($0) }
        case .setPrefersInterruptionOnRouteDisconnect, .setPrefersNoInterruptionsFromSystemAlerts:
            guard let arg else {
                reader.fail(verb.node, "\(verb.name) needs true or false", expected: "{ \(verb.name): false }")
                return nil
            }
            guard let prefers = reader.bool(arg, key: verb.name) else { return nil }
            if word == .setPrefersNoInterruptionsFromSystemAlerts {
                let action = AppAction.setPrefersNoInterruptionsFromSystemAlerts(prefers)
                return available(verb.node, verb.name, since: action.introduced!) ? action : nil
            }
            guard ios >= 17 else {
                reader.fail(
                    verb.node,
                    "setPrefersInterruptionOnRouteDisconnect needs ios 17 or later; this scenario "
                        + "has ios: \(ios)",
                    expected: "ios: 17 or later, or no such step (before iOS 17 no "
                        + "routeDisconnected interruption exists to opt out of)")
                return nil
            }
            return .setPrefersInterruptionOnRouteDisconnect(prefers)
        case .nowPlayingInfo:
            guard let arg else { return .nowPlayingInfo(nil) }
            return nowPlayingInfo(arg).map { .nowPlayingInfo($0) }
        case .enableCommands, .disableCommands:
            guard let arg else {
                reader.fail(verb.node, "\(verb.name) needs commands", expected: "a list such as [play, pause]")
                return nil
            }
            let commands = (reader.list(arg, expected: "a list of remote commands") ?? [])
                .compactMap { reader.choice($0, Vocabulary.commands, what: "remote command") }
            return word == .enableCommands ? .enableCommands(commands) : .disableCommands(commands)
        case .seek, .rate:
            let isSeek = word == .seek
            let (what, range) = isSeek ? ("a position", 0...1e7) : ("a rate", 0.001...32)
            guard let arg else {
                reader.fail(
                    verb.node, "\(verb.name) needs \(what)",
                    expected: isSeek
                        ? "{ seek: 30 } or { seek: { player, to } }" : "{ rate: 2 } or { rate: { player, to } }")
                return nil
            }
            if case .scalar = arg {
                return reader.number(arg, key: isSeek ? "the position" : "the rate", in: range)
                    .map { isSeek ? .seek(to: $0) : .rate(player: nil, $0) }
            }
            guard let fields = reader.mapping(arg, expected: "{ player, to }") else { return nil }
            reader.onlyKeys(fields, ScenarioDecoder.playerValueKeys, in: verb.name)
            let player = fields.first { $0.key == "player" }.flatMap { playerName($0.value, app: app) }
            guard let toNode = reader.require("to", in: fields, at: arg, context: verb.name),
                let to = reader.number(toNode, key: isSeek ? "the position" : "the rate", in: range)
            else { return nil }
            return isSeek ? .seek(player: player, to: to) : .rate(player: player, to)
        }
    }

    mutating func setCategory(_ node: Node) -> AppAction? {
        if case .scalar = node {
            return reader.choice(node, Vocabulary.categories, what: "category").map { .setCategory($0) }
        }
        guard let fields = reader.mapping(node, expected: "a category, or { category, mode, options }") else {
            return nil
        }
        reader.onlyKeys(fields, ScenarioDecoder.setCategoryKeys, in: "setCategory")
        guard let categoryNode = reader.require("category", in: fields, at: node, context: "setCategory"),
            let category = reader.choice(categoryNode, Vocabulary.categories, what: "category")
        else { return nil }
        let mode = fields.first { $0.key == "mode" }.flatMap { self.mode($0.value) }
        let options = fields.first { $0.key == "options" }.map { self.options($0.value) } ?? []
        return .setCategory(category, mode: mode, options: options)
    }

    mutating func playerName(_ node: Node, app: AppID) -> String? {
        reader.playerName(node, app: app, names: players[app] ?? [])
    }

    mutating func nowPlayingInfo(_ node: Node) -> NowPlayingInfo? {
        guard
            let fields = reader.mapping(
                node,
                expected: "{ title, artist, album, duration, elapsed, rate, "
                    + "defaultRate } or null")
        else { return nil }
        reader.onlyKeys(fields, ScenarioDecoder.nowPlayingInfoKeys, in: "nowPlayingInfo")
        var info = NowPlayingInfo()
        for (key, _, value) in fields {
            switch key {
            case "title": info.title = reader.string(value, expected: "a title")
            case "artist": info.artist = reader.string(value, expected: "an artist")
            case "album": info.album = reader.string(value, expected: "an album")
            case "duration": info.duration = reader.number(value, key: key, in: 0...1e7)
            case "elapsed": info.elapsed = reader.number(value, key: key, in: 0...1e7)
            case "rate": info.rate = reader.number(value, key: key, in: -100...100)
            case "defaultRate": info.defaultRate = reader.number(value, key: key, in: 0...100)
            default: break
            }
        }
        return info
    }

    mutating func decodeDeviceVerb(_ node: Node) -> DeviceAction? {
        guard let verb = verb(node, verbs: Vocabulary.deviceVerbs, target: "device"),
            let word = DeviceVerb(rawValue: verb.name)
        else { return nil }
        switch word {
        case .lock: return reader.noArgument(verb) ? .lock : nil
        case .unlock: return reader.noArgument(verb) ? .unlock : nil
        case .ringer:
            guard let arg = verb.argument else {
                reader.fail(verb.node, "ringer needs a position", expected: "{ ringer: silent } or { ringer: ring }")
                return nil
            }
            return reader.choice(arg, Vocabulary.ringer, what: "ringer position").map { .ringer($0) }
        case .network:
            guard let arg = verb.argument else {
                reader.fail(verb.node, "network needs a state", expected: "{ network: down } or { network: up }")
                return nil
            }
            return reader.choice(arg, Vocabulary.networkStates, what: "network state").map { .network(down: $0) }
        case .wake: return reader.noArgument(verb) ? .wake : nil
        case .builtInMic:
            guard let arg = verb.argument else {
                reader.fail(verb.node, "builtInMic needs muted or unmuted", expected: "{ builtInMic: muted }")
                return nil
            }
            return reader.choice(arg, Vocabulary.micStates, what: "built-in mic state").map { .builtInMic(muted: $0) }
        case .connect, .disconnect:
            guard let arg = verb.argument else {
                reader.fail(verb.node, "\(verb.name) needs an accessory", expected: "{ \(verb.name): wiredHeadphones }")
                return nil
            }
            guard let spec = accessory(arg) else { return nil }
            return word == .connect ? .connect(spec) : .disconnect(spec)
        }
    }

    mutating func decodeSystemVerb(_ node: Node) -> SystemAction? {
        guard let verb = verb(node, verbs: Vocabulary.systemVerbs, target: "system"),
            let word = SystemVerb(rawValue: verb.name)
        else { return nil }
        switch word {
        case .incomingCall: return reader.noArgument(verb) ? .incomingCall : nil
        case .answerCall: return reader.noArgument(verb) ? .answerCall : nil
        case .declineCall: return reader.noArgument(verb) ? .declineCall : nil
        case .endCall: return reader.noArgument(verb) ? .endCall : nil
        case .mediaServicesReset: return reader.noArgument(verb) ? .mediaServicesReset : nil
        case .mediaServicesLost: return reader.noArgument(verb) ? .mediaServicesLost : nil
        case .siri, .alarm:
            guard let arg = verb.argument,
                let begins = reader.choice(arg, Vocabulary.phases, what: "\(verb.name) phase")
            else {
                if verb.argument == nil {
                    reader.fail(verb.node, "\(verb.name) needs begin or end", expected: "{ \(verb.name): begin }")
                }
                return nil
            }
            if word == .siri { return begins ? .siriBegin : .siriEnd }
            return begins ? .alarmBegin : .alarmEnd
        case .remote:
            guard let arg = verb.argument else {
                reader.fail(verb.node, "remote needs a command", expected: "{ remote: togglePlayPause }")
                return nil
            }
            if case .scalar = arg {
                return reader.choice(arg, Vocabulary.commands, what: "remote command").map { .remote($0) }
            }
            guard let fields = reader.mapping(arg, expected: "a command, or { changePlaybackPosition: 30 }"),
                fields.count == 1, let field = fields.first
            else {
                reader.fail(arg, "remote takes one command", expected: "{ remote: { changePlaybackPosition: 30 } }")
                return nil
            }
            guard let command = reader.choice(field.keyNode, Vocabulary.commands, what: "remote command") else {
                return nil
            }
            return remoteValue(of: command, field.value).map { .remote(command, value: $0) }
        }
    }

    /// The value a remote command carries (`{ changePlaybackRate: 1.5 }`, `{ changeRepeatMode: all }`, ...), as the
    /// command's `MPRemoteCommandEvent` subclass has it.
    mutating func remoteValue(of command: RemoteCommand, _ node: Node) -> RemoteValue? {
        let key = command.rawValue
        switch command.valueKind {
        case .position: return reader.number(node, key: key, in: 0...1e7).map(RemoteValue.position)
        case .interval: return reader.number(node, key: key, in: 0...1e7).map(RemoteValue.interval)
        case .rate: return reader.number(node, key: key, in: 0...32).map(RemoteValue.rate)
        case .rating: return reader.number(node, key: key, in: -1e6...1e6).map(RemoteValue.rating)
        case .repeatType:
            return reader.choice(node, Vocabulary.repeatTypes, what: "repeat type").map(RemoteValue.repeatType)
        case .shuffleType:
            return reader.choice(node, Vocabulary.shuffleTypes, what: "shuffle type").map(RemoteValue.shuffleType)
        case .seek: return reader.choice(node, Vocabulary.seekPhases, what: "seek phase").map(RemoteValue.seek)
        case .negative:
            return reader.choice(node, Vocabulary.feedbackSigns, what: "\(key) feedback").map(RemoteValue.negative)
        case nil:
            reader.fail(
                node, "remote \(key) carries no value",
                expected: "{ remote: \(key) }; a value goes with " + Vocabulary.commandsWithValues)
            return nil
        }
    }
}
