import ArbiterEngine
import ArbiterLint
import Yams

/// Turns a composed YAML tree into a `Scenario`, reporting every problem with its position.
struct ScenarioDecoder {
    var reader: YAMLReader
    var apps: [AppConfig] = []
    /// Each app's declared player names, for checking verbs and expectations.
    var players: [AppID: [String]] = [:]
    var profile = Profile()
    /// The scenario's iOS generation: verbs that need a later iOS are errors.
    var ios = 17
    /// Where the apps' declarations are written.
    var declarations = DeclarationPositions()
    /// The lints the file silences.
    var lintAllowances = LintAllowances()
    /// Where each allowance is written.
    var allowancePositions: [LintAllowances.Entry: SourcePosition] = [:]

    static let topKeys = ["scenario", "description", "ios", "profile", "device", "apps", "steps", "allowLints"]

    mutating func decode(_ root: Node) -> Scenario? {
        guard
            let top = reader.scenarioTop(
                root, keys: ScenarioDecoder.topKeys, expected: "a mapping with scenario, apps and steps")
        else {
            return nil
        }
        var ios = 17
        let releases = ScenarioDecoder.releases
        if let node = top.value("ios"),
            let number = reader.number(node, key: "ios", in: Double(releases.lowerBound)...Double(releases.upperBound))
        {
            if number != number.rounded() {
                reader.fail(node, "ios is \(number)", expected: "a whole iOS version such as 16 or 17")
            }
            ios = Int(number)
        }
        self.ios = ios
        profile = Profile(ios: ios)
        if let node = top.value("profile") { decodeProfile(node) }
        if let node = top.value("allowLints") { lintAllowances.everywhere = decodeAllowLints(node, for: nil) }
        if let node = reader.require("apps", in: top.entries, at: root, context: "the scenario") { decodeApps(node) }
        // Steps and checks may name the built-in Music app, which the engine adds: it is known while they are read.
        let declared = apps
        if let music = Setup(profile: profile, apps: apps).musicApp {
            apps.append(music)
            players[music.name] = music.players.map(\.name)
        }
        var device = DeviceConfig()
        if let node = top.value("device") { device = decodeDevice(node) }
        var steps: [ScenarioStep] = []
        if let node = reader.require("steps", in: top.entries, at: root, context: "the scenario") {
            steps = decodeSteps(node, ios: ios)
        }
        guard reader.diagnostics.isEmpty else { return nil }
        var scenario = Scenario(
            file: reader.file, title: top.title, description: top.description,
            setup: Setup(ios: ios, profile: profile, device: device, apps: declared), steps: steps,
            declarations: declarations, lintAllowances: lintAllowances)
        scenario.allowancePositions = allowancePositions
        return scenario
    }

    // MARK: Profile

    mutating func decodeProfile(_ node: Node) {
        guard let entries = reader.mapping(node, expected: "a mapping of tunables") else { return }
        reader.onlyKeys(entries, Vocabulary.profileKeys, in: "the profile")
        for (key, _, value) in entries {
            switch key {
            case "duckLevel": if let level = reader.number(value, key: key, in: 0...1) { profile.duckLevel = level }
            case "duckRamp": if let ramp = reader.duration(value, key: key) { profile.duckRamp = ramp }
            case "idleBackgroundSuspension":
                if reader.text(value) == "never" {
                    profile.idleBackgroundSuspension = nil
                } else if let limit = reader.duration(value, key: key, orWord: "never") {
                    profile.idleBackgroundSuspension = limit
                }
            default:
                if let path = Profile.switches.first(where: { $0.name == key })?.value,
                    let flag = reader.bool(value, key: key)
                {
                    profile[keyPath: path] = flag
                }
            }
        }
    }

    // MARK: Apps

    static let appKeys = [
        "backgroundModes", "category", "mode", "options", "players", "remoteCommands", "reactions",
        "allowLints",
    ]
    static let playerKeys = [
        "kind", "title", "duration", "fails", "items", "updatesNowPlayingInfoCenter", "video",
        "generatesPlaybackNotifications", "stream", "automaticallyWaitsToMinimizeStalling",
    ]

    mutating func decodeApps(_ node: Node) {
        guard let entries = reader.mapping(node, expected: "a mapping from app names to their declarations") else {
            return
        }
        if entries.isEmpty { reader.fail(node, "no apps are declared", expected: "at least one app") }
        for (name, keyNode, value) in entries {
            if !AppID.isValid(name) || ["device", "system", "expect", "at", "after", "fails"].contains(name) {
                reader.fail(
                    keyNode, "'\(name)' cannot be an app name",
                    expected: "letters, digits, '-' and '_', and not device, system, expect, at, after or fails")
                continue
            }
            declarations.note([], of: AppID(name), at: reader.position(keyNode))
            if let config = decodeApp(AppID(name), value) {
                apps.append(config)
                players[config.name] = config.players.map(\.name)
            }
        }
    }

    mutating func decodeApp(_ id: AppID, _ node: Node) -> AppConfig? {
        var config = AppConfig(id)
        if reader.isNull(node) { return config }
        guard let entries = reader.mapping(node, expected: "the app's declaration (category, options, players, ...)")
        else { return nil }
        // A misspelt key is one mistake too: a category or options it kept from being read are not a second one.
        let errorsBefore = reader.diagnostics.count
        reader.onlyKeys(entries, ScenarioDecoder.appKeys, in: "app '\(id)'")
        var categoryNode: Node?
        for (key, keyNode, value) in entries {
            declarations.note([key], of: id, at: reader.position(key == "allowLints" ? keyNode : value))
            switch key {
            case "backgroundModes":
                let modes = (reader.list(value, expected: "a list of background modes") ?? [])
                    .compactMap { reader.choice($0, Vocabulary.backgroundModes, what: "background mode") }
                config.backgroundModes = Set(modes)
            case "category":
                categoryNode = value
                if let category = reader.choice(value, Vocabulary.categories, what: "category") {
                    config.category = category
                }
            case "mode":
                if let mode = self.mode(value) { config.mode = mode }
            case "options":
                config.options = options(value)
                let items: [Node] = if case .sequence(let sequence) = value { Array(sequence) } else { [value] }
                for item in items {
                    if let text = reader.text(item) {
                        declarations.note(["options", text], of: id, at: reader.position(item))
                    }
                }
            case "players":
                if let players = decodePlayers(value, app: id) { config.players = players }
                if case .mapping(let players) = value {
                    for (name, _) in players {
                        if let text = reader.text(name) {
                            declarations.note(["players", text], of: id, at: reader.position(name))
                        }
                    }
                }
            case "remoteCommands":
                config.remoteCommands = (reader.list(value, expected: "a list of remote commands") ?? [])
                    .compactMap { reader.choice($0, Vocabulary.commands, what: "remote command") }
            case "reactions":
                config.reactions = decodeReactions(value)
                if case .mapping(let reactions) = value {
                    for (trigger, _) in reactions {
                        if let text = reader.text(trigger) {
                            declarations.note(["reactions", text], of: id, at: reader.position(trigger))
                        }
                    }
                }
            case "allowLints":
                lintAllowances.perApp[id] = decodeAllowLints(value, for: id)
            default: break
            }
        }
        // A category, mode or option already reported is one mistake: no second error for the combination.
        if errorsBefore == reader.diagnostics.count,
            let error = Engine.configurationError(
                category: config.category, mode: config.mode, options: config.options,
                profile: profile)
        {
            let at = entries.first { $0.key == "options" }?.value ?? categoryNode ?? node
            reader.fail(
                at,
                "category \(config.category) with options \(config.options) fails with \(error.code) "
                    + "(\(error.code.codeText)): \(error.rule.statement)",
                expected: "options the category accepts (see `arbiter rules options`)")
        }
        return config
    }

    /// `allowLints: { nowplaying.stale-rate: "why it is allowed" }`: lint identifiers, each with its reason.
    mutating func decodeAllowLints(_ node: Node, for app: AppID?) -> [String: String] {
        guard
            let entries = reader.mapping(
                node,
                expected: "a mapping from lint identifiers to the reason each is "
                    + "allowed, such as { nowplaying.stale-rate: \"the scenario shows the stale lock screen\" }")
        else { return [:] }
        var allowed: [String: String] = [:]
        // The other platforms' identifiers are known too: a cross-platform file's projection leaves each platform its
        // own, and a single platform's file naming another's is told it silences nothing.
        let ids = Lint.everyPlatform.map(\.id)
        for (id, keyNode, value) in entries {
            guard ids.contains(id) else {
                reader.fail(
                    keyNode, "unknown lint '\(id)'", expected: "a lint identifier (`arbiter lints` lists them)",
                    suggestion: Suggestions.nearestLint(to: id, in: ids))
                continue
            }
            guard let reason = reader.text(value), !reader.isNull(value),
                reason.contains(where: { !$0.isWhitespace })
            else {
                reader.fail(
                    value, "lint \(id) is allowed without a reason",
                    expected: "the reason it is allowed, as text")
                continue
            }
            allowed[id] = reason
            allowancePositions[LintAllowances.Entry(app: app, lint: id)] = reader.position(keyNode)
        }
        return allowed
    }

    mutating func options(_ node: Node) -> CategoryOptions {
        CategoryOptions(
            (reader.list(node, expected: "a list of category options") ?? [])
                .compactMap { option($0) })
    }

    mutating func decodePlayers(_ node: Node, app: AppID) -> [PlayerConfig]? {
        guard let entries = reader.mapping(node, expected: "a mapping from player names to kinds") else { return nil }
        var result: [PlayerConfig] = []
        for (name, keyNode, value) in entries {
            if name.isEmpty {
                reader.fail(keyNode, "a player has an empty name", expected: "a player name")
                continue
            }
            if case .scalar = value {
                if let kind = reader.choice(value, Vocabulary.playerKinds, what: "player kind") {
                    result.append(PlayerConfig(name: name, kind: kind))
                }
                continue
            }
            guard let fields = reader.mapping(value, expected: "a player kind, or { kind, title, duration, ... }")
            else { continue }
            reader.onlyKeys(fields, ScenarioDecoder.playerKeys, in: "player '\(name)'")
            guard let kindNode = reader.require("kind", in: fields, at: value, context: "player '\(name)'"),
                let kind = reader.choice(kindNode, Vocabulary.playerKinds, what: "player kind")
            else { continue }
            var config = PlayerConfig(name: name, kind: kind)
            var item = PlayerItem()
            var items: [PlayerItem] = []
            for (key, keyNode, field) in fields {
                switch key {
                case "title": item.title = reader.string(field, expected: "a title")
                case "duration": item.duration = reader.number(field, key: "duration", in: 0...1e7)
                case "fails": item.fails = reader.bool(field, key: key) ?? false
                case "items": items = decodeItems(field)
                case "stream", "automaticallyWaitsToMinimizeStalling":
                    guard [.avPlayer, .queuePlayer, .playerViewController].contains(kind) else {
                        reader.fail(
                            keyNode, "\(key) is for AVPlayer; player '\(name)' is of kind \(kind)",
                            expected: "kind avPlayer, queuePlayer or playerViewController")
                        continue
                    }
                    let flag = reader.bool(field, key: key)
                    if key == "stream" {
                        config.streams = flag ?? false
                    } else {
                        config.automaticallyWaitsToMinimizeStalling = flag ?? true
                    }
                case "updatesNowPlayingInfoCenter":
                    config.updatesNowPlayingInfoCenter = reader.bool(field, key: key) ?? true
                case "video": config.showsVideo = reader.bool(field, key: key) ?? config.showsVideo
                case "generatesPlaybackNotifications":
                    config.generatesPlaybackNotifications = reader.bool(field, key: key) ?? false
                default: break
                }
            }
            config.items = (item.title != nil || item.duration != nil || item.fails ? [item] : []) + items
            result.append(config)
        }
        return result
    }

    mutating func decodeItems(_ node: Node) -> [PlayerItem] {
        (reader.list(node, expected: "a list of items, each { title, duration }") ?? []).compactMap { itemNode in
            guard let fields = reader.mapping(itemNode, expected: "an item { title, duration, fails }") else {
                return nil
            }
            reader.onlyKeys(fields, ["title", "duration", "fails"], in: "an item")
            var item = PlayerItem()
            for (key, _, field) in fields {
                if key == "title" { item.title = reader.string(field, expected: "a title") }
                if key == "duration" { item.duration = reader.number(field, key: "duration", in: 0...1e7) }
                if key == "fails" { item.fails = reader.bool(field, key: key) ?? false }
            }
            return item
        }
    }

    mutating func decodeReactions(_ node: Node) -> [ReactionTrigger: Reaction] {
        guard let entries = reader.mapping(node, expected: "a mapping from what the app is told to what it does")
        else { return [:] }
        var reactions: [ReactionTrigger: Reaction] = [:]
        for (key, keyNode, value) in entries {
            guard let trigger = ReactionTrigger(key: key) else {
                reader.fail(
                    keyNode, "unknown reaction trigger '\(key)'",
                    expected: "one of: " + ReactionTrigger.notifications.map(\.description).joined(separator: ", ")
                        + ", or remote.<command>",
                    suggestion: Suggestions.nearest(to: key, in: Vocabulary.triggers))
                continue
            }
            if let reaction = reader.choice(value, Vocabulary.reactions, what: "reaction") {
                reactions[trigger] = reaction
            }
        }
        return reactions
    }

    // MARK: Device

    static let deviceKeys = ["accessories", "ringer", "locked", "foreground", "callStyle"]
    static let accessoryKeys = ["accessory", "name"]

    mutating func decodeDevice(_ node: Node) -> DeviceConfig {
        var device = DeviceConfig()
        guard
            let entries = reader.mapping(
                node, expected: "a mapping with accessories, ringer, locked, foreground, callStyle")
        else { return device }
        reader.onlyKeys(entries, ScenarioDecoder.deviceKeys, in: "the device")
        for (key, _, value) in entries {
            switch key {
            case "accessories":
                let items = reader.list(value, expected: "a list of accessories") ?? []
                device.accessories = items.compactMap { accessory($0) }
            case "ringer": device.ringer = reader.choice(value, Vocabulary.ringer, what: "ringer position") ?? .ring
            case "locked": device.locked = reader.bool(value, key: key) ?? false
            case "foreground": device.foreground = appName(value)
            case "callStyle":
                if let style = reader.choice(value, Vocabulary.callStyles, what: "call style"),
                    available(value, "call style \(style)", since: style.introduced)
                {
                    device.callStyle = style
                }
            default: break
            }
        }
        return device
    }

    /// `wiredHeadphones` or `{ accessory: bluetoothHeadset, name: AirPods }`.
    mutating func accessory(_ node: Node) -> AccessorySpec? {
        if case .scalar = node {
            return reader.choice(node, Vocabulary.accessories, what: "accessory").map { AccessorySpec($0) }
        }
        guard let fields = reader.mapping(node, expected: "an accessory, or { accessory, name }") else { return nil }
        reader.onlyKeys(fields, ScenarioDecoder.accessoryKeys, in: "an accessory")
        guard let kindNode = reader.require("accessory", in: fields, at: node, context: "the accessory"),
            let kind = reader.choice(kindNode, Vocabulary.accessories, what: "accessory")
        else { return nil }
        let name = fields.first { $0.key == "name" }.flatMap { reader.string($0.value, expected: "a name") }
        return AccessorySpec(kind, name: name)
    }

    /// A declared app's name.
    mutating func appName(_ node: Node) -> AppID? {
        guard let text = reader.string(node, expected: "an app name") else { return nil }
        if apps.contains(where: { $0.name.name == text }) { return AppID(text) }
        let names = apps.map(\.name.name)
        reader.fail(
            node, "unknown app '\(text)'",
            expected: names.isEmpty ? noApps : "one of the apps: " + names.joined(separator: ", "),
            suggestion: Suggestions.nearest(to: text, in: names))
        return nil
    }

    /// What is expected where an app is named and none is declared: in a file, or typed.
    var noApps: String {
        reader.readsWordPositions
            ? "an app, and there are none yet: declare one with `app NAME category=...`"
            : "an app declared under apps, and there are none"
    }
}
