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

    public var exhaustivity: Exhaustivity
    public var lintReporting: LintReporting
    /// Every lint's finding so far, as if the test ended now. Each finding's `step` counts the engine steps the store
    /// saw, from 0.
    public var lints: [LintFinding] {
        var linter = linter
        if !finished { linter.report(phone?.codeFindingsIfEndedNow ?? []) }   // finish() reported them
        return linter.findingsIfFinishedNow
    }
    private var linter: Linter
    /// Where each engine step the linter saw was asked for, and how many findings are reported already.
    private var stepLocations: [SourceLocation] = []
    private var reportedLints = 0
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
    public private(set) var pending: [SessionNotification] = []
    private var provenance = Provenance()
    private var finished = false
    private let created: SourceLocation

    /// A store over `setup` (the same vocabulary as a scenario's `ios`, `profile`, `device`, `apps`).
    public init(_ setup: Setup, exhaustivity: Exhaustivity = .on, lints: LintReporting = .warnings,
                allowing lintAllowances: LintAllowances = LintAllowances(), fileID: StaticString = #fileID,
                filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        self.exhaustivity = exhaustivity
        lintReporting = lints
        created = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        phone = nil
        do {
            ownEngine = try Engine(setup)
        } catch {
            reportIssue("The setup cannot start the engine: \(error)", fileID: fileID, filePath: filePath,
                        line: line, column: column)
            ownEngine = try! Engine(Setup())
        }
        linter = Linter(startingFrom: ownEngine, allowances: lintAllowances)
        reportLints()
    }

    /// A store over a simulated phone whose apps' own code runs (ArbiterKit): `send` and `advance` go through the
    /// phone, so the apps' handlers run and what they call is checked and received like every other change. What the
    /// phone did before (installing apps, say) is taken as the starting state.
    public init(phone: SimulatedPhone, exhaustivity: Exhaustivity = .on, lints: LintReporting = .warnings,
                allowing lintAllowances: LintAllowances = LintAllowances(), fileID: StaticString = #fileID,
                filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        self.exhaustivity = exhaustivity
        lintReporting = lints
        created = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        self.phone = phone
        ownEngine = phone.engine
        linter = Linter(startingFrom: phone.initialEngine, allowances: lintAllowances)
        recordedSteps = phone.transcript.count
        for step in phone.transcript {
            provenance.record(step.outcome.decisions)
            linter.observe(step.outcome, after: step.engine)
            stepLocations.append(created)
        }
        forwardCodeFindings(of: phone)
        reportLints()
    }

    /// A store over these apps on a device (`DeviceConfig()` is unlocked, ringer on, nothing connected).
    public convenience init(device: DeviceConfig = DeviceConfig(), apps: [AppConfig], ios: Int = 17,
                            profile: Profile = Profile(), exhaustivity: Exhaustivity = .on,
                            lints: LintReporting = .warnings, allowing lintAllowances: LintAllowances = LintAllowances(),
                            fileID: StaticString = #fileID, filePath: StaticString = #filePath,
                            line: UInt = #line, column: UInt = #column) {
        self.init(Setup(ios: ios, profile: profile, device: device, apps: apps), exhaustivity: exhaustivity,
                  lints: lints, allowing: lintAllowances, fileID: fileID, filePath: filePath, line: line,
                  column: column)
    }

    /// Sends a step at the store's time. `expected` receives the state before the step and writes what the
    /// step changes; with `fails`, the step must fail with that iOS error.
    public func send(_ event: Event, fails: ErrorCode? = nil, _ expected: ((inout PolicyState) throws -> Void)? = nil,
                     fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
                     column: UInt = #column) {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        checkNothingPending(before: "sending \(event)", at: location)
        let before = state
        let outcome = handle(event, at: location)
        defer { reportLints() }
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
    public func advance(by duration: Time, _ expected: ((inout PolicyState) throws -> Void)? = nil,
                        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
                        column: UInt = #column) {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        let before = state
        if let phone {
            phone.advance(by: duration)
            recordPhoneSteps(at: location)
        } else {
            ownNow = ownNow + duration
            record(ownEngine.handle(.advance, at: ownNow), after: ownEngine, at: location)
        }
        reportLints()
        expect(expected, from: before, step: "advancing by \(duration)", at: location)
    }

    /// Runs `body` as the code of app `app` on the store's phone (a tap in the app); `expected` writes what its calls
    /// change. The notifications they deliver must be received as any step's.
    public func run<Result>(in app: AppID, _ body: () throws -> Result,
                            _ expected: ((inout PolicyState) throws -> Void)? = nil, fileID: StaticString = #fileID,
                            filePath: StaticString = #filePath, line: UInt = #line,
                            column: UInt = #column) rethrows -> Result? {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let phone else {
            location.report("run(in:) needs a store over a SimulatedPhone; expected PolicyTestStore(phone:)")
            return nil
        }
        checkNothingPending(before: "running \(app)'s code", at: location)
        let before = state
        let result = try phone.run(in: app, body)
        recordPhoneSteps(at: location)
        reportLints()
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
        linter.report(Array(phone.codeFindings.dropFirst(forwardedCodeFindings)))
        forwardedCodeFindings = phone.codeFindings.count
    }

    /// Reports the lints' new findings as `lintReporting` says, each at the line that asked for its step.
    private func reportLints() {
        defer { reportedLints = linter.findings.count }
        guard lintReporting != .off else { return }
        for finding in linter.findings.dropFirst(reportedLints) {
            let location = finding.step.map { stepLocations[$0] } ?? created
            if lintReporting == .failures { location.report(finding.summary) } else { location.warn(finding.summary) }
        }
    }

    /// Asserts that the oldest pending notification is `kind`, delivered to `app`, and takes it.
    public func receive(_ app: AppID, _ kind: NotificationKind, fileID: StaticString = #fileID,
                        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
        let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let next = pending.first else {
            location.report("Expected to receive \(app) ← \(kind), but no notification is pending")
            return
        }
        if next.app == app && next.kind == kind {
            pending.removeFirst()
            return
        }
        if let index = pending.firstIndex(where: { $0.app == app && $0.kind == kind }), exhaustivity == .off {
            pending.removeSubrange(...index)
            return
        }
        location.report(Failures.receiveMismatch(app, kind, pending: pending))
    }

    /// Ends the test: every notification must have been received (with exhaustivity on).
    public func finish(fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
                       column: UInt = #column) {
        finished = true
        linter.report(phone?.codeFindingsIfEndedNow ?? [])
        linter.finish()
        reportLints()
        checkNothingPending(before: "finishing", at: SourceLocation(fileID: fileID, filePath: filePath, line: line,
                                                                      column: column))
    }

    deinit {
        if !finished && exhaustivity == .on && !pending.isEmpty {
            created.report(Failures.unreceived(pending, before: "the store was released without finish()"))
        }
    }

    private func record(_ outcome: Outcome, after engine: Engine, at location: SourceLocation) {
        provenance.record(outcome.decisions)
        pending += outcome.notifications
        linter.observe(outcome, after: engine)
        stepLocations.append(location)
    }

    private func checkNothingPending(before what: String, at location: SourceLocation) {
        guard exhaustivity == .on, !pending.isEmpty else {
            if exhaustivity == .off { pending = [] }
            return
        }
        location.report(Failures.unreceived(pending, before: what))
        pending = []
    }

    /// Compares the state after a step with the previous state changed by `expected`.
    private func expect(_ expected: ((inout PolicyState) throws -> Void)?, from before: PolicyState, step: String,
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
        location.report(Failures.stateMismatch(expected: wanted, actual: actual, step: step, provenance: provenance))
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
            Issue.record(Comment(rawValue: "warning: " + message), severity: .warning,
                         sourceLocation: Testing.SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)",
                                                                line: Int(line), column: Int(column)))
        } else {
            FileHandle.standardError.write(Data("\(filePath):\(line):\(column): warning: \(message)\n".utf8))
        }
    }
}
