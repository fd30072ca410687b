import ArbiterEngine
import ArbiterKit
import ArbiterLint
import ArbiterScenario

extension SimulatedPhone {
    /// A phone with a scenario's iOS version, profile, device and declared apps, but for the apps named in `codeApps`:
    /// those the scenario declares (so its checks may name them) and the test installs with their own code.
    public convenience init(_ scenario: Scenario, codeApps: Set<AppID>) throws(SetupError) {
        var setup = scenario.setup
        setup.apps.removeAll { codeApps.contains($0.name) }
        if let foreground = setup.device.foreground, codeApps.contains(foreground) { setup.device.foreground = nil }
        try self.init(setup, allowing: scenario.lintAllowances)
    }
}

/// Replays a scenario's steps on a phone whose apps' own code runs beside the scenario's declared apps: each step at
/// its time after the phone's time when the replay starts, each `expect:` checked there, the apps' handlers run as the
/// steps tell them things. Make the phone with `SimulatedPhone(scenario, codeApps:)` and install the code apps first.
/// Each failed check or step is one issue at the YAML file's line (under Swift Testing), as `assertScenario` reports.
/// Returns whether every step and check went as the scenario says.
@discardableResult
public func assertScenario(
    _ scenario: Scenario, on phone: SimulatedPhone, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> Bool {
    let call = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    let start = phone.now
    var provenance = Provenance()
    for step in phone.transcript { provenance.record(step.outcome.decisions) }
    var seen = phone.transcript.count
    var window: [SessionNotification] = []
    var passed = true
    func catchUp() {
        for step in phone.transcript.dropFirst(seen) {
            provenance.record(step.outcome.decisions)
            window += step.outcome.notifications
        }
        seen = phone.transcript.count
    }
    for step in scenario.steps {
        let time = start + step.time
        if time > phone.now { phone.advance(by: time - phone.now) }
        switch step.action {
        case .event(let event, let fails):
            let outcome = phone.sendForItsOutcome(event)
            catchUp()
            if let problem = Replayer.problem(outcome, expected: fails) {
                report("\(event) \(problem)", at: step.position, call: call)
                passed = false
            }
        case .expect(let checks):
            catchUp()
            for result in Check.evaluate(
                checks, engine: phone.engine, at: phone.now, since: window,
                provenance: provenance) where !result.passed
            {
                var message = result.summary
                if let rule = result.rule { message += "\n  because [\(rule.id)] \(rule.statement) (\(rule.source))" }
                report(message, at: result.check.position, call: call)
                passed = false
            }
            window = []
        }
    }
    return passed
}

/// Loads the scenario at `path` (relative to the package root) and replays it on `phone`, as
/// `assertScenario(_:on:)` does; a file error is an issue at its line.
@discardableResult
public func assertScenario(
    _ path: String, on phone: SimulatedPhone, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> Bool {
    switch ScenarioFiles.load(path) {
    case .failure(let errors):
        let call = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
        for diagnostic in errors.diagnostics { report(diagnostic.text, at: diagnostic.position, call: call) }
        return false
    case .success(let scenario):
        return assertScenario(scenario, on: phone, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}

extension SimulatedPhone {
    /// Sends `event` and returns its own outcome (the handlers it set off may have made steps before and after it).
    func sendForItsOutcome(_ event: Event) -> Outcome {
        let steps = send(event)
        return (steps.first { $0.cause == .test && $0.outcome.event == event } ?? steps[0]).outcome
    }
}
