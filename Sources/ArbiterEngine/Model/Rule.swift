/// The rule behind a decision, a notification or an error: what iOS does, and where that fact comes from.
///
/// Every rule has a stable identifier (`activation.non-mixable-interrupts`), a one-line statement, the
/// source key of the fact in the reference (`DOC:…/soloambient; ASPG14 p.13`), and how sure that fact is.
public struct Rule: Hashable, Sendable, CustomStringConvertible {
    /// A stable identifier, `area.what-it-decides`.
    public let id: String
    /// One line: what iOS does.
    public let statement: String
    /// The reference's source keys for the fact.
    public let source: String
    /// How sure the fact is.
    public let evidence: Evidence

    public init(id: String, statement: String, source: String, evidence: Evidence) {
        self.id = id
        self.statement = statement
        self.source = source
        self.evidence = evidence
    }

    public var description: String { id }
}

/// How a rule's fact is known, as the reference tags it.
public enum Evidence: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Stated by Apple's documentation or SDK headers.
    case documented
    /// Observed in the field (issues, forums, articles).
    case observed
    /// Uncertain: the behaviour follows a profile tunable whose default is documented in docs/.
    case tunable
    /// The simulator's own bookkeeping, not a claim about iOS.
    case model

    public var description: String { rawValue }
}
