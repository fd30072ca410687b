import ArbiterAndroid
import ArbiterEngine
import Yams

/// Decodes and validates Android scenario files (`platform: android` or `androidAutomotive`, docs/android.md).
public enum AndroidScenarioParser {
    /// Decodes a composed YAML document (the contents of `file`). Every problem is reported, in file order, each
    /// with its position, what was found there and what was expected.
    public static func decode(_ root: Node, file: String) -> Result<AndroidScenario, ScenarioErrors> {
        var decoder = AndroidScenarioDecoder(reader: YAMLReader(file: file))
        let scenario = decoder.decode(root)
        let diagnostics = decoder.reader.diagnostics
        if let scenario, diagnostics.isEmpty { return .success(scenario) }
        return .failure(ScenarioErrors(diagnostics))
    }

    /// Composes `text` (the contents of `file`) as YAML, then decodes it as `decode(_:file:)` does; YAML's own
    /// errors are reported as `ScenarioParser.parse` reports them.
    public static func parse(_ text: String, file: String) -> Result<AndroidScenario, ScenarioErrors> {
        func failure(_ message: String, expected: String, line: Int = 1, column: Int = 1)
            -> Result<AndroidScenario, ScenarioErrors> {
            .failure(ScenarioErrors([Diagnostic(SourcePosition(file: file, line: line, column: column), message,
                                                expected: expected)]))
        }
        if text.utf8.count > ScenarioParser.maximumBytes {
            return failure("the file is \(text.utf8.count) bytes",
                           expected: "a scenario of at most \(ScenarioParser.maximumBytes) bytes")
        }
        if let deep = NestingScan.firstTooDeep(text, limit: ScenarioParser.maximumDepth) {
            return failure("the document nests more than \(ScenarioParser.maximumDepth) levels deep",
                           expected: "a flatter scenario", line: deep.line, column: deep.column)
        }
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            if case .duplicatedKeysInMapping = error, let repeats = DuplicateKeys.diagnostics(text, file: file) {
                return .failure(ScenarioErrors(repeats))
            }
            return .failure(ScenarioErrors([ScenarioParser.diagnostic(for: error, file: file)]))
        } catch {
            return failure("the file is not YAML (\(error))", expected: "a YAML scenario")
        }
        guard let root else { return failure("the file is empty", expected: "a mapping with scenario, apps and steps") }
        return decode(root, file: file)
    }
}
