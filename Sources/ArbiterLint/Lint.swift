import ArbiterEngine

/// A mistake an app can make with its audio that iOS lets it make: what goes wrong, where that fact comes from, and
/// how to fix it. Like a `Rule`, every lint has a stable identifier (`nowplaying.stale-rate`) and a source in the
/// reference, so a warning can be traced to the fact behind it.
public struct Lint: Hashable, Sendable, CustomStringConvertible {
    /// A stable identifier, `area.what-goes-wrong`; what `allowLints` names to silence it.
    public let id: String
    /// One line: the mistake and what the user sees because of it.
    public let statement: String
    /// The reference's source keys for the fact behind it.
    public let source: String
    /// How sure that fact is.
    public let evidence: Evidence
    /// The usual fix, in the scenario vocabulary and the iOS API's names.
    public let fix: String

    public init(id: String, statement: String, source: String, evidence: Evidence, fix: String) {
        self.id = id
        self.statement = statement
        self.source = source
        self.evidence = evidence
        self.fix = fix
    }

    public var description: String { id }

    /// The lint with this identifier, if there is one.
    public static func named(_ id: String) -> Lint? { catalog.first { $0.id == id } }
}

/// One place where a run showed a lint's mistake.
public struct LintFinding: Hashable, Sendable, CustomStringConvertible {
    public var lint: Lint
    /// The app that made the mistake.
    public var app: AppID
    /// When the run showed it.
    public var time: Time
    /// What went wrong, in this run's names.
    public var message: String
    /// What to change, in this run's names.
    public var fix: String
    /// The step that showed it: an index into the steps the linter saw, in order. nil for a finding about an app's
    /// declaration alone.
    public var step: Int?
    /// Where in the app's declaration the fix belongs, when it belongs there: a path of keys such as
    /// `["reactions", "interruptionEnded"]` or `["options", "allowAirPlay"]`.
    public var declaration: [String]?
    /// Whether the finding is about a call that failed, which a scenario step may expect (`fails:`).
    public var aboutFailedCall = false

    public init(
        lint: Lint, app: AppID, time: Time, message: String, fix: String, step: Int?,
        declaration: [String]? = nil, aboutFailedCall: Bool = false
    ) {
        self.lint = lint
        self.app = app
        self.time = time
        self.message = message
        self.fix = fix
        self.step = step
        self.declaration = declaration
        self.aboutFailedCall = aboutFailedCall
    }

    /// `Podcasts: what went wrong [lint.id]; fix: what to change`: one line, for a test report or a log.
    public var summary: String { "\(app): \(message) [\(lint.id)]; fix: \(fix)" }

    /// `warning: ` and the summary.
    public var description: String { "warning: \(summary)" }
}
