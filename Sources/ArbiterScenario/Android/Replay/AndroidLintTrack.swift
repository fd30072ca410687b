import ArbiterAndroid
import ArbiterEngine
import ArbiterLint

/// The Android linter of a replay (`PlatformLintTrack`).
typealias AndroidLintTrack = PlatformLintTrack<AndroidLinting>

extension PlatformLintTrack where Platform == AndroidLinting {
    init(scenario: AndroidScenario, startingFrom engine: AndroidEngine) {
        self.init(
            AndroidLinter(startingFrom: engine, allowances: scenario.lintAllowances), file: scenario.file,
            allowancePositions: scenario.allowancePositions, appPositions: scenario.appPositions)
    }
}
