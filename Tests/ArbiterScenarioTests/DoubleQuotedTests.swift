import ArbiterEngine
import ArbiterScenario
import Testing

/// Strings written into JSON lines and saved scenario files: both double-quote them with the same escapes, YAML's
/// with more characters escaped.
@Suite("DoubleQuoted")
struct DoubleQuotedTests {
    static let awkward = "a\"b\\c\nd\te\r\u{1}\u{7F}\u{85}\u{2028}\u{FEFF}é"

    @Test("JSON escapes quotes, backslashes and control characters, and keeps the rest as it is")
    func json() {
        var object = JSONObject()
        object.add("title", DoubleQuotedTests.awkward)
        #expect(object.text == "{\"title\":\"a\\\"b\\\\c\\nd\\te\\r\\u0001\u{7F}\u{85}\u{2028}\u{FEFF}é\"}")
    }

    @Test("a saved scenario escapes what YAML would fold or drop, and reads back the same title")
    func yaml() throws {
        let text = ScenarioWriter.text(
            setup: Setup(apps: [AppConfig("Music")]), steps: [],
            title: DoubleQuotedTests.awkward)
        #expect(text.hasPrefix("scenario: \"a\\\"b\\\\c\\nd\\te\\r\\u0001\\u007f\\u0085\\u2028\\ufeffé\"\n"))
        guard case .success(let scenario) = ScenarioParser.parse(text, file: "saved.yaml") else {
            Issue.record("the saved file does not decode:\n\(text)")
            return
        }
        #expect(scenario.title == DoubleQuotedTests.awkward)
    }
}
