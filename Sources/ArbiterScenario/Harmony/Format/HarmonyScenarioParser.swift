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

    /// Composes `text` as YAML, then decodes it as `decode(_:file:)` does.
    public static func parse(_ text: String, file: String) -> Result<HarmonyScenario, ScenarioErrors> {
        ScenarioParser.compose(text, file: file).flatMap { decode($0, file: file) }
    }
}
