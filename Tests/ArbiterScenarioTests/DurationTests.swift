import ArbiterEngine
import Testing

@testable import ArbiterScenario

@Suite("Duration")
struct DurationTests {
    @Test(
        "durations as the format writes them",
        arguments: [
            ("250ms", 250), ("1.5s", 1500), ("2m", 120_000), ("1m30s", 90_000), ("12", 12_000), ("0.25", 250),
        ])
    func durations(text: String, milliseconds: Int64) {
        #expect(DurationText.parse(text) == Time.ms(milliseconds))
    }

    @Test("bad durations are refused", arguments: ["", "soon", "5x", "s", "-1s", "1e99", "1.2.3s", "5s5"])
    func badDurations(text: String) {
        #expect(DurationText.parse(text) == nil)
    }
}
