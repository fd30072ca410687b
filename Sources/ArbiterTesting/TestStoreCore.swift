import ArbiterEngine
import ArbiterLint
import CustomDump

/// What every platform's test store does around its own steps: it keeps the notifications delivered and not yet
/// received, where each engine step was asked for, and the linter; it reports the lints' findings, notifications
/// left unreceived, a receive that does not match, and a state that differs from the expected one.
struct TestStoreCore<Platform: LintedPlatform, Notification> {
    var exhaustivity: PolicyTestStore.Exhaustivity
    var lintReporting: PolicyTestStore.LintReporting
    var linter: PlatformLinter<Platform>
    /// Notifications delivered and not yet received, oldest first.
    var pending: [Notification] = []
    /// Where the store was made: where what belongs to no step is reported.
    let created: SourceLocation
    /// What the platform calls a notification, singular and plural, and in a receive's placeholder:
    /// ("notification", "notifications", "NOTIFICATION"), ("focus change", "focus changes", "CHANGE").
    let noun: (one: String, many: String, placeholder: String)
    /// A pending notification as a failure lists it.
    let line: (Notification) -> String
    /// Whether the test finished (`finish(at:)`).
    private(set) var finished = false
    /// Where each engine step the linter saw was asked for, and how many findings are reported already.
    private var stepLocations: [SourceLocation] = []
    private var reportedLints = 0

    init(
        exhaustivity: PolicyTestStore.Exhaustivity, lintReporting: PolicyTestStore.LintReporting,
        linter: PlatformLinter<Platform>, created: SourceLocation,
        noun: (one: String, many: String, placeholder: String),
        line: @escaping (Notification) -> String
    ) {
        self.exhaustivity = exhaustivity
        self.lintReporting = lintReporting
        self.linter = linter
        self.created = created
        self.noun = noun
        self.line = line
    }

    /// Takes one engine step, asked for at `location`: its notifications become pending, and the linter sees it.
    mutating func record(
        _ outcome: Platform.Outcome, after engine: Platform.Engine, delivering: [Notification],
        at location: SourceLocation
    ) {
        pending += delivering
        linter.observe(outcome, after: engine)
        stepLocations.append(location)
    }

    /// Reports the lints' new findings as `lintReporting` says, each at the line that asked for its step.
    mutating func reportLints() {
        defer { reportedLints = linter.findings.count }
        guard lintReporting != .off else { return }
        for finding in linter.findings.dropFirst(reportedLints) {
            let location = finding.step.map { stepLocations[$0] } ?? created
            if lintReporting == .failures { location.report(finding.summary) } else { location.warn(finding.summary) }
        }
    }

    /// Ends the test, asked for at `location`: the lints' last findings, then every notification must have been
    /// received (with exhaustivity on).
    mutating func finish(at location: SourceLocation) {
        finished = true
        linter.finish()
        reportLints()
        checkNothingPending(before: "finishing", at: location)
    }

    /// When the store is released: notifications left unreceived by a test that never finished fail where the store
    /// was made (with exhaustivity on).
    func released() {
        if !finished && exhaustivity == .on && !pending.isEmpty {
            created.report(unreceived(before: "the store was released without finish()"))
        }
    }

    /// With exhaustivity on, fails for each notification still pending before `what`; either way none is pending
    /// after it.
    mutating func checkNothingPending(before what: String, at location: SourceLocation) {
        guard exhaustivity == .on, !pending.isEmpty else {
            if exhaustivity == .off { pending = [] }
            return
        }
        location.report(unreceived(before: what))
        pending = []
    }

    /// The failure for notifications left pending before `what`.
    func unreceived(before what: String) -> String {
        let count = pending.count == 1 ? "1 \(noun.one) was" : "\(pending.count) \(noun.many) were"
        return
            (["\(count) delivered and not received before \(what): …", ""] + pending.map { "  " + line($0) }
            + ["", "Receive each with store.receive(APP, \(noun.placeholder)), or set exhaustivity to .off."])
            .joined(separator: "\n")
    }

    /// Takes the oldest pending notification if it `matches` (with exhaustivity off, the first that does, and every
    /// one before it); otherwise fails, listing what is pending.
    mutating func receive(_ expected: String, at location: SourceLocation, matching matches: (Notification) -> Bool) {
        guard let next = pending.first else {
            location.report("Expected to receive \(expected), but no \(noun.one) is pending")
            return
        }
        if matches(next) {
            pending.removeFirst()
            return
        }
        if exhaustivity == .off, let index = pending.firstIndex(where: matches) {
            pending.removeSubrange(...index)
            return
        }
        location.report(
            (["Expected to receive \(expected), but the pending \(noun.many) are: …", ""]
                + pending.map { "  " + line($0) }).joined(separator: "\n"))
    }

    /// Compares the state after a step with the state before it changed by `expected` (with exhaustivity off, the
    /// actual state changed by it); a difference fails with `mismatch(wanted, actual)`.
    func expect<State: Equatable>(
        _ expected: ((inout State) throws -> Void)?, from before: State, actual: State,
        at location: SourceLocation, mismatch: (State, State) -> String
    ) {
        var wanted = exhaustivity == .on ? before : actual
        do {
            try expected?(&wanted)
        } catch {
            location.report("The expected-change closure threw: \(error)")
            return
        }
        guard wanted != actual else { return }
        location.report(mismatch(wanted, actual))
    }

    /// The heading and the diff every state mismatch starts with.
    static func difference<State>(_ wanted: State, _ actual: State, after step: String) -> [String] {
        var lines = ["A state change does not match expectation after \(step): …", ""]
        lines += (diff(wanted, actual, format: .proportional) ?? "").split(
            separator: "\n",
            omittingEmptySubsequences: false
        ).map { "  " + $0 }
        return lines + ["", "(Expected: −, Actual: +)"]
    }
}
