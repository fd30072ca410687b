import ArbiterEngine
import ArbiterScenario

/// Who a stream is: the app (or system audio) its rule or its role's default makes it, and why.
public struct ProgramIdentity: Sendable, Equatable {
    /// The app's name before it is made unique (`Lollypop`, `Maps`); empty for system audio.
    public var baseName: String
    /// The app declaration, named `baseName`; nil for system audio.
    public var app: AppConfig?
    public var system: SystemAudio?
    /// Whether the stream records (a capture stream) rather than plays.
    public var captures: Bool
    /// What decided it: `rules.yaml:12:5` for a rule, `role.music` for a default.
    public var because: String
    /// A line for the log when the program gets a default for a role no default knows.
    public var unknownRole: String?

    /// The identity of a stream with `properties` (`media.class` among them) under `rules`.
    public static func of(_ properties: [String: String], rules: ProgramRules) -> ProgramIdentity {
        let captures = properties["media.class"]?.hasPrefix("Stream/Input") ?? false
        let programName = ProgramIdentity.name(from: properties)
        if let rule = rules.programs.first(where: { $0.matches(properties) }) {
            var app = rule.app
            let name = app.name.name.isEmpty ? programName : app.name.name
            app.name = AppID(name)
            if captures, !app.players.contains(where: { $0.kind.isRecorder }) {
                app.players.append(PlayerConfig(name: "recorder", kind: .recorder))
            }
            return ProgramIdentity(
                baseName: rule.system == nil ? name : "", app: rule.system == nil ? app : nil,
                system: rule.system, captures: captures, because: "\(rule.position)", unknownRole: nil)
        }
        let role = properties["media.role"]
        var (chosen, known) = RoleDefault.forRole(role)
        if captures && chosen.system == nil { chosen = .capture }
        var app = chosen.app
        app?.name = AppID(programName)
        let unknown =
            known
            ? nil
            : "the role '\(role ?? "")' of \(programName) is not one Arbiter knows; it is taken as \(RoleDefault.none.id) (\(RoleDefault.none.because))"
        return ProgramIdentity(
            baseName: chosen.system == nil ? programName : "", app: app, system: chosen.system,
            captures: captures, because: chosen.id, unknownRole: unknown)
    }

    /// An app name from the program's own: its application.name, else its binary, else its node's name, kept to
    /// the letters, digits, '-' and '_' an app name may hold.
    public static func name(from properties: [String: String]) -> String {
        let raw =
            [properties["application.name"], properties["application.process.binary"], properties["node.name"]]
            .compactMap { $0 }.first { !$0.isEmpty } ?? "Program"
        var name = ""
        var upperNext = false
        for character in raw {
            if character.isASCII && (character.isLetter || character.isNumber || character == "-" || character == "_") {
                name.append(upperNext ? Character(character.uppercased()) : character)
                upperNext = false
            } else {
                upperNext = !name.isEmpty
            }
        }
        if name.isEmpty || name.first!.isNumber
            || ["device", "system", "expect", "at", "after", "fails"].contains(name)
        {
            name = "Program" + name
        }
        return name
    }
}
