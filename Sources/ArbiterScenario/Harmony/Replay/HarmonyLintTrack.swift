import ArbiterEngine
import ArbiterHarmony
import ArbiterLint

/// The HarmonyOS linter of a replay (`PlatformLintTrack`).
typealias HarmonyLintTrack = PlatformLintTrack<HarmonyLinting>

extension PlatformLintTrack where Platform == HarmonyLinting {
    init(scenario: HarmonyScenario, startingFrom engine: HarmonyEngine) {
        self.init(
            HarmonyLinter(startingFrom: engine, allowances: scenario.lintAllowances), file: scenario.file,
            allowancePositions: scenario.allowancePositions, appPositions: scenario.appPositions)
    }
}
