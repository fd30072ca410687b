import ArbiterAndroid
import ArbiterEngine
import ArbiterScenario
import Testing

@Suite("Android timeline and JSON lines")
struct AndroidOutputTests {
    static let duckRule = Rule(
        id: "focus.auto-duck", statement: "the framework ducks the loser itself",
        source: "§10.4 (AOSP-FB PlaybackActivityMonitor.java)", evidence: .documented)
    static let grantRule = Rule(
        id: "focus.grant", statement: "a request is granted when no one locks focus",
        source: "§10.3", evidence: .documented)

    /// A report made by hand: two steps, the time passing before an expect, and an expect with a passing and a
    /// failing check.
    func report() throws -> AndroidScenarioReport {
        let scenario = try AndroidScenarioParser.parse(
            """
            scenario: Ducking "by hand"
            platform: android
            apps: { Music: {}, Maps: { focusGain: gainTransientMayDuck } }
            steps:
              - Music: play
                returns: granted
              - after: 10s
                Maps: { requestFocus: { gain: gainTransient, usage: assistant } }
                returns: granted
              - after: 500ms
                expect:
                  focus: Maps
                  Music: { ducked: true }
            """, file: "t.yaml"
        ).get()
        let music = FocusOwner.app("Music")
        let maps = FocusOwner.app("Maps")
        let first = FocusOutcome(
            time: .zero, event: .app("Music", .play(nil)), result: .granted,
            decisions: [
                FocusDecision(owner: music, change: .request(.gain, .granted), rule: Self.grantRule),
                FocusDecision(owner: music, change: .player("main", .started), rule: Self.grantRule),
            ])
        let second = FocusOutcome(
            time: .seconds(10), event: scenario.steps[1].event!, result: .failed,
            decisions: [
                FocusDecision(owner: maps, change: .request(.gainTransient, .failed), rule: Self.grantRule)
            ], notifications: [FocusNotification(app: "Music", change: .lossTransient, rule: Self.duckRule)])
        let advance = FocusOutcome(
            time: .ms(10_500), event: .advance,
            decisions: [
                FocusDecision(owner: music, change: .ducked(to: 0.2, over: .ms(500)), rule: Self.duckRule)
            ])
        let checks = scenario.steps[2].checks
        return AndroidScenarioReport(
            scenario: scenario,
            entries: [
                .step(
                    AndroidStepRecord(
                        position: scenario.steps[0].position, outcome: first,
                        expectedResult: scenario.steps[0].expectedResult)),
                .step(
                    AndroidStepRecord(
                        position: scenario.steps[1].position, outcome: second,
                        expectedResult: scenario.steps[1].expectedResult,
                        problem: AndroidReplayer.problem(second, expected: scenario.steps[1].expectedResult))),
                .step(AndroidStepRecord(position: nil, outcome: advance)),
                .expect(
                    AndroidExpectRecord(
                        position: scenario.steps[2].position, time: .ms(10_500),
                        results: [
                            AndroidCheckResult(
                                check: checks[0], passed: true, key: "focus", expected: "Maps", actual: "Maps",
                                rule: Self.grantRule),
                            AndroidCheckResult(
                                check: checks[1], passed: false, key: "Music.ducked", expected: "true",
                                actual: "false", rule: Self.duckRule),
                        ])),
            ])
    }

    @Test("the timeline shows each step, decision, focus change and check, and the file's result")
    func timeline() throws {
        let report = try report()
        #expect(report.stepCount == 2 && report.checkCount == 2 && report.failureCount == 2 && !report.passed)
        #expect(
            AndroidTimelineFormatter().lines(for: report) == [
                "▶ Ducking \"by hand\"",
                "  t.yaml (android, API 34)",
                "      0s  Music: play  (returns: granted)",
                "            ✓ returned granted",
                "            Music: requests gain: granted  [focus.grant]",
                "            Music: player main started  [focus.grant]",
                "     10s  Maps: requestFocus gainTransient usage=assistant  (returns: granted)",
                "            ✗ t.yaml:8:5: returned failed, expected granted: a request is granted when no one locks focus [focus.grant]",
                "            Maps: requests gainTransient: failed  [focus.grant]",
                "            → Music: lossTransient  [focus.auto-duck]",
                "   10.5s  time passes",
                "            Music: ducked to 0.2 over 500ms  [focus.auto-duck]",
                "   10.5s  expect (line 11)",
                "            ✓ focus = Maps",
                "            ✗ t.yaml:13:16: Music.ducked: expected true, got false",
                "                because [focus.auto-duck] the framework ducks the loser itself (§10.4 (AOSP-FB PlaybackActivityMonitor.java))",
                "✗ FAIL t.yaml (2 steps, 2 checks, 2 failures)",
                "",
            ])
        #expect(
            AndroidTimelineFormatter(quiet: true, tag: "[android]").lines(for: report) == [
                "     10s  Maps: requestFocus gainTransient usage=assistant  (returns: granted)",
                "            ✗ t.yaml:8:5: returned failed, expected granted: a request is granted when no one locks focus [focus.grant]",
                "   10.5s  expect (line 11)",
                "            ✗ t.yaml:13:16: Music.ducked: expected true, got false",
                "                because [focus.auto-duck] the framework ducks the loser itself (§10.4 (AOSP-FB PlaybackActivityMonitor.java))",
                "✗ FAIL t.yaml [android] (2 steps, 2 checks, 2 failures)",
            ])
    }

    @Test("JSON lines: one object a line for the scenario, steps, decisions, focus changes, checks and the result")
    func jsonLines() throws {
        let lines = AndroidJSONLinesFormatter.lines(for: try report())
        #expect(
            lines == [
                #"{"type":"scenario","file":"t.yaml","title":"Ducking \"by hand\"","platform":"android","sdk":34}"#,
                #"{"type":"step","file":"t.yaml","line":5,"column":5,"time":"0s","time_ms":0,"step":"Music: play","result":"granted","returns":"granted","rejection":null,"ok":true,"problem":null}"#,
                #"{"type":"decision","file":"t.yaml","line":5,"time":"0s","owner":"Music","change":"requests gain: granted","rule":"focus.grant","statement":"a request is granted when no one locks focus","source":"§10.3"}"#,
                #"{"type":"decision","file":"t.yaml","line":5,"time":"0s","owner":"Music","change":"player main started","rule":"focus.grant","statement":"a request is granted when no one locks focus","source":"§10.3"}"#,
                #"{"type":"step","file":"t.yaml","line":8,"column":5,"time":"10s","time_ms":10000,"step":"Maps: requestFocus gainTransient usage=assistant","result":"failed","returns":"granted","rejection":null,"ok":false,"problem":"returned failed, expected granted: a request is granted when no one locks focus [focus.grant]"}"#,
                #"{"type":"decision","file":"t.yaml","line":8,"time":"10s","owner":"Maps","change":"requests gainTransient: failed","rule":"focus.grant","statement":"a request is granted when no one locks focus","source":"§10.3"}"#,
                #"{"type":"notification","file":"t.yaml","line":8,"time":"10s","app":"Music","change":"lossTransient","rule":"focus.auto-duck"}"#,
                #"{"type":"step","file":"t.yaml","line":0,"column":0,"time":"10.5s","time_ms":10500,"step":"time passes","result":null,"returns":null,"rejection":null,"ok":true,"problem":null}"#,
                #"{"type":"decision","file":"t.yaml","line":0,"time":"10.5s","owner":"Music","change":"ducked to 0.2 over 500ms","rule":"focus.auto-duck","statement":"the framework ducks the loser itself","source":"§10.4 (AOSP-FB PlaybackActivityMonitor.java)"}"#,
                #"{"type":"check","file":"t.yaml","line":12,"column":7,"time":"10.5s","key":"focus","passed":true,"expected":"Maps","actual":"Maps","rule":"focus.grant"}"#,
                #"{"type":"check","file":"t.yaml","line":13,"column":16,"time":"10.5s","key":"Music.ducked","passed":false,"expected":"true","actual":"false","rule":"focus.auto-duck"}"#,
                #"{"type":"result","file":"t.yaml","platform":"android","passed":false,"steps":2,"checks":2,"failures":2,"warnings":0}"#,
            ])
        #expect(AndroidJSONLinesFormatter.lines(for: try report()) == lines)
    }

    @Test("a request step's problem: a rejection, nothing returned, or another result")
    func problems() {
        let returns = ExpectedFocusResult(
            result: .granted, position: SourcePosition(file: "t.yaml", line: 1, column: 1))
        let event = AndroidEvent.app("Music", .requestFocus(FocusRequestChange()))
        #expect(
            AndroidReplayer.problem(FocusOutcome(time: .zero, event: event, result: .granted), expected: returns) == nil
        )
        #expect(
            AndroidReplayer.problem(FocusOutcome(time: .zero, event: event, result: .delayed), expected: nil) == nil)
        #expect(
            AndroidReplayer.problem(FocusOutcome(time: .zero, event: event, rejection: "no app 'X'"), expected: nil)
                == "cannot be applied: no app 'X'")
        #expect(
            AndroidReplayer.problem(FocusOutcome(time: .zero, event: event), expected: returns)
                == "returned nothing, expected granted: the step made no focus request (it holds focus or waits for it)"
        )
        #expect(
            AndroidReplayer.problem(FocusOutcome(time: .zero, event: event, result: .delayed), expected: returns)
                == "returned delayed, expected granted")
    }
}
