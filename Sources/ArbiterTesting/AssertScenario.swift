import ArbiterEngine
import ArbiterScenario
import Foundation
import IssueReporting
import Testing

/// Replays a YAML scenario inside a test. Each failed expectation, failed step or file error is one issue: under
/// Swift Testing it is recorded at the YAML file's own line and column; under XCTest (which can only point at
/// Swift source) it is reported at the call, with the YAML position first in the message. Each lint's finding is a
/// warning at its YAML position (an issue of severity warning under Swift Testing), which does not fail the test.
///
/// A relative `path` is taken from the package root (the working directory of `swift test`).
/// Returns whether the scenario passed.
@discardableResult
public func assertScenario(
    _ path: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
) -> Bool {
    let call = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    switch ScenarioFiles.load(path) {
    case .failure(let errors):
        for diagnostic in errors.diagnostics {
            report(diagnostic.text, at: diagnostic.position, call: call)
        }
        return false
    case .success(let scenario):
        let report = Replayer.replay(scenario)
        for problem in ScenarioProblems.list(report) {
            ArbiterTesting.report(problem.message, at: problem.position, call: call)
        }
        for warning in report.warnings { warn(warning.finding.summary, at: warning.position, call: call) }
        return report.passed
    }
}

/// Replays every `.yaml` scenario under `folder` (recursively), as `assertScenario` does for each; a failure in
/// one does not stop the others. Returns how many passed and failed.
@discardableResult
public func assertScenarios(
    in folder: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
) -> (passed: Int, failed: Int) {
    let paths = ScenarioFiles.expand([folder])
    if paths.isEmpty {
        reportIssue(
            "No .yaml scenarios under \(folder)", fileID: fileID, filePath: filePath, line: line, column: column)
    }
    var passed = 0
    var failed = 0
    for path in paths {
        if assertScenario(path, fileID: fileID, filePath: filePath, line: line, column: column) {
            passed += 1
        } else {
            failed += 1
        }
    }
    return (passed, failed)
}

/// The scenario's failures, each with its YAML position.
enum ScenarioProblems {
    struct Problem {
        var message: String
        var position: SourcePosition
    }

    static func list(_ report: ScenarioReport) -> [Problem] {
        var problems: [Problem] = []
        for entry in report.entries {
            switch entry {
            case .step(let step):
                guard let problem = step.problem else { continue }
                let position = step.position ?? SourcePosition(file: report.scenario.file, line: 1, column: 1)
                problems.append(Problem(message: "\(step.outcome.event) \(problem)", position: position))
            case .expect(let expect):
                for result in expect.results where !result.passed {
                    var message = result.summary
                    if let rule = result.rule {
                        message += "\n  because [\(rule.id)] \(rule.statement) (\(rule.source))"
                    }
                    problems.append(Problem(message: message, position: result.check.position))
                }
            }
        }
        return problems
    }
}

/// One issue at a YAML position: there itself under Swift Testing, at the call under XCTest.
func report(_ message: String, at position: SourcePosition, call: SourceLocation) {
    if TestContext.current?.isSwiftTesting == true {
        let module = "\(call.fileID)".split(separator: "/").first.map(String.init) ?? "Scenarios"
        let name = position.file.split(separator: "/").last.map(String.init) ?? position.file
        Issue.record(
            Comment(rawValue: message),
            sourceLocation: Testing.SourceLocation(
                fileID: "\(module)/\(name)", filePath: absolute(position.file), line: position.line,
                column: position.column))
    } else {
        call.report("\(position): \(message)")
    }
}

/// One lint's warning at a YAML position: an issue of severity warning there under Swift Testing (the test still
/// passes), a line on standard error elsewhere.
func warn(_ message: String, at position: SourcePosition, call: SourceLocation) {
    if TestContext.current?.isSwiftTesting == true {
        let module = "\(call.fileID)".split(separator: "/").first.map(String.init) ?? "Scenarios"
        let name = position.file.split(separator: "/").last.map(String.init) ?? position.file
        Issue.record(
            Comment(rawValue: "warning: " + message), severity: .warning,
            sourceLocation: Testing.SourceLocation(
                fileID: "\(module)/\(name)", filePath: absolute(position.file), line: position.line,
                column: position.column))
    } else {
        FileHandle.standardError.write(Data("\(position): warning: \(message)\n".utf8))
    }
}

/// `path` from the working directory, made absolute so that editors can open it.
private func absolute(_ path: String) -> String {
    path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
}
