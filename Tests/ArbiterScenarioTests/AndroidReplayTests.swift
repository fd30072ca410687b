import ArbiterAndroid
import ArbiterEngine
import ArbiterScenario
import Testing

@Suite("Android replay")
struct AndroidReplayTests {
    func replay(_ text: String) throws -> AndroidScenarioReport {
        AndroidReplayer.replay(try AndroidScenarioParser.parse(text, file: "r.yaml").get())
    }

    /// The results of every expect, in order.
    func results(_ report: AndroidScenarioReport) -> [AndroidCheckResult] {
        report.entries.flatMap { entry -> [AndroidCheckResult] in
            if case .expect(let expect) = entry { return expect.results }
            return []
        }
    }

    /// The problems of every step, in order.
    func problems(_ report: AndroidScenarioReport) -> [String] {
        report.entries.compactMap { entry in
            if case .step(let step) = entry { return step.problem }
            return nil
        }
    }

    static let apps = """
        apps:
          Music:
            usage: media
            contentType: music
            reactions:
              focusLoss: [stop, abandonFocus]
              focusLossTransient: pause
              focusGain: resume
          Maps:
            usage: assistanceNavigationGuidance
            contentType: speech
            focusGain: gainTransientMayDuck
        """

    @Test("docs/android.md's first scenario passes: a strong duck, then the framework's unduck")
    func firstScenario() throws {
        let report = try replay(
            """
            scenario: A navigation prompt ducks music, which the framework restores
            platform: android
            android: 14
            \(Self.apps)
            steps:
              - Music: play
                returns: granted
              - after: 10s
                Maps: play
              - after: 500ms                 # the duck ramps over 500 ms
                expect:
                  focus: Maps
                  stack: [Maps, Music]
                  holders: [Maps]
                  Music: { focus: lossTransientCanDuck, playing: true, audible: true, ducked: true, volume: 0.017783 }
                  Maps: { focus: gain, request: granted, players: { main: started } }
                  events: []
              - after: 3s
                Maps: abandonFocus
              - after: 500ms                 # the duck played backwards
                expect:
                  focus: Music
                  Music: { ducked: false, volume: 1, playing: true }
                  events: []                 # the loss was not told, so the gain is not either
            """)
        let failed = results(report).filter { !$0.passed }.map(\.summary)
        #expect(failed.isEmpty)
        #expect(problems(report).isEmpty)
        #expect(report.passed && report.stepCount == 3 && report.checkCount == 17)
        let volume = try #require(results(report).first { $0.key == "Music.volume" })
        #expect(volume.rule?.id == "duck.strong")
        let lines = AndroidTimelineFormatter().lines(for: report)
        #expect(lines.last(where: { !$0.isEmpty }) == "✓ PASS r.yaml (3 steps, 17 checks)")
        #expect(lines.contains("            Music: ducked to 0.018 over 500ms  [duck.strong]"))
        #expect(results(report).first { $0.key == "focus" }?.rule?.id == "focus.holds")
    }

    @Test("a failing check says what was expected, what the engine has, and the rule behind it")
    func failingChecks() throws {
        let report = try replay(
            """
            scenario: Expecting the old duck
            platform: android
            android: 14
            \(Self.apps)
            steps:
              - Music: play
              - Maps: play
              - after: 1s
                expect:
                  Music: { volume: 0.2, focus: lossTransient, events: [lossTransientCanDuck] }
                  focus: Music
                  stack: [Music]
            """)
        let failed = results(report).filter { !$0.passed }
        #expect(
            failed.map(\.summary) == [
                "Music.volume: expected 0.2, got 0.017783",
                "Music.focus: expected lossTransient, got lossTransientCanDuck",
                "Music.events: expected [lossTransientCanDuck], got []",
                "focus: expected Music, got Maps",
                "stack: expected [Music], got [Maps, Music]",
            ])
        #expect(failed[0].rule?.id == "duck.strong")
        #expect(failed[0].check.position == SourcePosition(file: "r.yaml", line: 21, column: 16))
        #expect(report.failureCount == 5 && !report.passed)
        let lines = AndroidTimelineFormatter(quiet: true).lines(for: report)
        #expect(lines.contains("            ✗ r.yaml:21:16: Music.volume: expected 0.2, got 0.017783"))
        #expect(lines.contains { $0.hasPrefix("                because [duck.strong] ") })
        #expect(lines.last == "✗ FAIL r.yaml (2 steps, 5 checks, 5 failures)")
    }

    @Test(
        "volumes are compared within 1 % of the value expected, and the profile's duck level is the one the engine uses"
    )
    func tolerance() throws {
        let report = try replay(
            """
            scenario: Near enough
            platform: android
            android: 13
            profile: { duckLevel: 0.3 }
            \(Self.apps)
            steps:
              - Music: play
              - Maps: play
              - after: 1s
                expect:
                  Music: { volume: 0.302, players: { main: { state: started, volume: 0.298 } } }
              - expect:
                  Music: { volume: 0.305 }
            """)
        #expect(results(report).map(\.passed) == [true, true, true, false])
        #expect(results(report).last?.summary == "Music.volume: expected 0.305, got 0.3")
    }

    @Test("events: in order since the previous expect, or includes in any order, for all apps or one")
    func events() throws {
        let report = try replay(
            """
            scenario: A call takes focus
            platform: android
            \(Self.apps)
              Pod: { reactions: { focusLossTransient: pause, focusGain: resume } }
            steps:
              - Music: play
              - Pod: play
              - system: incomingCall
              - after: 3s
                expect:
                  events: [ Pod: lossTransient, Music: loss ]
                  Pod: { focus: lossTransient, playing: false, events: [lossTransient] }
              - system: declineCall
              - expect:
                  events: { includes: [ Pod: gain ] }
                  Pod: { playing: true, events: { includes: [gain] } }
              - expect:
                  events: []
                  Pod: { events: [gain] }
            """)
        #expect(problems(report).isEmpty)
        #expect(
            results(report).map(\.key) == [
                "events", "Pod.focus", "Pod.playing", "Pod.events", "events.includes",
                "Pod.playing", "Pod.events.includes", "events", "Pod.events",
            ])
        #expect(results(report).map(\.passed) == [true, true, true, true, true, true, true, true, false])
        #expect(results(report).last?.summary == "Pod.events: expected [gain], got []")
    }

    @Test("a step's returns: is compared with the request's result; a step the engine refuses is a failure")
    func returnsAndRejections() throws {
        let report = try replay(
            """
            scenario: Asking during a call
            platform: android
            apps:
              Music: {}
              Pod: { acceptsDelayedFocusGain: true }
            steps:
              - system: incomingCall
              - Music: requestFocus
                returns: granted
              - Pod: requestFocus
                returns: delayed
              - system: declineCall
              - system: endCall
              - expect:
                  Music: { request: failed, focus: none }
                  Pod: { request: delayed }
            """)
        let problems = problems(report)
        #expect(problems.count == 2)
        #expect(problems.first?.hasPrefix("returned failed, expected granted: ") == true)
        #expect(problems.last?.hasPrefix("cannot be applied: ") == true)
        #expect(results(report).filter { !$0.passed }.isEmpty)
        let lines = AndroidTimelineFormatter().lines(for: report)
        #expect(lines.contains("      0s  Pod: requestFocus  (returns: delayed)"))
        #expect(lines.contains("            ✓ returned delayed"))
        #expect(lines.contains { $0.hasPrefix("            ✗ r.yaml:8:5: returned failed, expected granted: ") })
    }

    @Test("the car: holders in any order, and a car scenario replays through the car's matrix")
    func car() throws {
        let report = try replay(
            """
            scenario: Navigation beside music in the car
            platform: androidAutomotive
            \(Self.apps)
            steps:
              - Music: play
              - Maps: play
              - after: 1s
                expect:
                  holders: [Music, Maps]
              - expect:
                  holders: [Maps, Music]
                  Music: { ducked: true }
              - expect:
                  holders: [Maps]
            """)
        #expect(report.scenario.platform == .car)
        #expect(results(report).map(\.passed) == [true, true, true, false])
        #expect(results(report).last?.summary.hasPrefix("holders: expected [Maps], got [") == true)
    }

    @Test("notificationSoundPlays follows the ringer beside an exclusive holder, and cites the decision when current")
    func notificationSound() throws {
        let report = try replay(
            """
            scenario: Dictation holds notifications back on vibrate
            platform: android
            device: { ringerMode: vibrate }
            apps:
              Rec: { focusGain: AUDIOFOCUS_GAIN_TRANSIENT_EXCLUSIVE }
            steps:
              - Rec: requestFocus
                returns: granted
              - system: notification
              - expect:
                  notificationSoundPlays: false
              - device: { ringerMode: normal }
              - expect:
                  notificationSoundPlays: true
            """)
        #expect(problems(report).isEmpty)
        #expect(results(report).map(\.passed) == [true, true])
        #expect(results(report).first?.rule?.id == "notification.exclusive-holds-back")
        #expect(results(report).last?.rule == nil)
        #expect(AndroidTimelineFormatter().lines(for: report).contains("      0s  device: ringerMode normal"))
    }

    @Test("a setup the engine cannot start is reported as the replay's one failure")
    func inconsistentSetup() {
        let app = AndroidApp(name: "Music", uid: 10001, targetSdk: 34)
        let scenario = AndroidScenario(
            file: "s.yaml", title: "Twice", setup: AndroidSetup(apps: [app, app]), steps: [])
        let report = AndroidReplayer.replay(scenario)
        #expect(report.failureCount == 1)
        guard case .step(let step) = report.entries.first else {
            Issue.record("no step entry")
            return
        }
        #expect(step.problem?.hasPrefix("the setup is inconsistent: ") == true)
    }

    @Test("the same scenario replays to the same bytes, as text and as JSON lines")
    func deterministic() throws {
        let text = """
            scenario: Twice
            platform: android
            \(Self.apps)
            steps:
              - Music: play
              - after: 2s
                Maps: play
              - system: incomingCall
              - after: 1s
                expect: { focus: call }
            """
        let first = try replay(text)
        let second = try replay(text)
        #expect(AndroidTimelineFormatter().lines(for: first) == AndroidTimelineFormatter().lines(for: second))
        #expect(AndroidJSONLinesFormatter.lines(for: first) == AndroidJSONLinesFormatter.lines(for: second))
        #expect(
            AndroidJSONLinesFormatter.lines(for: first).last
                == #"{"type":"result","file":"r.yaml","platform":"android","passed":true,"steps":3,"checks":1,"failures":0,"warnings":1}"#
        )
    }
}
