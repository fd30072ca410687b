import ArbiterEngine
import ArbiterHarmony
import ArbiterLint
import Yams

/// Turns a composed YAML tree into a `HarmonyScenario`, reporting every problem with its position.
struct HarmonyScenarioDecoder {
    var reader: YAMLReader
    /// The API level.
    var api = 20
    /// The profile's focus table (a source type it lacks is an error at the word).
    var focusTable = FocusTableVersion.openHarmony6
    var apps: [HarmonyAppConfig] = []
    var appPositions: [AppID: SourcePosition] = [:]
    /// Each app's declared `concurrencyMode`.
    var sessionModes: [AppID: ConcurrencyMode] = [:]
    var lintAllowances = LintAllowances()
    var allowancePositions: [LintAllowances.Entry: SourcePosition] = [:]

    /// `harmonyos` is the API level as a cross-platform file's projection leaves it (`harmonyos: 20`).
    static let topKeys = [
        "scenario", "description", "platform", "harmonyos", "api", "profile", "apps", "allowLints", "steps",
    ]
    /// The API levels modelled: HarmonyOS NEXT 5.0 (API 12) to 6.0 (API 20).
    static let apiLevels = HarmonySetup.apiLevels

    init(reader: YAMLReader) { self.reader = reader }

    mutating func decode(_ root: Node) -> HarmonyScenario? {
        guard
            let top = reader.scenarioTop(
                root, keys: Self.topKeys, expected: "a mapping with scenario, platform, apps and steps")
        else { return nil }
        if let node = top.value("platform"), reader.text(node) != "harmonyos" {
            reader.fail(node, "platform is \(reader.describe(node)) in a HarmonyOS scenario", expected: "harmonyos")
        }
        for key in ["harmonyos", "api"] {
            if let node = top.value(key), let level = apiLevel(node, key: key) { api = level }
        }
        var profile = HarmonyProfile(api: api)
        if let node = top.value("profile") { decodeProfile(node, into: &profile) }
        focusTable = profile.focusTable
        if let node = top.value("allowLints") {
            // Every platform's identifiers: a cross-platform file's shared allowances reach each half.
            lintAllowances.everywhere = reader.allowLints(
                node, for: nil, known: Lint.everyPlatform.map(\.id),
                positions: &allowancePositions)
        }
        if let node = reader.require("apps", in: top.entries, at: root, context: "the scenario") { decodeApps(node) }
        var steps: [HarmonyStep] = []
        if let node = reader.require("steps", in: top.entries, at: root, context: "the scenario") {
            steps = decodeSteps(node)
        }
        guard reader.diagnostics.isEmpty else { return nil }
        var scenario = HarmonyScenario(
            file: reader.file, title: top.title, description: top.description,
            setup: HarmonySetup(api: api, profile: profile, apps: apps), steps: steps)
        scenario.lintAllowances = lintAllowances
        scenario.allowancePositions = allowancePositions
        scenario.appPositions = appPositions
        return scenario
    }

    /// `api: 20`: an API level modelled.
    mutating func apiLevel(_ node: Node, key: String) -> Int? {
        if let text = reader.text(node), let level = Self.releaseLevels[text] {
            reader.fail(
                node, "\(key) is \(text), an OpenHarmony release, not an API level",
                expected: "its API level, \(level) (a whole API level from 12 to 20)")
            return nil
        }
        let range = Double(Self.apiLevels.lowerBound)...Double(Self.apiLevels.upperBound)
        guard let number = reader.number(node, key: key, in: range) else { return nil }
        guard number == number.rounded() else {
            reader.fail(node, "\(key) is \(YAMLReader.format(number))", expected: "a whole API level from 12 to 20")
            return nil
        }
        return Int(number)
    }

    /// OpenHarmony's releases and their API levels, for a file that names the release (reference D-VER).
    static let releaseLevels = [
        "4.0": 10, "4.1": 11, "5.0": 12, "5.0.0": 12, "5.0.1": 13, "5.0.2": 14, "5.0.3": 15, "5.1": 18, "5.1.0": 18,
        "6.0": 20, "6.1": 23,
    ]

    static let profileKeys = HarmonyProfile().tunables.map(\.name)

    mutating func decodeProfile(_ node: Node, into profile: inout HarmonyProfile) {
        guard let entries = reader.mapping(node, expected: "a mapping of choices") else { return }
        reader.onlyKeys(entries, Self.profileKeys, in: "the profile")
        for (key, _, value) in entries {
            switch key {
            case "focusTable":
                let tables = FocusTableVersion.allCases.map { ($0.rawValue, $0) }
                if let table = reader.choice(value, tables, what: "focus table") { profile.focusTable = table }
            case "pausedStreamsParticipate":
                if let flag = reader.bool(value, key: key) { profile.pausedStreamsParticipate = flag }
            case "silentModel":
                let models = SilentModel.allCases.map { ($0.rawValue, $0) }
                if let model = reader.choice(value, models, what: "silent model") { profile.silentModel = model }
            case "zeroVolumeIsSilent":
                if let flag = reader.bool(value, key: key) { profile.zeroVolumeIsSilent = flag }
            case "duckFactor":
                if let factor = reader.number(value, key: key, in: 0...1) { profile.duckFactor = factor }
            case "sessionTimeout":
                if let time = reader.duration(value, key: key) { profile.sessionTimeout = time }
            case "sceneSessionTimeout":
                if let time = reader.duration(value, key: key) { profile.sceneSessionTimeout = time }
            default: break
            }
        }
    }
}

/// The words HarmonyOS scenarios use, each an enum's raw value.
enum HarmonyVocabulary {
    static func table<T: RawRepresentable & CaseIterable>(_: T.Type) -> [(String, T)] where T.RawValue == String {
        T.allCases.map { ($0.rawValue, $0) }
    }
    static let usages = StreamUsage.forApps.map { ($0.rawValue, $0) }
    static let sources = table(SourceType.self)
    static let kinds = table(StreamKind.self)
    static let modes = table(InterruptMode.self)
    static let concurrencyModes = table(ConcurrencyMode.self)
    static let scenes = table(SessionScene.self)
    static let reactions = table(HarmonyReaction.self)
    static let hints = table(InterruptHint.self).filter { $0.1 != .none }
    static let states = table(StreamState.self)
    static let focusStates = table(FocusEntryState.self).filter { $0.1 != .placeholder }
    /// The system's verbs; `declineCall`, `assistant`, `siri` and `alarm` (`{ alarm: begin }`) are the words
    /// a cross-platform file shares with the other platforms.
    static let systemVerbs =
        HarmonySystemAction.allCases.map(\.rawValue) + ["declineCall", "assistant", "siri", "alarm"]
    /// The apps' verbs; `activate`, `deactivate` (the AudioSession's), `foreground`, `background` and `terminate`
    /// are shared with the other platforms.
    static let appVerbs = [
        "start", "play", "pause", "stop", "release", "setInterruptMode", "setSilentMode", "setVolume",
        "activateSession", "deactivateSession", "setAudioSessionScene", "activate", "deactivate", "foreground",
        "background", "terminate",
    ]
}
