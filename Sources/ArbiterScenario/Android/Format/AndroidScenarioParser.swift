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
        ScenarioParser.compose(text, file: file).flatMap { decode($0, file: file) }
    }

    /// Decodes steps written as under `steps:` (a list, each `App: verb`, `system: ...`, `device: ...` or
    /// `expect: ...`, with `at:`/`after:` counted from `time`) for a run whose setup is `setup`: what a REPL or a tool
    /// adding steps to a replay needs. Names are checked against the setup's apps and players.
    public static func decodeSteps(_ node: Node, file: String, setup: AndroidSetup, from time: Time = .zero)
        -> Result<[AndroidStep], ScenarioErrors>
    {
        var decoder = AndroidScenarioDecoder(reader: YAMLReader(file: file), setup: setup)
        let steps = decoder.decodeSteps(node, from: time)
        let diagnostics = decoder.reader.diagnostics
        return diagnostics.isEmpty ? .success(steps) : .failure(ScenarioErrors(diagnostics))
    }
}
