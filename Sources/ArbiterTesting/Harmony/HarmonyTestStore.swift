import ArbiterEngine
import ArbiterHarmony
import ArbiterLint
import ArbiterScenario
import CustomDump
import IssueReporting

/// `PolicyTestStore` for HarmonyOS's audio focus: declare apps and their streams, `send` events with the change you
/// expect, `receive` every interrupt event (and session deactivation) delivered, `advance` time, `finish`.
///
/// ```swift
/// let store = HarmonyTestStore(apps: [
///     HarmonyAppConfig("Music", streams: [StreamConfig("player", kind: .avPlayer, usage: .music)]),
///     HarmonyAppConfig("Maps", streams: [StreamConfig("voice", kind: .audioRenderer, usage: .navigation)]),
/// ])
/// store.send(.app("Music", .start(nil))) {
///     $0.streams["Music.player"]?.state = .running
///     ...
/// }
/// ```
///
/// Any change the closure does not write fails with a diff; an event left unreceived fails at the next step or at
/// `finish()`, unless `exhaustivity` is `.off`. Lint findings (`Lint.harmonyCatalog`) are reported as `lintReporting`
/// says.
public final class HarmonyTestStore {
    public var exhaustivity: PolicyTestStore.Exhaustivity {
        get { core.exhaustivity }
        set { core.exhaustivity = newValue }
    }
    public var lintReporting: PolicyTestStore.LintReporting {
        get { core.lintReporting }
        set { core.lintReporting = newValue }
    }
    /// The engine after the last step.
    public private(set) var engine: HarmonyEngine
    /// The store's clock: where `send` happens and what `advance` moves.
    public private(set) var now: Time = .zero
    /// The state now.
    public var state: HarmonyPolicyState { HarmonyPolicyState(engine) }
    /// Events delivered and not yet received, oldest first.
    public var pending: [HarmonyNotification] { core.pending }
    /// Every lint's finding so far, as if the test ended now.
    public var lints: [LintFinding] { core.linter.findingsIfFinishedNow }
    private var core: TestStoreCore<HarmonyLinting, HarmonyNotification>

    /// A store over `setup`.
    public init(
        _ setup: HarmonySetup, exhaustivity: PolicyTestStore.Exhaustivity = .on,
        lints: PolicyTestStore.LintReporting = .warnings,
        allowing lintAllowances: LintAllowances = LintAllowances(), fileID: StaticString = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let created = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        do {
            engine = try HarmonyEngine(setup)
        } catch {
            created.report("The setup cannot start the engine: \(error)")
            engine = try! HarmonyEngine(HarmonySetup(apps: []))
        }
        core = TestStoreCore(
            exhaustivity: exhaustivity, lintReporting: lints,
            linter: HarmonyLinter(startingFrom: engine, allowances: lintAllowances), created: created,
            noun: ("event", "events", "EVENT"), line: { "\($0)" })
    }

    /// A store over these apps at API level `api`.
    public convenience init(
        api: Int = 20, profile: HarmonyProfile? = nil, apps: [HarmonyAppConfig],
        exhaustivity: PolicyTestStore.Exhaustivity = .on, lints: PolicyTestStore.LintReporting = .warnings,
        allowing lintAllowances: LintAllowances = LintAllowances(), fileID: StaticString = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        self.init(
            HarmonySetup(api: api, profile: profile, apps: apps), exhaustivity: exhaustivity, lints: lints,
            allowing: lintAllowances, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Sends an event at the store's time. `expected` receives the state before it and writes what it changes; with
    /// `returns`, the app's call must return that.
    public func send(
        _ event: HarmonyEvent, returns: HarmonyCallResult? = nil,
        _ expected: ((inout HarmonyPolicyState) throws -> Void)? = nil, fileID: StaticString = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        core.checkNothingPending(before: "sending \(event)", at: location)
        let before = state
        let outcome = record(event, at: location)
        defer { core.reportLints() }
        if let rejection = outcome.rejection {
            location.report("The engine refused \(event): \(rejection)")
            return
        }
        if let returns, outcome.result != returns {
            var because = ""
            if case .failed(_, let rule)? = outcome.result {
                because = ": [\(rule.id)] \(rule.statement) (\(rule.source))"
            }
            location.report(
                "\(event) returned \(outcome.result.map(\.description) ?? "nothing"), expected \(returns)\(because)")
        }
        expect(expected, from: before, step: "\(event)", at: location)
    }

    /// Moves the store's time forward (an AudioSession may time out); `expected` writes what changes meanwhile.
    public func advance(
        by duration: Time, _ expected: ((inout HarmonyPolicyState) throws -> Void)? = nil,
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

    /// Asserts that the oldest pending event is `event`, delivered to `owner` (`StreamOwner("Music", "player")`), and
    /// takes it.
    public func receive(
        _ owner: StreamOwner, _ event: InterruptEvent, fileID: StaticString = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        core.receive("\(owner): audioInterrupt \(event)", at: location) {
            if case .interrupt(let to, let delivered, _) = $0 { return to == owner && delivered == event }
            return false
        }
    }

    /// Asserts that the oldest pending event is `app`'s AudioSession deactivated for `reason`, and takes it.
    public func receive(
        _ app: AppID, sessionDeactivated reason: SessionDeactivatedReason, fileID: StaticString = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        core.receive("\(app): audioSessionDeactivated \(reason)", at: location) {
            if case .sessionDeactivated(let to, let delivered, _) = $0 { return to == app && delivered == reason }
            return false
        }
    }

    /// Asserts that the oldest pending event is `app`'s scene session told `audioSessionStateChanged(hint)` (API 20),
    /// and takes it.
    public func receive(
        _ app: AppID, sessionStateChanged hint: SessionStateHint, fileID: StaticString = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        core.receive("\(app): audioSessionStateChanged \(hint)", at: location) {
            if case .sessionStateChanged(let to, let delivered, _) = $0 { return to == app && delivered == hint }
            return false
        }
    }

    /// Ends the test: every event must have been received (with exhaustivity on).
    public func finish(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) {
        core.finish(at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    deinit { core.released() }

    private func record(_ event: HarmonyEvent, at location: SourceLocation) -> HarmonyOutcome {
        var outcome = engine.handle(event, at: now)
        // Sessions that timed out while time passed are reported with the step that let time pass.
        if outcome.rejection == nil { now = engine.now }
        core.record(outcome, after: engine, delivering: outcome.notifications, at: location)
        outcome.notifications = []
        return outcome
    }

    /// Compares the state after a step with the previous state changed by `expected`; the rules behind the streams
    /// that differ are listed.
    private func expect(
        _ expected: ((inout HarmonyPolicyState) throws -> Void)?, from before: HarmonyPolicyState, step: String,
        at location: SourceLocation
    ) {
        core.expect(expected, from: before, actual: state, at: location) { wanted, actual in
            TestStoreCore<HarmonyLinting, HarmonyNotification>.difference(wanted, actual, after: step)
                .joined(separator: "\n")
        }
    }
}
