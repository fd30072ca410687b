import Foundation
import Testing

/// docs/scenario.schema.json, checked with a real JSON Schema validator (Python's jsonschema).
@Suite("The scenario JSON Schema")
struct SchemaTests {
    /// Malformed files whose problem only the decoder can see: it needs the app list, the time line or the
    /// engine's option table. The schema accepts them; the test keeps this list honest.
    static let decoderOnly: Set<String> = [
        "option-refused.yaml", "harmony-api-gates.yaml", "harmony-table-gates.yaml", "release-gates.yaml",
        "time-backwards.yaml",
        "two-actions.yaml",
        "unknown-app.yaml", "unknown-player.yaml",
        // The car's checks name apps and contexts the schema does not list, and a phone is told they are the car's.
        "android-car-checks-malformed.yaml", "android-car-checks-on-phone.yaml",
    ]

    func validate(_ files: [String]) throws -> [String: Bool] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "tools/validate-schema.py", "docs/scenario.schema.json"] + files
        process.currentDirectoryURL = CLI.packageRoot
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        var verdicts: [String: Bool] = [:]
        for line in text.split(separator: "\n") {
            if line.hasPrefix("ok ") { verdicts[String(line.dropFirst(3))] = true }
            if line.hasPrefix("invalid ") {
                verdicts[String(line.dropFirst(8).split(separator: ":")[0])] = false
            }
        }
        return verdicts
    }

    @Test("every scenario in scenarios/ is valid under the schema")
    func corpusIsValid() throws {
        let files =
            ((try? FileManager.default.subpathsOfDirectory(
                atPath: CLI.packageRoot.appendingPathComponent("scenarios").path)) ?? [])
            .filter { $0.hasSuffix(".yaml") }.sorted().map { "scenarios/\($0)" }
        #expect(files.count >= 50)
        let verdicts = try validate(files)
        #expect(verdicts.count == files.count)
        for file in files { #expect(verdicts[file] == true, "\(file)") }
    }

    @Test("the schema rejects every malformed file the decoder rejects, except the decoder-only checks")
    func schemaAgreesWithDecoder() throws {
        let files = try CLI.files(in: "Tests/ArbiterCLITests/Malformed", ending: ".yaml")
        let verdicts = try validate(files)
        for file in files {
            let name = String(file.split(separator: "/").last!)
            let decoder = try CLI.run(["replay", "--quiet", file])
            #expect(decoder.status == 2, "\(file): the decoder rejects it")
            if SchemaTests.decoderOnly.contains(name) {
                #expect(verdicts[file] == true, "\(file) is listed as decoder-only but the schema rejects it")
            } else {
                #expect(verdicts[file] == false, "\(file): the schema accepts what the decoder rejects")
            }
        }
    }
}
