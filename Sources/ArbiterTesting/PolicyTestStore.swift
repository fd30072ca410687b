import ArbiterEngine
import ArbiterKit
import ArbiterLint
import ArbiterScenario
import Foundation
import IssueReporting
import Testing

/// A test store over the policy engine, in the shape of TCA's `TestStore`: declare a device and apps, `send`
/// steps with the change you expect, `receive` every notification they deliver, `advance` time, `finish`.
///
/// ```swift
/// let store = PolicyTestStore(apps: [
///     AppConfig("Music", backgroundModes: [.audio], category: .playback),
///     AppConfig("Maps", backgroundModes: [.audio], category: .playback, options: [.duckOthers]),
/// ])
/// store.send(.app("Music", .play())) {
///     $0.apps["Music"].active = true
///     $0.apps["Music"].playing = true
///     ...
/// }
/// ```
///
/// Any change the closure does not write fails with a diff; a notification left unreceived fails at the next
/// step or at `finish()`, unless `exhaustivity` is `.off`. Failures are reported through IssueReporting, so
/// they land on your line in Swift Testing and in XCTest.
public final class PolicyTestStore {
    /// How strictly steps are checked.
    public enum Exhaustivity: Sendable, Equatable {
        /// Every change must be written and every notification received (the default).
        case on
        /// Only what the closure writes is checked, and unreceived notifications are ignored.
        case off
    }

    /// What becomes of the lints' findings (`Lint.catalog`) as the steps show them.
    public enum LintReporting: Sendable, Equatable {
        /// Each is a warning at the step's line: under Swift Testing an issue of severity warning, which does not fail
        /// the test; under XCTest a line on standard error (the default).
        case warnings
        /// Each is an issue that fails the test, at the step's line.
        case failures
        /// None is reported; `lints` still lists them.
        case off
    }

    public var exhaustivity: Exhaustivity {
        get { core.exhaustivity }
        set { core.exhaustivity = newValue }
    }
    public var lintReporting: LintReporting {
        get { core.lintReporting }
        set { core.lintReporting = newValue }
    }
    /// Every lint's finding so far, as if the test ended now. Each finding's `step` counts the engine steps the store
    /// saw, from 0.
    public var lints: [LintFinding] {
        var linter = core.linter
        if !core.finished { linter.report(phone?.codeFindingsIfEndedNow ?? []) }  // finish() reported them
        return linter.findingsIfFinishedNow
    }
    /// The pending notifications, the linter and where each step was asked for.
    private var core: TestStoreCore<IOSLinting, SessionNotification>
    /// The engine after the last step, for anything the state does not show.
    public var engine: Engine { phone?.engine ?? ownEngine }
    /// The store's clock: where `send` happens and what `advance` moves.
    public var now: Time { phone?.now ?? ownNow }
    /// The simulated phone the store drives, when apps' own code runs on it (`init(phone:)`).
    public let phone: SimulatedPhone?
    private var ownEngine: Engine
    private var ownNow: Time = .zero
    /// How many of the phone's code findings the store's linter has taken.
    private var forwardedCodeFindings = 0
    /// How many of the phone's steps the store has recorded.
    private var recordedSteps = 0
    /// The state at `now`.
    public var state: PolicyState { PolicyState(engine, at: now) }
    /// Notifications delivered and not yet received, oldest first.
    public var pending: [SessionNotification] { core.pending }
    private var provenance = Provenance()

    /// A store over `setup` (the same vocabulary as a scenario's `ios`, `profile`, `device`, `apps`).
    public init(
        _ setup: Setup, exhaustivity: Exhaustivity = .on, lints: LintReporting = .warnings,
        allowing lintAllowances: LintAllowances = LintAllowances(), fileID: StaticString = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let created = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        phone = nil
        do {
            ownEngine = try Engine(setup)
        } catch {
            created.report("The setup cannot start the engine: \(error)")
            ownEngine = try! Engine(Setup())
        }
        core = PolicyTestStore.core(
            exhaustivity, lints, Linter(startingFrom: ownEngine, allowances: lintAllowances),
            created: created)
        core.reportLints()
    }

    /// A store over a simulated phone whose apps' own code runs (ArbiterKit): `send` and `advance` go through the
    /// phone, so the apps' handlers run and what they call is checked and received like every other change. What the
    /// phone did before (installing apps, say) is taken as the starting state.
    public init(
        phone: SimulatedPhone, exhaustivity: Exhaustivity = .on, lints: LintReporting = .warnings,
        allowing lintAllowances: LintAllowances = LintAllowances(), fileID: StaticString = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let created = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        self.phone = phone
        ownEngine = phone.engine
        core = PolicyTestStore.core(
            exhaustivity, lints,
            Linter(startingFrom: phone.initialEngine, allowances: lintAllowances), created: created)
        recordedSteps = phone.transcript.count
        for step in phone.transcript {
            provenance.record(step.outcome.decisions)
            core.record(step.outcome, after: step.engine, delivering: [], at: created)
        }
        forwardCodeFindings(of: phone)
        core.reportLints()
    }

    /// The store's core in iOS's words.
    private static func core(
        _ exhaustivity: Exhaustivity, _ lints: LintReporting, _ linter: Linter,
        created: SourceLocation
    ) -> TestStoreCore<IOSLinting, SessionNotification> {
        TestStoreCore(
            exhaustivity: exhaustivity, lintReporting: lints, linter: linter, created: created,
            noun: ("notification", "notifications", "NOTIFICATION"),
            line: { "\($0.app) ← \($0.kind)  [\($0.rule.id)]" })
    }

    /// A store over these apps on a device (`DeviceConfig()` is unlocked, ringer on, nothing connected).
    public convenience init(
        device: DeviceConfig = DeviceConfig(), apps: [AppConfig], ios: Int = 17,
        profile: Profile? = nil, exhaustivity: Exhaustivity = .on,
        lints: LintReporting = .warnings, allowing lintAllowances: LintAllowances = LintAllowances(),
        fileID: StaticString = #fileID, filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column
    ) {
        self.init(
            Setup(ios: ios, profile: profile, device: device, apps: apps), exhaustivity: exhaustivity,
            lints: lints, allowing: lintAllowances, fileID: fileID, filePath: filePath, line: line,
            column: column)
    }

    /// Sends a step at the store's time. `expected` receives the state before the step and writes what the
    /// step changes; with `fails`, the step must fail with that iOS error.
    public func send(
        _ event: Event, fails: ErrorCode? = nil, _ expected: ((inout PolicyState) throws -> Void)? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        core.checkNothingPending(before: "sending \(event)", at: location)
        let before = state
        let outcome = handle(event, at: location)
        defer { core.reportLints() }
        switch outcome.result {
        case .rejected(let error):
            location.report("The engine refused \(event): \(error)")
            return
        case .failed(let error) where error.code != fails:
            location.report(Failures.unexpectedError(event, error, expected: fails))
        case .succeeded where fails != nil:
            location.report("\(event) was expected to fail with \(fails!) (\(fails!.codeText)), but it succeeded")
        default:
            break
        }
        expect(expected, from: before, step: "\(event)", at: location)
    }

    /// Moves the store's time forward (ramps and Now Playing's elapsed time follow); `expected` writes what
    /// changes meanwhile.
    public func advance(
        by duration: Time, _ expected: ((inout PolicyState) throws -> Void)? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let before = state
        if let phone {
            phone.advance(by: duration)
            recordPhoneSteps(at: location)
        } else {
            let end = ownNow + duration
            // Apps idling in the background are suspended on the way, each at its own time.
            while let due = ownEngine.nextIdleSuspension, due < end {
                ownNow = max(ownNow, due)
                record(ownEngine.handle(.advance, at: ownNow), after: ownEngine, at: location)
            }
            ownNow = end
            record(ownEngine.handle(.advance, at: ownNow), after: ownEngine, at: location)
        }
        core.reportLints()
        expect(expected, from: before, step: "advancing by \(duration)", at: location)
    }

    /// Runs `body` as the code of app `app` on the store's phone (a tap in the app); `expected` writes what its calls
    /// change. The notifications they deliver must be received as any step's.
    public func run<Result>(
        in app: AppID, _ body: () throws -> Result,
        _ expected: ((inout PolicyState) throws -> Void)? = nil, fileID: StaticString = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) rethrows -> Result? {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let phone else {
            location.report("run(in:) needs a store over a SimulatedPhone; expected PolicyTestStore(phone:)")
            return nil
        }
        core.checkNothingPending(before: "running \(app)'s code", at: location)
        let before = state
        let result = try phone.run(in: app, body)
        recordPhoneSteps(at: location)
        core.reportLints()
        expect(expected, from: before, step: "\(app)'s code ran", at: location)
        return result
    }

    /// Applies one event: through the phone when there is one (returning the event's own outcome), else the engine.
    private func handle(_ event: Event, at location: SourceLocation) -> Outcome {
        guard let phone else {
            let outcome = ownEngine.handle(event, at: ownNow)
            record(outcome, after: ownEngine, at: location)
            return outcome
        }
        recordPhoneSteps(at: location)
        let outcome = phone.sendForItsOutcome(event)
        recordPhoneSteps(at: location)
        return outcome
    }

    /// Records the phone's steps since the last recorded one, asked for at `location`.
    private func recordPhoneSteps(at location: SourceLocation) {
        guard let phone else { return }
        for step in phone.transcript.dropFirst(recordedSteps) { record(step.outcome, after: step.engine, at: location) }
        recordedSteps = phone.transcript.count
        forwardCodeFindings(of: phone)
    }

    /// Hands the linter what the phone saw in the apps' code since the last time, found at the steps recorded.
    private func forwardCodeFindings(of phone: SimulatedPhone) {
        core.linter.report(Array(phone.codeFindings.dropFirst(forwardedCodeFindings)))
        forwardedCodeFindings = phone.codeFindings.count
    }

    /// Asserts that the oldest pending notification is `kind`, delivered to `app`, and takes it.
    public func receive(
        _ app: AppID, _ kind: NotificationKind, fileID: StaticString = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        core.receive("\(app) ← \(kind)", at: location) { $0.app == app && $0.kind == kind }
    }

    /// Ends the test: every notification must have been received (with exhaustivity on).
    public func finish(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) {
        core.linter.report(phone?.codeFindingsIfEndedNow ?? [])
        core.finish(at: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    deinit { core.released() }

    private func record(_ outcome: Outcome, after engine: Engine, at location: SourceLocation) {
        provenance.record(outcome.decisions)
        core.record(outcome, after: engine, delivering: outcome.notifications, at: location)
    }

    /// Compares the state after a step with the previous state changed by `expected`.
    private func expect(
        _ expected: ((inout PolicyState) throws -> Void)?, from before: PolicyState, step: String,
        at location: SourceLocation
    ) {
        core.expect(expected, from: before, actual: state, at: location) { wanted, actual in
            Failures.stateMismatch(expected: wanted, actual: actual, step: step, provenance: provenance)
        }
    }
}

/// Where an assertion was written, for IssueReporting.
struct SourceLocation {
    var fileID: StaticString
    var filePath: StaticString
    var line: UInt
    var column: UInt

    func report(_ message: String) {
        reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// A warning here: under Swift Testing an issue of severity warning (the test still passes), elsewhere a line on
    /// standard error.
    func warn(_ message: String) {
        if TestContext.current?.isSwiftTesting == true {
            Issue.record(
                Comment(rawValue: "warning: " + message), severity: .warning,
                sourceLocation: Testing.SourceLocation(
                    fileID: "\(fileID)", filePath: "\(filePath)",
                    line: Int(line), column: Int(column)))
        } else {
            FileHandle.standardError.write(Data("\(filePath):\(line):\(column): warning: \(message)\n".utf8))
        }
    }
}
