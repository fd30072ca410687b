import ArbiterEngine

/// Lints a run does not report, each with the reason it gives: for the whole run, or for one app.
public struct LintAllowances: Hashable, Sendable {
    /// Lint identifier → why it is allowed everywhere.
    public var everywhere: [String: String]
    /// App → lint identifier → why it is allowed for that app.
    public var perApp: [AppID: [String: String]]

    public init(everywhere: [String: String] = [:], perApp: [AppID: [String: String]] = [:]) {
        self.everywhere = everywhere
        self.perApp = perApp
    }

    /// One allowance: a lint, for one app or (`app` nil) for the whole run.
    public struct Entry: Hashable, Sendable, Comparable {
        public var app: AppID?
        public var lint: String

        public init(app: AppID?, lint: String) {
            self.app = app
            self.lint = lint
        }

        public static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.app?.name ?? "", lhs.lint) < (rhs.app?.name ?? "", rhs.lint)
        }
    }

    /// Every allowance, the whole run's first, then each app's, in order.
    public var entries: [Entry] {
        everywhere.keys.map { Entry(app: nil, lint: $0) }.sorted()
            + perApp.flatMap { app, lints in lints.keys.map { Entry(app: app, lint: $0) } }.sorted()
    }

    /// The allowances that silence `finding`: none when it is reported.
    public func entries(silencing finding: LintFinding) -> [Entry] {
        var silencing: [Entry] = []
        if everywhere[finding.lint.id] != nil { silencing.append(Entry(app: nil, lint: finding.lint.id)) }
        if perApp[finding.app]?[finding.lint.id] != nil {
            silencing.append(Entry(app: finding.app, lint: finding.lint.id))
        }
        return silencing
    }

    /// Whether `finding` is silenced.
    public func allows(_ finding: LintFinding) -> Bool { !entries(silencing: finding).isEmpty }

    /// The entries that silenced nothing in a run that used `used`. An entry for `allowlints.unused` itself is never
    /// one of them, and silences them as any allowance does.
    public func unused(given used: Set<Entry>) -> [Entry] {
        entries.filter { entry in
            entry.lint != Lint.allowanceUnused.id && !used.contains(entry)
                && !allows(.allowanceUnused(entry, at: .zero))
        }
    }
}
