import ArbiterEngine
import ArbiterTesting
import Foundation
import Synchronization
import Testing

/// The text of an issue, as the test report shows it.
func text(_ issue: Issue) -> String { issue.comments.map(\.rawValue).joined(separator: "\n") }

@Suite("PolicyTestStore: what its failures say, and where")
struct FailureMessageTests {
    @Test("a wrong expected change: a heading, a diff with a legend, and the rule behind the actual value")
    func stateDiff() {
        let store = PolicyTestStore(apps: [Apps.music, Apps.maps], exhaustivity: .off)
        store.send(.app("Music", .play()))
        let line: UInt = #line + 2
        withKnownIssue {
            store.send(.app("Maps", .play())) { $0.apps["Music"].ducked = false }
        } matching: { issue in
            let message = text(issue)
            return message.hasPrefix("A state change does not match expectation after Maps: play: …")
                && message.contains("−       ducked: false,\n")
                && message.contains("+       ducked: true,\n")
                && message.contains("(Expected: −, Actual: +)")
                && message.contains(
                    "The rules behind the actual values:\n  Music.ducked: [ducking.duck-others] while a session with duckOthers is active"
                )
                && issue.sourceLocation?.line == Int(line)
                && issue.sourceLocation?.fileName == "FailureMessageTests.swift"
        }
    }

    @Test("a change the closure did not write fails exhaustive tests")
    func unwrittenChange() {
        let store = PolicyTestStore(apps: [Apps.music])
        withKnownIssue {
            store.send(.app("Music", .play())) {
                $0.apps["Music"].active = true
                $0.apps["Music"].playing = true
                $0.apps["Music"].players["main"] = .playing
                $0.nowPlaying = "Music"
            }
        } matching: { issue in
            let message = text(issue)
            return message.contains("−       audible: false,\n") && message.contains("+       audible: true,\n")
                && message.contains("Music.audible: [audible.playing]")
        }
    }

    @Test("notifications not received fail the next step, listed with their rules")
    func unreceivedBeforeNextStep() {
        let store = PolicyTestStore(apps: [Apps.music])
        store.send(.app("Music", .play())) {
            $0.apps["Music"].active = true
            $0.apps["Music"].playing = true
            $0.apps["Music"].audible = true
            $0.apps["Music"].players["main"] = .playing
            $0.nowPlaying = "Music"
        }
        store.send(.system(.incomingCall)) {
            $0.apps["Music"].active = false
            $0.apps["Music"].interrupted = true
            $0.apps["Music"].playing = false
            $0.apps["Music"].audible = false
            $0.apps["Music"].players["main"] = .paused
            $0.device.call = .ringing
        }
        withKnownIssue {
            store.send(.system(.declineCall)) {
                $0.device.call = nil
                $0.apps["Music"].interrupted = false
                $0.apps["Music"].active = true
                $0.apps["Music"].playing = true
                $0.apps["Music"].audible = true
                $0.apps["Music"].players["main"] = .playing
            }
        } matching: { issue in
            text(issue)
                == """
                1 notification was delivered and not received before sending system: incomingCall: …

                  Music ← interruptionBegan reason=default  [system.call-interrupts]

                Receive each with store.receive(APP, NOTIFICATION), or set exhaustivity to .off.
                """.replacingOccurrences(of: "sending system: incomingCall", with: "sending system: declineCall")
        }
        withKnownIssue {
            store.finish()
        } matching: { issue in
            text(issue).hasPrefix("1 notification was delivered and not received before finishing: …")
                && text(issue).contains("Music ← interruptionEnded shouldResume=true  [system.declined-call-resumes]")
        }
    }

    @Test("receive names what was pending when the notification is not the next one")
    func receiveMismatch() {
        let store = PolicyTestStore(apps: [Apps.music, Apps.maps], exhaustivity: .on)
        withKnownIssue {
            store.receive("Music", .interruptionBegan(reason: .default))
        } matching: { issue in
            text(issue)
                == "Expected to receive Music ← interruptionBegan reason=default, but no notification is pending"
        }
    }

    @Test("an iOS error the test did not expect, and an expected one that did not come")
    func unexpectedErrors() {
        let store = PolicyTestStore(apps: [AppConfig("Memo", category: .playback)], exhaustivity: .off)
        withKnownIssue {
            store.send(.app("Memo", .record))
        } matching: { issue in
            text(issue).hasPrefix("Memo: record failed with incompatibleCategory")
                && text(issue).contains("pass fails: .incompatibleCategory if that is what you expect")
        }
        withKnownIssue {
            store.send(.app("Memo", .activate), fails: .cannotInterruptOthers)
        } matching: { issue in
            text(issue).hasPrefix("Memo: activate was expected to fail with cannotInterruptOthers")
        }
    }

    @Test("with exhaustivity off, only what the closure writes is checked")
    func nonExhaustive() {
        let store = PolicyTestStore(apps: [Apps.music, Apps.maps], exhaustivity: .off)
        store.send(.app("Music", .play())) { $0.apps["Music"].playing = true }
        store.send(.app("Maps", .play())) { $0.apps["Music"].gain = 0.2 }
        store.finish()
        store.send(.app("Maps", .stop())) { $0.apps["Music"].gain = 0.2 }
        withKnownIssue {
            store.send(.app("Maps", .deactivate(notifyOthers: false))) { $0.apps["Music"].gain = 0.2 }
        } matching: { issue in
            text(issue).contains("−       gain: 0.2,\n") && text(issue).contains("+       gain: 1.0,\n")
        }
    }

    @Test("a mistyped app name shows up in the diff as an app that does not exist")
    func mistypedApp() {
        let store = PolicyTestStore(apps: [Apps.music], exhaustivity: .off)
        withKnownIssue {
            store.send(.app("Music", .play())) { $0.apps["Musik"].playing = true }
        } matching: { issue in
            text(issue).contains("−     Musik: PolicyState.App(")
                && text(issue).contains("There is no app named Musik; the apps are: Music.")
        }
    }
}

@Suite("assertScenario: YAML failures at the YAML's own line")
struct AssertScenarioTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    @Test("a passing scenario and a whole folder pass")
    func passing() {
        #expect(assertScenario(Self.root + "/scenarios/interruptions/spoken-audio.yaml"))
        let counts = assertScenarios(in: Self.root + "/scenarios/ducking")
        #expect(counts.failed == 0 && counts.passed >= 1)
    }

    @Test("each failed expectation is an issue at its YAML file, line and column")
    func failedExpectation() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("arbiter-assert-\(getpid()).yaml").path
        defer { unlink(path) }
        try """
        scenario: two wrong expectations
        apps:
          Music: { category: playback }
        steps:
          - Music: play
          - expect:
              Music: { playing: false, audible: false }
        """.write(toFile: path, atomically: true, encoding: .utf8)
        let seen = Mutex<[Int]>([])
        withKnownIssue {
            #expect(!assertScenario(path))
        } matching: { issue in
            guard issue.sourceLocation?._filePath == path, issue.sourceLocation?.line == 7 else { return false }
            seen.withLock { $0.append(issue.sourceLocation!.column) }
            return text(issue).hasPrefix("Music.playing: expected false, got true")
                || text(issue).hasPrefix("Music.audible: expected false, got true")
        }
        #expect(seen.withLock { $0.sorted() } == [16, 32])
    }

    @Test("a malformed file is an issue at the mistake, with the CLI's message")
    func malformed() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("arbiter-bad-\(getpid()).yaml").path
        defer { unlink(path) }
        try """
        scenario: a typo
        apps:
          Music: { category: playbak }
        steps: []
        """.write(toFile: path, atomically: true, encoding: .utf8)
        withKnownIssue {
            #expect(!assertScenario(path))
        } matching: { issue in
            issue.sourceLocation?.line == 3 && issue.sourceLocation?.column == 22
                && text(issue).hasPrefix("unknown category 'playbak' (did you mean 'playback'?); expected one of")
        }
    }
}
