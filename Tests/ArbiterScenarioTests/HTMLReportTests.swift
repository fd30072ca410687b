import ArbiterAndroid
import ArbiterEngine
import ArbiterScenario
import Testing

/// `HTMLReport`'s page as text: what it holds for a run that has no timeline, and text that must not end its script.
@Suite("HTML report")
struct HTMLReportTests {
    @Test("a run whose setup failed is listed first, with its problem")
    func runWithoutTimeline() {
        let app = AndroidApp(name: "Music", uid: 10001, targetSdk: 34)
        let scenario = AndroidScenario(
            file: "s.yaml", title: "Twice", setup: AndroidSetup(apps: [app, app]), steps: [])
        let report = AndroidReplayer.replay(scenario, recordStates: true)
        #expect(RunTimeline(report: report) == nil)
        var page = HTMLReport()
        var passed = RunTimeline(file: "p.yaml", title: "Fine", platform: "ios", device: "iOS 17", lanes: ["Music"])
        passed.sample(["Music": .init(state: "active", playing: true, gain: 1)], at: .zero)
        page.add(passed)
        page.add(unreplayed: report, file: "s.yaml", platform: "android")
        let html = page.html
        #expect(html.contains(#"<p id="summary" class="failed">2 runs: 1 passed, 1 failed"#))
        let failed = html.range(of: #"{"file":"s.yaml","title":"no timeline [android]","failed":true"#)
        let fine = html.range(of: #"{"file":"p.yaml","title":"Fine""#)
        #expect(failed != nil && fine != nil && failed!.lowerBound < fine!.lowerBound, "failures first")
        #expect(html.contains(#""errors":["s.yaml:1:1: the setup is inconsistent: "#))
    }

    @Test("a title with markup stays text: the JSON escapes <, > and &, so nothing ends the script early")
    func markupInText() {
        var page = HTMLReport()
        page.add(RunTimeline(file: "x.yaml", title: "</script><b>&", platform: "ios", device: "iOS 17", lanes: []))
        let html = page.html
        #expect(!html.contains("</script><b>"))
        #expect(html.contains(#""title":"\u003c/script\u003e\u003cb\u003e\u0026""#))
        #expect(html.components(separatedBy: "</script>").count == 3, "the data's element and the script's")
    }
}
