import ArbiterEngine
import ArbiterHarmony
import Yams

/// Decodes and validates HarmonyOS scenario files (`platform: harmonyos`, docs/harmonyos.md).
public enum HarmonyScenarioParser {
    /// Decodes a composed YAML document (the contents of `file`), reporting every problem with its position.
    public static func decode(_ root: Node, file: String) -> Result<HarmonyScenario, ScenarioErrors> {
        var decoder = HarmonyScenarioDecoder(reader: YAMLReader(file: file))
        let scenario = decoder.decode(root)
        let diagnostics = decoder.reader.diagnostics
        if let scenario, diagnostics.isEmpty { return .success(scenario) }
        return .failure(ScenarioErrors(diagnostics))
    }

    /// Decodes steps written as under `steps:`, the first at `time` or after it, for a run whose setup is `setup`:
    /// what the REPL needs. Names are checked against the setup's apps and streams.
    public static func decodeSteps(_ node: Node, file: String, setup: HarmonySetup, from time: Time = .zero)
        -> Result<[HarmonyStep], ScenarioErrors>
    {
        var decoder = HarmonyScenarioDecoder(reader: YAMLReader(file: file))
        decoder.api = setup.api
        decoder.apps = setup.apps
        let steps = decoder.decodeSteps(node, from: time)
        let diagnostics = decoder.reader.diagnostics
        return diagnostics.isEmpty ? .success(steps) : .failure(ScenarioErrors(diagnostics))
    }

    /// Composes `text` as YAML, then decodes it as `decode(_:file:)` does.
    public static func parse(_ text: String, file: String) -> Result<HarmonyScenario, ScenarioErrors> {
        ScenarioParser.compose(text, file: file).flatMap { decode($0, file: file) }
    }
}
