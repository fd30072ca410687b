/// The rule behind a decision, a notification or an error: what iOS does, and where that fact comes from.
///
/// Every rule has a stable identifier (`activation.non-mixable-interrupts`), a one-line statement, the
/// source key of the fact in the reference (`DOC:…/soloambient; ASPG14 p.13`), and how sure that fact is.
public struct Rule: Hashable, Sendable, CustomStringConvertible {
    /// The texts live in one shared object, so a decision carries its rule for the cost of one reference.
    private final class Storage: Sendable {
        let id: String
        let statement: String
        let source: String
        let evidence: Evidence

        init(id: String, statement: String, source: String, evidence: Evidence) {
            self.id = id
            self.statement = statement
            self.source = source
            self.evidence = evidence
        }
    }

    /// Rules are made once each (the catalog's constants), so their storage is kept for the life of the process
    /// and referred to without reference counting: copying a rule into a decision costs nothing.
    private unowned(unsafe) let storage: Storage

    /// A stable identifier, `area.what-it-decides`.
    public var id: String { storage.id }
    /// One line: what iOS does.
    public var statement: String { storage.statement }
    /// The reference's source keys for the fact.
    public var source: String { storage.source }
    /// How sure the fact is.
    public var evidence: Evidence { storage.evidence }

    /// Makes a rule. Its storage is kept for the life of the process: make each rule once, as a constant.
    public init(id: String, statement: String, source: String, evidence: Evidence) {
        let storage = Storage(id: id, statement: statement, source: source, evidence: evidence)
        _ = Unmanaged.passRetained(storage)  // never released
        self.storage = storage
    }

    public var description: String { id }

    public static func == (lhs: Rule, rhs: Rule) -> Bool {
        lhs.storage === rhs.storage
            || (lhs.id == rhs.id && lhs.statement == rhs.statement
                && lhs.source == rhs.source && lhs.evidence == rhs.evidence)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(statement)
        hasher.combine(source)
        hasher.combine(evidence)
    }
}

/// How a rule's fact is known, as the reference tags it.
public enum Evidence: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Stated by Apple's documentation or SDK headers.
    case documented
    /// Observed in the field (issues, forums, articles).
    case observed
    /// Read from the platform's open source code, its configuration or its unit tests (OpenHarmony's audio framework),
    /// where no documentation states it.
    case source
    /// Uncertain: the behaviour follows a profile tunable whose default is documented in docs/.
    case tunable
    /// The simulator's own bookkeeping, not a claim about iOS.
    case model

    public var description: String { rawValue }
}
