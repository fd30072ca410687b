import ArbiterEngine

/// A rules file of `arbiter attach` (docs/linux.md): which running program is which app, in the scenario
/// vocabulary, and the settings of the live session.
public struct ProgramRules: Sendable {
    public var file: String
    /// The iOS generation whose behaviour is applied.
    public var ios: Int = 17
    /// The tunables, as a scenario's `profile:`; a live session's duck is a fade of `ProgramRules.duckRamp` unless
    /// the file sets `duckRamp`, and a paused program is never suspended (Linux suspends no idle program) unless the
    /// file sets `idleBackgroundSuspension`.
    public var profile = ProgramRules.liveProfile(ios: 17)
    /// The Silent switch and the lock, as a scenario's `device:` (accessories are the real ones).
    public var device = DeviceConfig()
    /// The rules, in file order: the first whose match holds names a program.
    public var programs: [ProgramRule] = []
    /// How an interrupted program is paused.
    public var pause: PauseMethod = .mprisThenCork
    /// Whether a program's stream ending deactivates its session with notifyOthers, so that those it interrupted
    /// are told they may resume.
    public var endNotifiesOthers = true
    /// What to do when a session manager's own role-based policy is found on the graph.
    public var rolePolicy: RolePolicyStance = .refuse

    public init(file: String) { self.file = file }

    /// How long a duck takes on a live graph unless the rules say (`live.duck-ramp`): heard as a fade, as Android's
    /// automatic duck (500 ms); iOS documents none.
    public static let duckRamp = Time.ms(500)

    /// The release's profile (`Profile(ios:)`) as a live session starts from it: the duck a fade of `duckRamp`, and
    /// no paused program suspended.
    public static func liveProfile(ios: Int) -> Profile {
        var profile = Profile(ios: ios)
        profile.duckRamp = duckRamp
        profile.idleBackgroundSuspension = nil
        return profile
    }
}

/// One rule: the properties a program's stream must have, and what it is then.
public struct ProgramRule: Sendable {
    /// Where the rule is written (its `match:` key).
    public var position: SourcePosition
    /// Every pattern must hold; a pattern is the property's text, where `*` stands for any characters.
    public var match: [PropertyPattern]
    /// The app the program is (its name is empty when the rule gives no `app:`: the program's own name is used).
    public var app: AppConfig
    /// The system's own audio the program stands for instead of an app (a softphone's call, an assistant, an alarm).
    public var system: SystemAudio?

    public init(position: SourcePosition, match: [PropertyPattern], app: AppConfig, system: SystemAudio? = nil) {
        self.position = position
        self.match = match
        self.app = app
        self.system = system
    }

    /// Whether a stream with `properties` is named by this rule.
    public func matches(_ properties: [String: String]) -> Bool {
        match.allSatisfy { pattern in properties[pattern.key].map(pattern.matches) ?? false }
    }
}

/// `application.name: "Lollypop"`, `application.process.binary: "firefox*"`.
public struct PropertyPattern: Hashable, Sendable {
    public var key: String
    public var pattern: String

    public init(_ key: String, _ pattern: String) {
        self.key = key
        self.pattern = pattern
    }

    /// Whether `value` is the pattern's text, `*` standing for any run of characters (none included).
    public func matches(_ value: String) -> Bool {
        let parts = pattern.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
        guard parts.count > 1 else { return value == pattern }
        guard value.hasPrefix(parts[0]) else { return false }
        var rest = value.dropFirst(parts[0].count)
        for part in parts.dropFirst().dropLast() where !part.isEmpty {
            guard let found = rest.range(of: part) else { return false }
            rest = rest[found.upperBound...]
        }
        let last = parts[parts.count - 1]
        return last.isEmpty || (rest.count >= last.count && rest.hasSuffix(last))
    }
}

/// The system's own audio a program may stand for: it is then not an app, and its stream running is the system
/// event (a call answered and ended, Siri, an alarm).
public enum SystemAudio: String, CaseIterable, Sendable {
    case call, assistant, alarm
}

/// How Arbiter pauses a program the policy interrupts.
public enum PauseMethod: String, CaseIterable, Sendable {
    /// MPRIS `Pause` to the program's player on the session bus (found by process id), else a cork.
    case mprisThenCork
    /// A cork always: the stream's node is paused (the program is not told).
    case cork
}

/// What `arbiter attach` does when it finds a session manager's own role-based policy (WirePlumber's role
/// endpoints or role loopbacks), which would duck and cork a second time.
public enum RolePolicyStance: String, CaseIterable, Sendable {
    /// Do not attach: say what was found and how to turn it off.
    case refuse
    /// Attach anyway: Arbiter's policy applies to the programs' own streams, the manager's to its role nodes.
    case alongside
    /// The manager's role nodes are where programs meet: a gain every program running through one shares is set
    /// there, once, and each program carries only what differs. The manager's own role table must mix every role.
    case meet
}
