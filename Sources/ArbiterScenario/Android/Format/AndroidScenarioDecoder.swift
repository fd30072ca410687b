import ArbiterAndroid
import ArbiterEngine
import ArbiterLint
import Yams

/// Turns a composed YAML tree into an `AndroidScenario`, reporting every problem with its position.
struct AndroidScenarioDecoder {
    var reader: YAMLReader
    var platform = FocusPlatform.phone
    /// The device's API level.
    var sdk = 34
    var apps: [AndroidApp] = []
    /// Each app's declared player names, in order, for checking verbs and expectations.
    var players: [AppID: [String]] = [:]
    /// The lints the file silences, and where each allowance is written.
    var lintAllowances = LintAllowances()
    var allowancePositions: [LintAllowances.Entry: SourcePosition] = [:]

    /// `sdk` is `android: { sdk: N }` as a cross-platform file's projection leaves it (its `android:` mapping merged
    /// into the top level).
    static let topKeys = [
        "scenario", "description", "platform", "android", "sdk", "profile", "device", "apps",
        "allowLints", "steps",
    ]

    /// A decoder for a whole scenario file.
    init(reader: YAMLReader) {
        self.reader = reader
    }

    /// A decoder for steps of a run whose setup is known.
    init(reader: YAMLReader, setup: AndroidSetup) {
        self.reader = reader
        platform = setup.platform
        sdk = setup.sdk
        apps = setup.apps
        for app in setup.apps { players[app.name] = app.players.map(\.name) }
    }

    static let platforms: [(String, FocusPlatform)] = [("android", .phone), ("androidAutomotive", .car)]

    mutating func decode(_ root: Node) -> AndroidScenario? {
        guard
            let top = reader.scenarioTop(
                root, keys: Self.topKeys, expected: "a mapping with scenario, platform, apps and steps")
        else {
            return nil
        }
        if let node = top.value("platform") { decodePlatform(node) }
        if let node = top.value("android") { sdk = decodeRelease(node) ?? sdk }
        if let entry = top.entries.first(where: { $0.key == "sdk" }) {
            if top.value("android") != nil {
                reader.fail(entry.keyNode, "the scenario has both 'android' and 'sdk'", expected: "one of them")
            } else if let level = apiLevel(entry.value) {
                sdk = level
            }
        }
        var profile = AndroidProfile(sdk: sdk)
        if let node = top.value("profile") { decodeProfile(node, into: &profile) }
        var ringerMode = RingerMode.normal
        if let node = top.value("device") { ringerMode = decodeDevice(node) }
        if let node = top.value("allowLints") { lintAllowances.everywhere = decodeAllowLints(node, for: nil) }
        var appPositions: [AppID: SourcePosition] = [:]
        if let node = reader.require("apps", in: top.entries, at: root, context: "the scenario") {
            appPositions = decodeApps(node)
        }
        var steps: [AndroidStep] = []
        if let node = reader.require("steps", in: top.entries, at: root, context: "the scenario") {
            steps = decodeSteps(node)
        }
        guard reader.diagnostics.isEmpty else { return nil }
        let setup = AndroidSetup(platform: platform, sdk: sdk, profile: profile, ringerMode: ringerMode, apps: apps)
        var scenario = AndroidScenario(
            file: reader.file, title: top.title, description: top.description, setup: setup,
            steps: steps, lintAllowances: lintAllowances, appPositions: appPositions)
        scenario.allowancePositions = allowancePositions
        return scenario
    }

    // MARK: Platform and release

    /// `platform: android | androidAutomotive`. A file with no platform is read as the phone's: the caller chose
    /// this format (a cross-platform file's projection names the platform of each half).
    mutating func decodePlatform(_ node: Node) {
        if reader.text(node) == "ios" {
            reader.fail(
                node, "platform is 'ios' in an Android scenario",
                expected: "android or androidAutomotive (an iOS scenario is read by the iOS format)")
        } else if let value = reader.choice(node, Self.platforms, what: "platform") {
            platform = value
        }
    }

    /// `android: 14`, `8.1`, `12L`, or `{ sdk: 34 }`: the API level.
    mutating func decodeRelease(_ node: Node) -> Int? {
        if case .mapping = node {
            guard let entries = reader.mapping(node, expected: "{ sdk: 34 }") else { return nil }
            reader.onlyKeys(entries, ["sdk"], in: "android")
            guard let sdkNode = reader.require("sdk", in: entries, at: node, context: "android") else { return nil }
            return apiLevel(sdkNode)
        }
        guard let text = reader.text(node), !reader.isNull(node) else {
            reader.fail(node, "android is \(reader.describe(node))", expected: AndroidVocabulary.releaseNames)
            return nil
        }
        if let release = AndroidVocabulary.releases.first(where: { $0.0.lowercased() == text.lowercased() }) {
            return release.1
        }
        reader.fail(
            node, "android is '\(text)', a release not modelled", expected: AndroidVocabulary.releaseNames,
            suggestion: Int(text).flatMap { AndroidVocabulary.sdks.contains($0) ? "{ sdk: \($0) }" : nil })
        return nil
    }

    /// `sdk: 34`: an API level modelled.
    mutating func apiLevel(_ node: Node) -> Int? {
        guard let number = reader.number(node, key: "sdk", in: 26...36) else { return nil }
        if number != number.rounded() {
            reader.fail(node, "sdk is \(YAMLReader.format(number))", expected: "a whole API level from 26 to 36")
            return nil
        }
        return Int(number)
    }

    // MARK: Profile and device

    static let profileKeys = [
        "duckLevel", "strongDuck", "strongDuckLevel", "duckRamp", "fadeOut", "fadeInOffendersAfter",
        "muteInCallAfter", "delayedRequestPropagatesLoss", "rejectNavigationDuringCall", "carDelayedFocus",
        "carDelayedLosesWhenRefused",
    ]

    mutating func decodeProfile(_ node: Node, into profile: inout AndroidProfile) {
        guard let entries = reader.mapping(node, expected: "a mapping of tunables") else { return }
        reader.onlyKeys(entries, Self.profileKeys, in: "the profile")
        for (key, _, value) in entries {
            switch key {
            case "duckLevel": if let level = reader.number(value, key: key, in: 0...1) { profile.duckLevel = level }
            case "strongDuck": if let flag = reader.bool(value, key: key) { profile.strongDuck = flag }
            case "strongDuckLevel":
                if let level = reader.number(value, key: key, in: 0...1) { profile.strongDuckLevel = level }
            case "duckRamp": if let time = reader.duration(value, key: key) { profile.duckRamp = time }
            case "fadeOut": if let time = reader.duration(value, key: key) { profile.fadeOut = time }
            case "fadeInOffendersAfter":
                if let time = reader.duration(value, key: key) { profile.fadeInOffendersAfter = time }
            case "muteInCallAfter": if let time = reader.duration(value, key: key) { profile.muteInCallAfter = time }
            case "delayedRequestPropagatesLoss":
                if let flag = reader.bool(value, key: key) { profile.delayedRequestPropagatesLoss = flag }
            case "rejectNavigationDuringCall":
                if let flag = reader.bool(value, key: key) { profile.rejectNavigationDuringCall = flag }
            case "carDelayedFocus": if let flag = reader.bool(value, key: key) { profile.carDelayedFocus = flag }
            case "carDelayedLosesWhenRefused":
                if let flag = reader.bool(value, key: key) { profile.carDelayedLosesWhenRefused = flag }
            default: break
            }
        }
    }

    /// `device: { ringerMode: vibrate }`.
    mutating func decodeDevice(_ node: Node) -> RingerMode {
        guard let entries = reader.mapping(node, expected: "a mapping with ringerMode") else { return .normal }
        reader.onlyKeys(entries, ["ringerMode"], in: "the device")
        guard let value = entries.first(where: { $0.key == "ringerMode" })?.value else { return .normal }
        return reader.androidChoice(
            value, AndroidVocabulary.ringerModes, what: "ringer mode",
            prefixes: AndroidVocabulary.ringerPrefixes) ?? .normal
    }

    /// `allowLints: { focus.ducking-by-hand: "why it is allowed" }` as on iOS, or a list of lint identifiers
    /// (`[focus.ducking-by-hand]`) with no reason. Every platform's identifiers are known: a cross-platform file's
    /// shared allowances reach each half.
    mutating func decodeAllowLints(_ node: Node, for app: AppID?) -> [String: String] {
        reader.allowLints(node, for: app, known: Lint.everyPlatform.map(\.id), positions: &allowancePositions)
    }

    // MARK: Names

    /// A declared app's name.
    mutating func appName(_ node: Node) -> AppID? {
        guard let text = reader.string(node, expected: "an app name") else { return nil }
        if apps.contains(where: { $0.name.name == text }) { return AppID(text) }
        let names = apps.map(\.name.name)
        reader.fail(
            node, "unknown app '\(text)'",
            expected: names.isEmpty
                ? "an app declared under apps, and there are none"
                : "one of the apps: " + names.joined(separator: ", "),
            suggestion: Suggestions.nearest(to: text, in: names))
        return nil
    }

    /// One of an app's players.
    mutating func playerName(_ node: Node, app: AppID) -> String? {
        reader.playerName(node, app: app, names: players[app] ?? [])
    }
}
