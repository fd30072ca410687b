import ArbiterAndroid
import ArbiterEngine
import ArbiterLint
import ArbiterScenario
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
    public var exhaustivity: PolicyTestStore.Exhaustivity {
        get { core.exhaustivity }
        set { core.exhaustivity = newValue }
    }
    public var lintReporting: PolicyTestStore.LintReporting {
        get { core.lintReporting }
        set { core.lintReporting = newValue }
    }
    /// The engine after the last step.
    public private(set) var engine: AndroidEngine
    /// The store's clock: where `send` happens and what `advance` moves.
    public private(set) var now: Time = .zero
    /// The state now.
    public var state: FocusState { FocusState(engine) }
    /// Focus changes delivered and not yet received, oldest first.
    public var pending: [FocusNotification] { core.pending }
    /// Every lint's finding so far, as if the test ended now.
    public var lints: [LintFinding] { core.linter.findingsIfFinishedNow }
    /// The pending focus changes, the linter and where each step was asked for.
    private var core: TestStoreCore<AndroidLinting, FocusNotification>

    /// A store over `setup`.
    public init(
        _ setup: AndroidSetup, exhaustivity: PolicyTestStore.Exhaustivity = .on,
        lints: PolicyTestStore.LintReporting = .warnings,
        allowing lintAllowances: LintAllowances = LintAllowances(), fileID: StaticString = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let created = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        do {
            engine = try AndroidEngine(setup)
        } catch {
            created.report("The setup cannot start the engine: \(error)")
            engine = try! AndroidEngine(AndroidSetup())
        }
        core = TestStoreCore(
            exhaustivity: exhaustivity, lintReporting: lints,
            linter: AndroidLinter(startingFrom: engine, allowances: lintAllowances), created: created,
            noun: ("focus change", "focus changes", "CHANGE"), line: { "\($0)" })
    }

    /// A store over these apps on a phone (or, with `platform: .car`, a car) of API level `sdk`.
    public convenience init(
        platform: FocusPlatform = .phone, sdk: Int = 34, profile: AndroidProfile? = nil,
        ringerMode: RingerMode = .normal, apps: [AndroidApp],
        exhaustivity: PolicyTestStore.Exhaustivity = .on,
        lints: PolicyTestStore.LintReporting = .warnings,
        allowing lintAllowances: LintAllowances = LintAllowances(), fileID: StaticString = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        self.init(
            AndroidSetup(platform: platform, sdk: sdk, profile: profile, ringerMode: ringerMode, apps: apps),
            exhaustivity: exhaustivity, lints: lints, allowing: lintAllowances, fileID: fileID,
            filePath: filePath, line: line, column: column)
    }

    /// Sends an event at the store's time. `expected` receives the state before it and writes what it changes; with
    /// `returns`, a focus request must return that result.
    public func send(
        _ event: AndroidEvent, returns: FocusRequestResult? = nil,
        _ expected: ((inout FocusState) throws -> Void)? = nil, fileID: StaticString = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        core.checkNothingPending(before: "sending \(AndroidEventText.text(event))", at: location)
        let before = state
        let outcome = record(event, at: location)
        let step = AndroidEventText.text(event)
        defer { core.reportLints() }
        if let rejection = outcome.rejection {
            location.report("The engine refused \(step): \(rejection)")
            return
        }
        if let returns, outcome.result != returns {
            location.report(
                "\(step) returned \(outcome.result.map(\.description) ?? "no result"), expected \(returns)"
                    + (outcome.decisions.first { if case .request = $0.change { true } else { false } }
                        .map { ": [\($0.rule.id)] \($0.rule.statement) (\($0.rule.source))" } ?? ""))
        }
        expect(expected, from: before, step: step, at: location)
    }

    /// Moves the store's time forward; `expected` writes what changes meanwhile (a ramp, a fade, a delayed loss).
    public func advance(
        by duration: Time, _ expected: ((inout FocusState) throws -> Void)? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let before = state
        now = now + duration
        _ = record(.advance, at: location)
        core.reportLints()
        expect(expected, from: before, step: "advancing by \(duration)", at: location)
    }

    /// Asserts that the oldest pending focus change is `change`, delivered to `app`, and takes it.
    public func receive(
        _ app: AppID, _ change: FocusChange, fileID: StaticString = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        core.receive("\(app) ← \(change)", at: location) { $0.app == app && $0.change == change }
    }

    /// Ends the test: every focus change must have been received (with exhaustivity on).
    public func finish(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) {
        core.finish(at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    deinit { core.released() }

    private func record(_ event: AndroidEvent, at location: SourceLocation) -> FocusOutcome {
        let outcome = engine.handle(event, at: now)
        core.record(outcome, after: engine, delivering: outcome.notifications, at: location)
        return outcome
    }

    /// Compares the state after a step with the previous state changed by `expected`; the rules behind the values
    /// that differ are listed.
    private func expect(
        _ expected: ((inout FocusState) throws -> Void)?, from before: FocusState, step: String,
        at location: SourceLocation
    ) {
        core.expect(expected, from: before, actual: state, at: location) { wanted, actual in
            var lines = TestStoreCore<AndroidLinting, FocusNotification>.difference(wanted, actual, after: step)
            var why: [String] = []
            for (id, app) in actual.apps.sorted(by: { $0.key < $1.key }) where wanted.apps[id] != app {
                for (key, rule) in (engine.state(of: id)?.rules ?? [:]).sorted(by: { $0.key < $1.key }) {
                    why.append("  \(id).\(key): [\(rule.id)] \(rule.statement) (\(rule.source))")
                }
            }
            if !why.isEmpty { lines += ["", "The rules behind the actual values:"] + why }
            return lines.joined(separator: "\n")
        }
    }
}
