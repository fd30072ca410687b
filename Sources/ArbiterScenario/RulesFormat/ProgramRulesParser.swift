import ArbiterEngine
import Yams

/// Decodes and validates a rules file of `arbiter attach` (docs/linux.md): each program rule is an app
/// declaration of the scenario format with a `match:` of stream properties, read by the scenario decoder itself.
public enum ProgramRulesParser {
    static let topKeys = ["ios", "profile", "device", "pause", "endNotifiesOthers", "rolePolicy", "programs"]
    static let deviceKeys = ["ringer", "locked"]

    /// Decodes `text` (the contents of `file`). Every problem is reported, in file order.
    public static func parse(_ text: String, file: String) -> Result<ProgramRules, ScenarioErrors> {
        if text.utf8.count > ScenarioParser.maximumBytes {
            return .failure(
                ScenarioErrors([
                    Diagnostic(
                        SourcePosition(file: file, line: 1, column: 1),
                        "the file is \(text.utf8.count) bytes",
                        expected: "rules of at most \(ScenarioParser.maximumBytes) bytes")
                ]))
        }
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            return .failure(ScenarioErrors([ScenarioParser.diagnostic(for: error, file: file)]))
        } catch {
            return .failure(
                ScenarioErrors([
                    Diagnostic(
                        SourcePosition(file: file, line: 1, column: 1),
                        "the file is not YAML (\(error))", expected: "a YAML rules file")
                ]))
        }
        var rules = ProgramRules(file: file)
        guard let root else { return .success(rules) }  // an empty file: the role defaults alone
        var decoder = ScenarioDecoder(reader: YAMLReader(file: file))
        decoder.profile = rules.profile
        decode(root, into: &rules, &decoder)
        if decoder.reader.diagnostics.isEmpty { return .success(rules) }
        return .failure(ScenarioErrors(decoder.reader.diagnostics))
    }

    static func decode(_ root: Node, into rules: inout ProgramRules, _ decoder: inout ScenarioDecoder) {
        guard
            let entries = decoder.reader.mapping(
                root,
                expected: "a mapping with programs (and ios, profile, device, pause, endNotifiesOthers, rolePolicy)")
        else { return }
        decoder.reader.onlyKeys(entries, topKeys, in: "the rules")
        // The release first, wherever it is written: the profile's choices start from its defaults.
        if let value = entries.first(where: { $0.0 == "ios" })?.2 {
            let releases = ScenarioDecoder.releases
            let range = Double(releases.lowerBound)...Double(releases.upperBound)
            if let number = decoder.reader.number(value, key: "ios", in: range) {
                if number != number.rounded() {
                    decoder.reader.fail(value, "ios is \(number)", expected: "a whole iOS version such as 16 or 17")
                }
                rules.ios = Int(number)
                rules.profile = ProgramRules.liveProfile(ios: rules.ios)
                decoder.profile = rules.profile
            }
        }
        for (key, _, value) in entries {
            switch key {
            case "ios": break
            case "profile":
                decoder.decodeProfile(value)
                rules.profile = decoder.profile
            case "device":
                guard let fields = decoder.reader.mapping(value, expected: "a mapping with ringer and locked") else {
                    continue
                }
                decoder.reader.onlyKeys(fields, deviceKeys, in: "the device (its accessories are the real ones)")
                for (field, _, setting) in fields {
                    switch field {
                    case "ringer":
                        rules.device.ringer =
                            decoder.reader.choice(setting, Vocabulary.ringer, what: "ringer position") ?? .ring
                    case "locked": rules.device.locked = decoder.reader.bool(setting, key: field) ?? false
                    default: break
                    }
                }
            case "pause":
                rules.pause =
                    decoder.reader.choice(value, PauseMethod.allCases.map { ($0.rawValue, $0) }, what: "pause method")
                    ?? rules.pause
            case "endNotifiesOthers":
                rules.endNotifiesOthers = decoder.reader.bool(value, key: key) ?? rules.endNotifiesOthers
            case "rolePolicy":
                rules.rolePolicy =
                    decoder.reader.choice(
                        value, RolePolicyStance.allCases.map { ($0.rawValue, $0) },
                        what: "role policy stance") ?? rules.rolePolicy
            case "programs":
                for item in decoder.reader.list(value, expected: "a list of program rules, each with match:") ?? [] {
                    if let rule = programRule(item, &decoder) { rules.programs.append(rule) }
                }
            default: break
            }
        }
    }

    /// `- match: {...}` with `app:` or `system:`, and the app's declaration as in a scenario's `apps:`.
    static func programRule(_ node: Node, _ decoder: inout ScenarioDecoder) -> ProgramRule? {
        guard
            let entries = decoder.reader.mapping(node, expected: "a program rule: match, then app and its declaration")
        else { return nil }
        // Keys other than match, app and system are the app's declaration: the scenario decoder checks those, once.
        guard let matchNode = decoder.reader.require("match", in: entries, at: node, context: "the program rule"),
            let patterns = decoder.reader.mapping(
                matchNode, expected: "stream properties and their values, such as application.name: Lollypop")
        else { return nil }
        var match: [PropertyPattern] = []
        for (key, keyNode, value) in patterns {
            guard key.contains("."), key.allSatisfy({ $0.isLetter || $0.isNumber || "._-".contains($0) }) else {
                decoder.reader.fail(
                    keyNode, "'\(key)' is not a stream property",
                    expected:
                        "a property such as application.name, application.process.binary, media.role or media.category")
                continue
            }
            if let text = decoder.reader.text(value), !decoder.reader.isNull(value) {
                match.append(PropertyPattern(key, text))
            } else {
                decoder.reader.fail(
                    value, "\(key) is \(decoder.reader.describe(value))",
                    expected: "the property's text, where * stands for any characters")
            }
        }
        if patterns.isEmpty {
            decoder.reader.fail(matchNode, "the match is empty", expected: "at least one stream property")
        }
        var system: SystemAudio?
        if let systemNode = entries.first(where: { $0.key == "system" })?.value {
            system = decoder.reader.choice(
                systemNode, SystemAudio.allCases.map { ($0.rawValue, $0) }, what: "system audio")
            if let appEntry = entries.first(where: { $0.key != "match" && $0.key != "system" }) {
                decoder.reader.fail(
                    appEntry.keyNode, "a rule with system: stands for the system's own audio, not an app",
                    expected: "match and system alone")
            }
        }
        var name = AppID("")
        if let appNode = entries.first(where: { $0.key == "app" })?.value {
            if let text = decoder.reader.string(appNode, expected: "an app name"), AppID.isValid(text) {
                name = AppID(text)
            } else if let text = decoder.reader.text(appNode) {
                decoder.reader.fail(
                    appNode, "'\(text)' cannot be an app name", expected: "letters, digits, '-' and '_'")
            }
        }
        // The declaration is the rule's own keys but match, app and system, read as a scenario's app.
        let declaration = Node.mapping(
            Node.Mapping(
                entries.filter { !["match", "app", "system"].contains($0.key) }
                    .map { ($0.keyNode, $0.value) }))
        // Decoded under the app's name, or a stand-in for the program's own until a stream is seen.
        guard var config = decoder.decodeApp(name.name.isEmpty ? AppID("program") : name, declaration) else {
            return nil
        }
        config.name = name
        return ProgramRule(position: decoder.reader.position(matchNode), match: match, app: config, system: system)
    }
}
