import ArbiterAndroid
import ArbiterEngine
import ArbiterLint
import CustomDump
import IssueReporting

/// `PolicyTestStore` for Android's audio focus: declare apps, `send` events with the change you expect, `receive`
/// every focus change delivered to a listener, `advance` time (ducks, fades and mutes follow), `finish`.
///
/// ```swift
/// let store = FocusTestStore(apps: [
///     AndroidApp(name: "Music", uid: 10001, targetSdk: 34, reactions: [.lossTransient: [.pause]]),
///     AndroidApp(name: "Maps", uid: 10002, targetSdk: 34, focusGain: .gainTransientMayDuck),
/// ])
/// store.send(.app("Music", .play(nil))) {
///     $0.focus = "Music"
///     ...
/// }
/// ```
///
/// Any change the closure does not write fails with a diff; a focus change left unreceived fails at the next step or
/// at `finish()`, unless `exhaustivity` is `.off`. Lint findings (`Lint.androidCatalog`) are reported as
/// `lintReporting` says.
public final class FocusTestStore {
    public var exhaustivity: PolicyTestStore.Exhaustivity
    public var lintReporting: PolicyTestStore.LintReporting
    /// The engine after the last step.
    public private(set) var engine: AndroidEngine
    /// The store's clock: where `send` happens and what `advance` moves.
    public private(set) var now: Time = .zero
    /// The state now.
    public var state: FocusState { FocusState(engine) }
    /// Focus changes delivered and not yet received, oldest first.
    public private(set) var pending: [FocusNotification] = []
    /// Every lint's finding so far, as if the test ended now.
    public var lints: [LintFinding] {
        var copy = linter
        copy.finish()
        return copy.findings
    }
    private var linter: AndroidLinter
    private var stepLocations: [SourceLocation] = []
    private var reportedLints = 0
    private var finished = false
    private let created: SourceLocation

    /// A store over `setup`.
    public init(_ setup: AndroidSetup, exhaustivity: PolicyTestStore.Exhaustivity = .on,
                lints: PolicyTestStore.LintReporting = .warnings,
                allowing lintAllowances: LintAllowances = LintAllowances(), fileID: StaticString = #fileID,
                filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        self.exhaustivity = exhaustivity
        lintReporting = lints
        created = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        do {
            engine = try AndroidEngine(setup)
        } catch {
            reportIssue("The setup cannot start the engine: \(error)", fileID: fileID, filePath: filePath,
                        line: line, column: column)
            engine = try! AndroidEngine(AndroidSetup())
        }
        linter = AndroidLinter(startingFrom: engine, allowances: lintAllowances)
    }

    /// A store over these apps on a phone (or, with `platform: .car`, a car) of API level `sdk`.
    public convenience init(platform: FocusPlatform = .phone, sdk: Int = 34, profile: AndroidProfile? = nil,
                            ringerMode: RingerMode = .normal, apps: [AndroidApp],
                            exhaustivity: PolicyTestStore.Exhaustivity = .on,
                            lints: PolicyTestStore.LintReporting = .warnings,
                            allowing lintAllowances: LintAllowances = LintAllowances(), fileID: StaticString = #fileID,
                            filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        self.init(AndroidSetup(platform: platform, sdk: sdk, profile: profile, ringerMode: ringerMode, apps: apps),
                  exhaustivity: exhaustivity, lints: lints, allowing: lintAllowances, fileID: fileID,
                  filePath: filePath, line: line, column: column)
    }

    /// Sends an event at the store's time. `expected` receives the state before it and writes what it changes; with
    /// `returns`, a focus request must return that result.
    public func send(_ event: AndroidEvent, returns: FocusRequestResult? = nil,
                     _ expected: ((inout FocusState) throws -> Void)? = nil, fileID: StaticString = #fileID,
                     filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        checkNothingPending(before: "sending \(event)", at: location)
        let before = state
        let outcome = record(event, at: location)
        defer { reportLints() }
        if let rejection = outcome.rejection {
            location.report("The engine refused \(event): \(rejection)")
            return
        }
        if let returns, outcome.result != returns {
            location.report("\(event) returned \(outcome.result.map(\.description) ?? "no result"), expected \(returns)"
                + (outcome.decisions.first { if case .request = $0.change { true } else { false } }
                    .map { ": [\($0.rule.id)] \($0.rule.statement) (\($0.rule.source))" } ?? ""))
        }
        expect(expected, from: before, step: "\(event)", at: location)
    }

    /// Moves the store's time forward; `expected` writes what changes meanwhile (a ramp, a fade, a delayed loss).
    public func advance(by duration: Time, _ expected: ((inout FocusState) throws -> Void)? = nil,
                        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
                        column: UInt = #column) {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let before = state
        now = now + duration
        _ = record(.advance, at: location)
        reportLints()
        expect(expected, from: before, step: "advancing by \(duration)", at: location)
    }

    /// Asserts that the oldest pending focus change is `change`, delivered to `app`, and takes it.
    public func receive(_ app: AppID, _ change: FocusChange, fileID: StaticString = #fileID,
                        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        if let next = pending.first, next.app == app, next.change == change {
            pending.removeFirst()
            return
        }
        if exhaustivity == .off, let index = pending.firstIndex(where: { $0.app == app && $0.change == change }) {
            pending.removeSubrange(...index)
            return
        }
        location.report((["Expected to receive \(app) ← \(change), but the pending focus changes are: …", ""]
            + (pending.isEmpty ? ["  (none)"] : pending.map { "  \($0)" })).joined(separator: "\n"))
    }

    /// Ends the test: every focus change must have been received (with exhaustivity on).
    public func finish(fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
                       column: UInt = #column) {
        finished = true
        linter.finish()
        reportLints()
        checkNothingPending(before: "finishing", at: SourceLocation(fileID: fileID, filePath: filePath, line: line,
                                                                      column: column))
    }

    deinit {
        if !finished && exhaustivity == .on && !pending.isEmpty {
            created.report(FocusTestStore.unreceived(pending, before: "the store was released without finish()"))
        }
    }

    private func record(_ event: AndroidEvent, at location: SourceLocation) -> FocusOutcome {
        let outcome = engine.handle(event, at: now)
        pending += outcome.notifications
        linter.observe(outcome, after: engine)
        stepLocations.append(location)
        return outcome
    }

    private func reportLints() {
        defer { reportedLints = linter.findings.count }
        guard lintReporting != .off else { return }
        for finding in linter.findings.dropFirst(reportedLints) {
            let location = finding.step.map { stepLocations[$0] } ?? created
            if lintReporting == .failures { location.report(finding.summary) } else { location.warn(finding.summary) }
        }
    }

    private func checkNothingPending(before what: String, at location: SourceLocation) {
        guard exhaustivity == .on, !pending.isEmpty else {
            if exhaustivity == .off { pending = [] }
            return
        }
        location.report(FocusTestStore.unreceived(pending, before: what))
        pending = []
    }

    static func unreceived(_ pending: [FocusNotification], before what: String) -> String {
        let count = pending.count == 1 ? "1 focus change was" : "\(pending.count) focus changes were"
        return (["\(count) delivered and not received before \(what): …", ""] + pending.map { "  \($0)" }
            + ["", "Receive each with store.receive(APP, CHANGE), or set exhaustivity to .off."])
            .joined(separator: "\n")
    }

    /// Compares the state after a step with the previous state changed by `expected`; the rules behind the values
    /// that differ are listed.
    private func expect(_ expected: ((inout FocusState) throws -> Void)?, from before: FocusState, step: String,
                        at location: SourceLocation) {
        let actual = state
        var wanted = exhaustivity == .on ? before : actual
        do {
            try expected?(&wanted)
        } catch {
            location.report("The expected-change closure threw: \(error)")
            return
        }
        guard wanted != actual else { return }
        var lines = ["A state change does not match expectation after \(step): …", ""]
        lines += (diff(wanted, actual, format: .proportional) ?? "").split(separator: "\n",
                                                                         omittingEmptySubsequences: false).map { "  " + $0 }
        lines += ["", "(Expected: −, Actual: +)"]
        var why: [String] = []
        for (id, app) in actual.apps.sorted(by: { $0.key < $1.key }) where wanted.apps[id] != app {
            for (key, rule) in (engine.state(of: id)?.rules ?? [:]).sorted(by: { $0.key < $1.key }) {
                why.append("  \(id).\(key): [\(rule.id)] \(rule.statement) (\(rule.source))")
            }
        }
        if !why.isEmpty { lines += ["", "The rules behind the actual values:"] + why }
        location.report(lines.joined(separator: "\n"))
    }
}
