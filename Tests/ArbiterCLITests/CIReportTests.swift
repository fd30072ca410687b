import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The reports a CI reads as they are: JUnit XML from `replay --junit`, SARIF from `lint --sarif`, and GitHub
/// Actions' annotations; each validated against its published schema (tools/setup.sh fetches them).
@Suite("Reports for CI: JUnit, SARIF, GitHub annotations")
struct CIReportTests {
    static let schemas = CLI.packageRoot.appendingPathComponent(".build-schemas").path
    static let failing = "Tests/ArbiterCLITests/Golden/failing.yaml"
    static let passing = "Tests/ArbiterCLITests/Golden/passing.yaml"
    static let invalid = "Tests/ArbiterCLITests/Malformed/unknown-verb.yaml"
    static let threePhones = "scenarios/cross-platform/movie-ducks-music-three-phones.yaml"

    /// Runs a validator; its exit status and what it printed.
    static func validate(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = CLI.packageRoot
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    static func temporary(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(getpid())").path
    }

    @Test("--junit writes a suite per file and platform half, a case per expect step, failures with the rule")
    func junit() throws {
        let path = Self.temporary("report.xml")
        defer { unlink(path) }
        let result = try CLI.run([
            "replay", "--quiet", "--junit", path, Self.passing, Self.failing, Self.invalid, Self.threePhones,
        ])
        #expect(result.status == 2, "an invalid file is exit status 2, as without --junit")
        #expect(
            FileManager.default.fileExists(atPath: Self.schemas + "/junit-10.xsd"),
            "run tools/setup.sh --deps-only: it fetches the schemas")
        let schema = try Self.validate(["xmllint", "--noout", "--schema", Self.schemas + "/junit-10.xsd", path])
        #expect(schema.status == 0, "\(schema.output)")

        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: path))
        let suites = try document.nodes(forXPath: "/testsuites/testsuite").compactMap { $0 as? XMLElement }
        let names = suites.compactMap { $0.attribute(forName: "name")?.stringValue }
        #expect(
            names == [
                Self.passing, Self.failing, Self.invalid, Self.threePhones + " [ios]", Self.threePhones + " [android]",
                Self.threePhones + " [harmonyos]",
            ])
        let root = try #require(document.rootElement())
        #expect(root.attribute(forName: "errors")?.stringValue == "1")
        let failing = try #require(suites.first { $0.attribute(forName: "name")?.stringValue == Self.failing })
        let failures = try failing.nodes(forXPath: "testcase/failure").compactMap { $0 as? XMLElement }
        #expect(!failures.isEmpty && failing.attribute(forName: "failures")?.stringValue == "\(failures.count)")
        let first = try #require(failures.first)
        #expect(first.attribute(forName: "message")?.stringValue?.contains(": expected ") == true)
        #expect(first.stringValue?.hasPrefix(Self.failing + ":") == true, "the body starts at the check's file:line")
        #expect(first.stringValue?.contains("because [") == true, "the rule behind the actual value")
        let cases = try suites[3].nodes(forXPath: "testcase").compactMap { $0 as? XMLElement }
        #expect(cases.count == 2 && cases.allSatisfy { $0.elements(forName: "failure").isEmpty })
        #expect(cases.first?.elements(forName: "system-out").first?.stringValue == Self.threePhones + ":43:5")
        #expect(
            cases.first?.attribute(forName: "classname")?.stringValue
                == "scenarios.cross-platform.movie-ducks-music-three-phones.ios")
        #expect(
            cases.first?.attribute(forName: "name")?.stringValue
                == "expect at 11s: Music.playing, Music.ducked, Video.playing, events",
            "named by its time and what it checks, which stay when lines are added above")
        let steps = try failing.nodes(forXPath: "testcase").compactMap {
            ($0 as? XMLElement)?.attribute(forName: "name")?.stringValue
        }
        #expect(steps.contains("step at 0s: Video: activate"), "\(steps)")
        let error = try suites[2].nodes(forXPath: "testcase/error").first as? XMLElement
        #expect(error?.attribute(forName: "message")?.stringValue?.contains("did you mean 'play'?") == true)

        let again = Self.temporary("again.xml")
        defer { unlink(again) }
        _ = try CLI.run([
            "replay", "--quiet", "--junit", again, Self.passing, Self.failing, Self.invalid, Self.threePhones,
        ])
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data(contentsOf: URL(fileURLWithPath: again)))
    }

    @Test("--junit to a path that cannot be written is an error with exit status 2, after the timeline")
    func junitUnwritable() throws {
        // /proc exists, so the path passes the check made before replaying; the kernel refuses the file.
        let result = try CLI.run(["replay", "--quiet", "--junit", "/proc/report.xml", Self.passing])
        #expect(result.status == 2)
        #expect(result.stdout.contains("error: cannot write the JUnit report /proc/report.xml"))
        #expect(result.stdout.contains("1 passed, 0 failed"))
    }

    @Test("an output that is a scenario file, another output's path, a folder or in no folder: exit 2 before replaying")
    func outputPaths() throws {
        let directory = Self.temporary("outputs")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let scenario = directory + "/mine.yaml"
        let original = try CLI.read(Self.passing)
        try original.write(toFile: scenario, atomically: true, encoding: .utf8)
        let cases: [([String], String)] = [
            (["--junit", scenario, Self.passing, scenario], "--junit \(scenario) is one of the scenario files"),
            (["--junit", directory + "/r", "--trace", directory + "/r", scenario], "is also --junit's path"),
            (["--html", directory, scenario], "--html \(directory) is a folder; expected a file to write"),
            (["--trace", directory + "/none/t.json", scenario], "the folder \(directory)/none does not exist"),
            (["--svg", directory + "/none/p.svg", scenario], "the folder \(directory)/none does not exist"),
        ]
        for (arguments, message) in cases {
            let result = try CLI.run(["replay", "--quiet"] + arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stdout.hasPrefix("error: ") && result.stdout.contains(message), "\(result.stdout)")
            #expect(!result.stdout.contains("passed"), "nothing is replayed")
        }
        #expect(try String(contentsOfFile: scenario, encoding: .utf8) == original, "the scenario is as it was")
        let lint = try CLI.run(["lint", "--sarif", scenario, scenario])
        #expect(lint.status == 2 && lint.stdout.contains("--sarif \(scenario) is one of the scenario files"))
    }

    @Test("in a GitHub Actions job a failed check is an ::error at its file, line and column; not elsewhere")
    func githubAnnotations() throws {
        let job = try CLI.run(
            ["replay", "--quiet", Self.failing, Self.invalid], environment: ["GITHUB_ACTIONS": "true"])
        let annotations = job.stdout.split(separator: "\n").filter { $0.hasPrefix("::error ") }
        #expect(annotations.contains { $0.hasPrefix("::error file=\(Self.failing),line=") }, "\(job.stdout)")
        #expect(
            annotations.contains {
                $0.hasPrefix("::error file=\(Self.invalid),line=5,col=12,title=invalid scenario::")
                    && $0.contains("(did you mean 'play'?)")
            })
        #expect(annotations.allSatisfy { !$0.dropFirst(2).contains("\n") })
        let elsewhere = try CLI.run(["replay", "--quiet", Self.failing], environment: ["GITHUB_ACTIONS": "false"])
        #expect(!elsewhere.stdout.contains("::error"))
        let json = try CLI.run(["replay", "--json", Self.failing], environment: ["GITHUB_ACTIONS": "true"])
        #expect(!json.stdout.contains("::error"), "--json lines stay JSON")
        let lint = try CLI.run(["lint", "scenarios/lints/"], environment: ["GITHUB_ACTIONS": "true"])
        #expect(lint.stdout.split(separator: "\n").contains { $0.hasPrefix("::warning file=scenarios/lints/") })
    }

    @Test("lint --sarif writes a SARIF 2.1.0 log: each lint a rule with its help, each finding at its place")
    func sarif() throws {
        let path = Self.temporary("lint.sarif")
        defer { unlink(path) }
        let result = try CLI.run(["lint", "--sarif", path, "scenarios/lints/", Self.invalid])
        #expect(result.status == 2)
        let check = """
            import json, sys, jsonschema
            jsonschema.Draft7Validator(json.load(open(sys.argv[1]))).validate(json.load(open(sys.argv[2])))
            """
        let schema = try Self.validate(["python3", "-c", check, Self.schemas + "/sarif-schema-2.1.0.json", path])
        #expect(schema.status == 0, "\(schema.output)")

        let log = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let lints = try CLI.run(["lints"]).stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }
        #expect(rules.count == lints.count + 1, "every lint, and scenario.invalid")
        let results = try #require(run["results"] as? [[String: Any]])
        let warnings = results.filter { $0["level"] as? String == "warning" }
        #expect(warnings.count == 10, "as `arbiter lint` counts them")
        for warning in warnings {
            let index = try #require(warning["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == warning["ruleId"] as? String)
        }
        let error = try #require(results.first { $0["level"] as? String == "error" })
        #expect(error["ruleId"] as? String == "scenario.invalid")
        let location = (error["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
        #expect((location?["artifactLocation"] as? [String: Any])?["uri"] as? String == Self.invalid)
        #expect((location?["region"] as? [String: Any])?["startLine"] as? Int == 5)
    }
}
