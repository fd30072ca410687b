import Testing

@testable import ArbiterScenario

@Suite("Suggestions")
struct SuggestionsTests {
    @Test("near-miss names get a suggestion, far ones do not")
    func suggestions() {
        #expect(Suggestions.nearest(to: "plya", in: ["play", "pause"]) == "play")
        #expect(Suggestions.nearest(to: "mood", in: ["category", "mode", "options"]) == "mode")
        #expect(Suggestions.nearest(to: "Musik", in: ["Music", "Maps"]) == "Music")
        #expect(Suggestions.nearest(to: "banana", in: ["play", "pause"]) == nil)
    }
}
