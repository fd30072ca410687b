import ArbiterAndroid
import ArbiterEngine
import Yams

extension AndroidScenarioDecoder {
    static let appKeys = [
        "uid", "targetSdk", "usage", "contentType", "focusGain", "willPauseWhenDucked",
        "acceptsDelayedFocusGain", "locksFocus", "receivesDuckEvents", "players", "reactions", "allowLints",
    ]
    static let playerKeys = ["kind", "usage", "contentType"]

    /// The apps, in declaration order; returns where each name is written.
    mutating func decodeApps(_ node: Node) -> [AppID: SourcePosition] {
        guard let entries = reader.mapping(node, expected: "a mapping from app names to their declarations") else {
            return [:]
        }
        if entries.isEmpty { reader.fail(node, "no apps are declared", expected: "at least one app") }
        var positions: [AppID: SourcePosition] = [:]
        for (index, entry) in entries.enumerated() {
            let name = entry.key
            if !AppID.isValid(name) || AndroidVocabulary.reservedNames.contains(name) {
                reader.fail(
                    entry.keyNode, "'\(name)' cannot be an app name",
                    expected: "letters, digits, '-' and '_', "
                        + "and none of " + AndroidVocabulary.reservedNames.joined(separator: ", "))
                continue
            }
            let id = AppID(name)
            positions[id] = reader.position(entry.keyNode)
            // An app whose declaration is unreadable is still known by name, so steps naming it are not errors too.
            let app =
                decodeApp(id, entry.value, uid: 10_001 + index)
                ?? AndroidApp(name: id, uid: 10_001 + index, targetSdk: sdk)
            apps.append(app)
            players[id] = app.players.map(\.name)
        }
        return positions
    }

    /// One app's declaration.
    mutating func decodeApp(_ id: AppID, _ node: Node, uid: Int) -> AndroidApp? {
        var app = AndroidApp(name: id, uid: uid, targetSdk: sdk)
        if reader.isNull(node) { return app }
        guard
            let entries = reader.mapping(
                node,
                expected: "the app's declaration (usage, contentType, focusGain, "
                    + "players, reactions, ...)")
        else { return nil }
        reader.onlyKeys(entries, Self.appKeys, in: "app '\(id)'")
        var playersNode: Node?
        for (key, _, value) in entries {
            switch key {
            case "uid": if let number = whole(value, key: key, in: 0...2_147_483_647) { app.uid = number }
            case "targetSdk": if let number = whole(value, key: key, in: 1...99) { app.targetSdk = number }
            case "usage":
                if let usage = reader.androidChoice(
                    value, AndroidVocabulary.usages, what: "usage",
                    prefixes: AndroidVocabulary.usagePrefixes)
                {
                    app.attributes.usage = usage
                }
            case "contentType":
                if let type = reader.androidChoice(
                    value, AndroidVocabulary.contentTypes, what: "content type",
                    prefixes: AndroidVocabulary.contentTypePrefixes)
                {
                    app.attributes.contentType = type
                }
            case "focusGain":
                if let gain = reader.androidChoice(
                    value, AndroidVocabulary.gains, what: "focus gain",
                    prefixes: AndroidVocabulary.focusPrefixes)
                {
                    app.focusGain = gain
                }
            case "willPauseWhenDucked": if let flag = reader.bool(value, key: key) { app.willPauseWhenDucked = flag }
            case "acceptsDelayedFocusGain":
                if let flag = reader.bool(value, key: key) { app.acceptsDelayedFocusGain = flag }
            case "locksFocus": if let flag = reader.bool(value, key: key) { app.locksFocus = flag }
            case "receivesDuckEvents": if let flag = reader.bool(value, key: key) { app.receivesDuckEvents = flag }
            case "players": playersNode = value
            case "reactions": app.reactions = decodeReactions(value)
            case "allowLints": lintAllowances.perApp[id] = decodeAllowLints(value, for: id)
            default: break
            }
        }
        // Players last: a player's attributes it does not give are the app's.
        if let playersNode, let players = decodePlayers(playersNode, app: app) { app.players = players }
        return app
    }

    /// A whole number in `range`.
    mutating func whole(_ node: Node, key: String, in range: ClosedRange<Int>) -> Int? {
        guard let number = reader.number(node, key: key, in: Double(range.lowerBound)...Double(range.upperBound))
        else { return nil }
        guard number == number.rounded() else {
            reader.fail(
                node, "\(key) is \(YAMLReader.format(number))",
                expected: "a whole number from \(range.lowerBound) to \(range.upperBound)")
            return nil
        }
        return Int(number)
    }

    /// `players: { main: mediaPlayer, voice: { kind: audioTrack, usage: ..., contentType: ... } }`.
    mutating func decodePlayers(_ node: Node, app: AndroidApp) -> [AndroidPlayer]? {
        guard let entries = reader.mapping(node, expected: "a mapping from player names to kinds") else { return nil }
        if entries.isEmpty {
            reader.fail(
                node, "app '\(app.name)' declares no players",
                expected: "at least one player, or no players key "
                    + "(one `main` mediaPlayer)")
        }
        var result: [AndroidPlayer] = []
        for (name, keyNode, value) in entries {
            if name.isEmpty {
                reader.fail(keyNode, "a player has an empty name", expected: "a player name")
                continue
            }
            if reader.isNull(value) {
                result.append(AndroidPlayer(name: name))
                continue
            }
            // A player whose kind is unreadable is still known by name, so steps naming it are not errors too.
            if case .scalar = value {
                result.append(AndroidPlayer(name: name, kind: playerKind(value) ?? .mediaPlayer))
                continue
            }
            guard let fields = reader.mapping(value, expected: "a player kind, or { kind, usage, contentType }") else {
                result.append(AndroidPlayer(name: name))
                continue
            }
            reader.onlyKeys(fields, Self.playerKeys, in: "player '\(name)'")
            var player = AndroidPlayer(name: name)
            var attributes = app.attributes
            var own = false
            for (key, _, field) in fields {
                switch key {
                case "kind": player.kind = playerKind(field) ?? player.kind
                case "usage":
                    own = true
                    attributes.usage =
                        reader.androidChoice(
                            field, AndroidVocabulary.usages, what: "usage",
                            prefixes: AndroidVocabulary.usagePrefixes) ?? attributes.usage
                case "contentType":
                    own = true
                    attributes.contentType =
                        reader.androidChoice(
                            field, AndroidVocabulary.contentTypes,
                            what: "content type", prefixes: AndroidVocabulary.contentTypePrefixes)
                        ?? attributes.contentType
                default: break
                }
            }
            if own { player.attributes = attributes }
            result.append(player)
        }
        return result
    }

    /// Android's player kinds, and iOS's as a cross-platform file's shared `players:` names them.
    mutating func playerKind(_ node: Node) -> AndroidPlayerKind? {
        if reader.text(node) == "recorder" {
            reader.fail(
                node, "player kind 'recorder' records: Android's focus has no recorder here",
                expected: "one of: " + AndroidPlayerKind.allCases.map(\.rawValue).joined(separator: ", "))
            return nil
        }
        return reader.androidChoice(
            node, AndroidVocabulary.playerKinds, what: "player kind",
            names: AndroidPlayerKind.allCases.map(\.rawValue))
    }

    /// `reactions: { focusLoss: [stop, abandonFocus], focusGain: resume }`.
    mutating func decodeReactions(_ node: Node) -> [FocusChange: [FocusReaction]] {
        guard
            let entries = reader.mapping(
                node,
                expected: "a mapping from the focus change the app is told to what "
                    + "its listener does")
        else { return [:] }
        var reactions: [FocusChange: [FocusReaction]] = [:]
        for (key, keyNode, value) in entries {
            let names = AndroidVocabulary.triggers.map(\.0)
            let trigger =
                AndroidVocabulary.lookup(key, in: AndroidVocabulary.triggers, prefixes: [])
                ?? AndroidVocabulary.lookup(
                    key, in: AndroidVocabulary.changes, prefixes: AndroidVocabulary.focusPrefixes)
            guard let trigger else {
                reader.fail(
                    keyNode, "unknown focus change '\(key)'", expected: "one of: " + names.joined(separator: ", "),
                    suggestion: Suggestions.nearest(to: key, in: names))
                continue
            }
            let items = reader.list(value, expected: "a reaction, or a list of reactions") ?? []
            if items.isEmpty {
                reader.fail(
                    value, "\(key) has no reaction",
                    expected: "one of: "
                        + FocusReaction.allCases.map(\.rawValue).joined(separator: ", ") + ", or a list of them")
            }
            let list = items.compactMap { reader.androidChoice($0, AndroidVocabulary.reactions, what: "reaction") }
            if list.count == items.count, !list.isEmpty { reactions[trigger] = list }
        }
        return reactions
    }
}
