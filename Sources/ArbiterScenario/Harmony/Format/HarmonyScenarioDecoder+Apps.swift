import ArbiterEngine
import ArbiterHarmony
import ArbiterLint
import Yams

extension HarmonyScenarioDecoder {
    /// `players` is a cross-platform file's players shared by every platform: each becomes a stream of its name.
    /// `concurrencyMode` is the strategy the app's code passes to `activateAudioSession`: what `activate` and a bare
    /// `activateSession` ask for (default `default`). `sessionScene` is the scene its code sets at launch (API 20):
    /// every activation takes it.
    static let appKeys = [
        "streams", "reactions", "kind", "usage", "source", "interruptMode", "players", "allowLints", "concurrencyMode",
        "sessionScene",
    ]
    static let streamKeys = ["kind", "usage", "source", "interruptMode"]

    /// `apps:`: each app's streams (or one stream written on the app itself) and reactions.
    mutating func decodeApps(_ node: Node) {
        guard let entries = reader.mapping(node, expected: "a mapping from app names to their streams") else { return }
        for (name, keyNode, value) in entries {
            if !AppID.isValid(name) {
                reader.fail(keyNode, "app name '\(name)' is not valid", expected: "letters, digits, '-' and '_'")
                continue
            }
            if HarmonyEngine.systemApps.contains(where: { $0.name.name == name }) {
                reader.fail(
                    keyNode, "an app cannot be named '\(name)'",
                    expected: "another name: call, alarm and assistant are the system's own streams")
                continue
            }
            appPositions[AppID(name)] = reader.position(keyNode)
            if reader.isNull(value) {  // an app with nothing to say for HarmonyOS: one AVPlayer playing music
                apps.append(HarmonyAppConfig(AppID(name), streams: [StreamConfig("player", kind: .avPlayer)]))
                continue
            }
            guard let fields = reader.mapping(value, expected: "{ streams, reactions } or { usage, kind }") else {
                continue
            }
            reader.onlyKeys(fields, Self.appKeys, in: "app '\(name)'")
            var streams: [StreamConfig] = []
            if let streamsNode = fields.first(where: { $0.key == "streams" })?.value {
                for field in fields where Self.streamKeys.contains(field.key) {
                    reader.fail(
                        field.keyNode, "'\(field.key)' beside 'streams'",
                        expected: "the stream's \(field.key) under its name in streams")
                }
                streams = decodeStreams(streamsNode)
            } else if let playersNode = fields.first(where: { $0.key == "players" })?.value {
                streams = sharedPlayers(playersNode, usage: fields.first { $0.key == "usage" }?.value)
            } else {
                let inline = fields.filter { Self.streamKeys.contains($0.key) }
                let records = inline.contains { $0.key == "kind" && reader.text($0.value) == "audioCapturer" }
                if let stream = stream(records ? "recorder" : "player", fields: inline, at: value) {
                    streams = [stream]
                }
            }
            if let node = fields.first(where: { $0.key == "allowLints" })?.value {
                lintAllowances.perApp[AppID(name)] = reader.allowLints(
                    node, for: AppID(name), known: Lint.everyPlatform.map(\.id), positions: &allowancePositions)
            }
            if let node = fields.first(where: { $0.key == "concurrencyMode" })?.value,
                let mode = reader.choice(node, HarmonyVocabulary.concurrencyModes, what: "concurrency mode")
            {
                sessionModes[AppID(name)] = mode
            }
            var scene: SessionScene?
            if let node = fields.first(where: { $0.key == "sessionScene" })?.value { scene = sessionScene(node) }
            var reactions: [InterruptHint: HarmonyReaction] = [:]
            if let node = fields.first(where: { $0.key == "reactions" })?.value { reactions = decodeReactions(node) }
            apps.append(HarmonyAppConfig(AppID(name), streams: streams, reactions: reactions, sessionScene: scene))
        }
    }

    /// A cross-platform file's shared `players:` (iOS's kinds): each a stream of its name playing `usage` (music by
    /// default), a recorder a capturer from the mic.
    mutating func sharedPlayers(_ node: Node, usage usageNode: Node?) -> [StreamConfig] {
        guard let entries = reader.mapping(node, expected: "a mapping from player names to kinds") else { return [] }
        let usage = usageNode.flatMap { reader.choice($0, HarmonyVocabulary.usages, what: "stream usage") }
        return entries.map { name, _, value in
            let kind =
                reader.text(value)
                ?? (reader.mapping(value, expected: "a player").flatMap { fields in
                    fields.first { $0.key == "kind" }.flatMap { reader.text($0.value) }
                })
            return kind == "recorder"
                ? StreamConfig(name, kind: .audioCapturer, source: .mic)
                : StreamConfig(name, kind: .avPlayer, usage: usage)
        }
    }

    /// `streams: { player: music, voice: { kind: audioRenderer, usage: voiceCommunication } }`.
    mutating func decodeStreams(_ node: Node) -> [StreamConfig] {
        guard let entries = reader.mapping(node, expected: "a mapping from stream names to a usage or { kind, usage }")
        else { return [] }
        return entries.compactMap { name, _, value in
            if case .scalar = value {
                guard let usage = reader.choice(value, HarmonyVocabulary.usages, what: "stream usage") else {
                    return nil
                }
                return available(value, usage) ? StreamConfig(name, kind: .avPlayer, usage: usage) : nil
            }
            guard let fields = reader.mapping(value, expected: "a usage, or { kind, usage, source, interruptMode }")
            else { return nil }
            reader.onlyKeys(fields, Self.streamKeys, in: "stream '\(name)'")
            return stream(name, fields: fields, at: value)
        }
    }

    /// A stream from its fields: a capturer records from `source` (default mic), any other kind plays `usage`
    /// (default music).
    mutating func stream(_ name: String, fields: [(key: String, keyNode: Node, value: Node)], at node: Node)
        -> StreamConfig?
    {
        let errors = reader.diagnostics.count
        var config = StreamConfig(name, kind: .avPlayer)
        for (key, keyNode, value) in fields {
            switch key {
            case "kind": config.kind = reader.choice(value, HarmonyVocabulary.kinds, what: "stream kind") ?? config.kind
            case "usage":
                if let usage = reader.choice(value, HarmonyVocabulary.usages, what: "stream usage"),
                    available(value, usage)
                {
                    config.usage = usage
                }
                _ = keyNode
            case "source":
                if let source = reader.choice(value, HarmonyVocabulary.sources, what: "source type") {
                    if source.since > api {
                        reader.fail(
                            value, "source type \(source) needs API \(source.since); this scenario has api: \(api)",
                            expected: "api: \(source.since) or later, or another source type")
                    } else if focusTable == .openHarmony500 && !source.focusType.inOpenHarmony500 {
                        reader.fail(
                            value,
                            "source type \(source) has no cell in OpenHarmony 5.0.0's focus table, which this scenario "
                                + "takes (api: \(api)), so its start would fail",
                            expected: "api: 14 or later, profile: { focusTable: \"6.0\" }, or another source type")
                    }
                    config.source = source
                }
            case "interruptMode":
                config.interruptMode = reader.choice(value, HarmonyVocabulary.modes, what: "interrupt mode") ?? .share
            default: break
            }
        }
        if config.kind == .audioCapturer, let usage = fields.first(where: { $0.key == "usage" }) {
            reader.fail(usage.keyNode, "a capturer has no usage", expected: "source: mic (or another source type)")
        }
        if config.kind != .audioCapturer, let source = fields.first(where: { $0.key == "source" }) {
            reader.fail(
                source.keyNode, "a \(config.kind) plays and has no source",
                expected: "usage: music (or another usage), or kind: audioCapturer")
        }
        return reader.diagnostics.count == errors ? config : nil
    }

    /// A session scene (`media`, `game`, `voiceCommunication`), which needs API 20; an error at `node` when the
    /// scenario's API level is older.
    mutating func sessionScene(_ node: Node) -> SessionScene? {
        guard let scene = reader.choice(node, HarmonyVocabulary.scenes, what: "session scene") else { return nil }
        guard api >= SessionScene.since else {
            reader.fail(
                node, "session scene \(scene) needs API \(SessionScene.since); this scenario has api: \(api)",
                expected: "api: \(SessionScene.since), or an AudioSession without a scene")
            return nil
        }
        return scene
    }

    /// Whether the scenario's API level has the usage; an error at `node` when not.
    mutating func available(_ node: Node, _ usage: StreamUsage) -> Bool {
        guard let since = usage.since, since > api else { return true }
        reader.fail(
            node, "usage \(usage) needs API \(since); this scenario has api: \(api)",
            expected: "api: \(since) or later, or another usage")
        return false
    }

    /// `reactions: { resume: start, stop: release }`.
    mutating func decodeReactions(_ node: Node) -> [InterruptHint: HarmonyReaction] {
        guard let entries = reader.mapping(node, expected: "a mapping from interrupt hints to reactions") else {
            return [:]
        }
        var reactions: [InterruptHint: HarmonyReaction] = [:]
        for (key, keyNode, value) in entries {
            guard let hint = HarmonyVocabulary.hints.first(where: { $0.0 == key })?.1 else {
                let names = HarmonyVocabulary.hints.map(\.0)
                reader.fail(
                    keyNode, "unknown interrupt hint '\(key)'", expected: "one of: " + names.joined(separator: ", "),
                    suggestion: Suggestions.nearest(to: key, in: names))
                continue
            }
            if let reaction = reader.choice(value, HarmonyVocabulary.reactions, what: "reaction") {
                reactions[hint] = reaction
            }
        }
        return reactions
    }
}
