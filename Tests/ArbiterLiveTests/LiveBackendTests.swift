import ArbiterEngine
import ArbiterScenario
import Foundation
import Logging
import Testing

@testable import ArbiterLive
@testable import ArbiterPipeWire

/// The live session over a graph of the tests' own: what programs' streams doing becomes, and what the programs
/// are then told and changed, as `arbiter attach` does it on a real daemon (ArbiterLiveTests' PipeWire suites).
@Suite struct LiveBackendTests {
    @Test func navigationPromptDucksMusicWithARampOverItsOwnVolume() throws {
        let h = try LiveHarness()
        h.graph.stream(10, name: "Lollypop", role: "Music", pid: 100, volume: 0.8)
        h.turn(at: 0)
        #expect(h.engine.app(AppID("Lollypop"))?.isPlaying == true)
        h.graph.stream(11, name: "Pure Maps", role: "Navigation", pid: 200)
        let printed = h.turn(at: 1)
        #expect(printed.contains { $0.contains("PureMaps: play") })
        #expect(printed.contains { $0.contains("[ducking.duck-others]") })
        // The first step of the ramp is taken at once; the program's own volume is not written.
        let first = h.graph.factor(10)
        #expect(first < 1 && first > Profile().duckLevel)
        #expect(h.graph.nodes[10]?.channelVolumes == [0.8, 0.8])
        h.turn(at: 5)
        #expect(h.graph.factor(10) == Profile().duckLevel)
        // The prompt ends: its app deactivates with notifyOthers and Music comes back up.
        h.graph.remove(11)
        h.turn(at: 6)
        h.turn(at: 10)
        #expect(h.graph.factor(10) == 1)
        #expect(h.players.calls.isEmpty)
        #expect(!h.graph.calls.contains { $0.hasPrefix("pause") })
    }

    @Test func aCallPausesMusicOverMPRISAndResumesItAfterwards() throws {
        let h = try LiveHarness()
        h.players.add(pid: 100, name: "lollypop")
        h.players.onPause = { _ in h.graph.set(10, running: false) }
        h.players.onPlay = { _ in h.graph.set(10, running: true) }
        h.graph.stream(10, name: "Lollypop", role: "Music", pid: 100)
        h.turn(at: 0)
        h.graph.stream(20, name: "Calls", role: "Communication", pid: 300)
        let printed = h.turn(at: 2)
        #expect(printed.contains { $0.contains("system: answerCall") })
        #expect(h.players.calls == ["Pause org.mpris.MediaPlayer2.lollypop"])
        h.turn(at: 2.1)  // the player's stream went idle: a pause obeyed, not the user's
        #expect(h.live.session.entries.allSatisfy { "\($0.event)" != "Lollypop: pause" })
        h.graph.remove(20)
        h.turn(at: 30)
        #expect(h.players.calls == ["Pause org.mpris.MediaPlayer2.lollypop", "Play org.mpris.MediaPlayer2.lollypop"])
        h.turn(at: 30.1)
        #expect(h.engine.app(AppID("Lollypop"))?.isPlaying == true)
    }

    @Test func whatTheUserPausedBeforeACallIsNotResumedAfterIt() throws {
        let h = try LiveHarness()
        h.players.add(pid: 100, name: "lollypop")
        h.graph.stream(10, name: "Lollypop", role: "Music", pid: 100)
        h.turn(at: 0)
        h.graph.set(10, running: false)  // the user pauses
        h.turn(at: 1)
        h.graph.stream(20, name: "Calls", role: "Phone", pid: 300)
        #expect(h.turn(at: 2).contains { $0.contains("system: answerCall") })
        h.graph.remove(20)
        h.turn(at: 30)
        #expect(h.players.calls.isEmpty)
        #expect(h.graph.calls.filter { !$0.hasPrefix("soft") }.isEmpty)
    }

    @Test func aProgramWithNoPlayerIsCorkedAndUncorked() throws {
        let h = try LiveHarness()
        h.graph.stream(10, name: "mpv", role: "Movie", pid: 100)
        h.turn(at: 0)
        h.graph.stream(20, name: "Siri-like", role: "Assistant", pid: 300)
        let printed = h.turn(at: 1)
        #expect(printed.contains { $0.contains("system: siri begin") })
        #expect(h.graph.calls.contains("pause 10"))
        h.graph.remove(20)
        h.turn(at: 5)
        #expect(h.graph.calls.contains("start 10"))
    }

    @Test func aPlayerThatIgnoresPauseIsCorkedAfterTheGrace() throws {
        let h = try LiveHarness.stubbornPlayerUnderAnAlarm()
        #expect(h.players.calls == ["Pause org.mpris.MediaPlayer2.stubborn"])
        #expect(!h.graph.calls.contains("pause 10"))
        h.turn(at: 2.5)
        #expect(h.graph.calls.contains("pause 10"))
        #expect(h.log.lines.contains { $0.contains("did not pause") })
    }

    @Test func unpluggingHeadphonesPausesWhatIOSWouldPause() throws {
        let h = try LiveHarness()
        h.graph.sink(5, ["device.form-factor": "headphone", "device.api": "alsa", "node.description": "Headphones"])
        h.graph.stream(10, name: "Lollypop", role: "Music", pid: 100)
        h.graph.stream(11, name: "Game", role: "Game", pid: 101)
        let printed = h.turn(at: 0)
        #expect(printed.contains { $0.contains("device: connect wiredHeadphones") })
        h.graph.remove(5)
        h.turn(at: 3)
        #expect(h.graph.calls.contains("pause 10"))  // Music pauses (oldDeviceUnavailable)
        #expect(!h.graph.calls.contains("pause 11"))  // a game in the foreground goes on, on the speaker
    }

    @Test func theUsersOwnVolumeComposesWithADuck() throws {
        let h = try LiveHarness()
        h.graph.stream(10, name: "Lollypop", role: "Music", pid: 100, volume: 1)
        h.turn(at: 0)
        h.graph.stream(11, name: "Maps", role: "Navigation", pid: 200)
        h.turn(at: 1)
        h.turn(at: 3)
        // The user lowers the program's own volume while it is ducked: the daemon publishes the new volume, and
        // the duck is applied over it again.
        h.graph.userSets(10, volume: 0.5)
        h.turn(at: 4)
        #expect(h.graph.nodes[10]!.softVolumes.first == Float(0.5 * Profile().duckLevel))
        // Set again to the same value: the converter drops the duck all the same, and only the count of Props
        // publications tells.
        let sets = h.graph.calls.count
        h.graph.userSets(10, volume: 0.5)
        h.turn(at: 5)
        #expect(h.graph.calls.count == sets + 1)
        #expect(h.graph.calls.last == "soft 10 0.1,0.1")
    }

    @Test func aCorkLapsedByTheDaemonIsCorkedAgain() throws {
        let h = try LiveHarness(withPlayers: false)
        h.graph.stream(10, name: "mpv", role: "Movie", pid: 100)
        h.turn(at: 0)
        h.graph.stream(20, name: "Alarm", role: "Alarm", pid: 300)
        h.turn(at: 1)
        #expect(h.graph.calls.filter { $0 == "pause 10" }.count == 1)
        h.graph.set(10, running: false)  // unlinked: idle
        h.turn(at: 2)
        h.graph.set(10, running: true)  // relinked: the daemon starts it, which undoes the pause
        h.turn(at: 3)
        #expect(h.graph.calls.filter { $0 == "pause 10" }.count == 2)
        h.graph.remove(20)
        h.turn(at: 4)
        #expect(h.graph.calls.last == "start 10")
    }

    @Test func leavingPutsEveryProgramBackAsItWas() throws {
        let h = try LiveHarness()
        h.graph.stream(10, name: "Lollypop", role: "Music", pid: 100, volume: 0.7)
        h.graph.stream(12, name: "mpv", role: "Movie", pid: 102, running: false)
        h.turn(at: 0)
        h.graph.stream(11, name: "Maps", role: "Navigation", pid: 200)
        h.turn(at: 1)
        h.turn(at: 3)
        h.graph.set(12, running: true)  // mpv starts: not mixable, it interrupts Music, which is corked
        h.turn(at: 4)
        #expect(h.graph.calls.contains("pause 10"))
        h.live.leave()
        #expect(h.graph.nodes[10]?.softVolumes == [0.7, 0.7])
        #expect(h.graph.calls.last { $0.hasPrefix("start") } == "start 10")
    }

    @Test func aRuleNamesTheProgramAndADefaultCoversTheRest() throws {
        let rules = try ProgramRulesParser.parse(
            """
            programs:
              - match: { application.process.binary: "lollypop*" }
                app: Music
                category: playback
                backgroundModes: [audio]
              - match: { application.name: Softphone }
                system: call
            """, file: "rules.yaml"
        ).get()
        let h = try LiveHarness(rules: rules)
        h.graph.stream(10, name: "Lollypop", role: nil, pid: 100)
        h.graph.nodes[10]!.properties["application.process.binary"] = "lollypop-bin"
        h.graph.stream(11, name: "Beeper", role: "Beep", pid: 101)
        let printed = h.turn(at: 0)
        #expect(printed.contains { $0.contains("is app Music as rules.yaml:2:") })
        #expect(h.log.lines.contains { $0.contains("the role 'Beep' of Beeper") })
        #expect(h.engine.app(AppID("Beeper"))?.config.options.contains(.mixWithOthers) == true)
        h.graph.stream(12, name: "Softphone", role: nil, pid: 102)
        let call = h.turn(at: 1)
        #expect(call.contains { $0.contains("system: answerCall") })
    }

    @Test func whyAndSaveWorkOnTheLiveSession() throws {
        let h = try LiveHarness()
        h.graph.stream(10, name: "Lollypop", role: "Music", pid: 100)
        h.turn(at: 0)
        h.graph.stream(11, name: "Maps", role: "Navigation", pid: 200)
        h.turn(at: 1)
        let why = h.turn(at: 2, ["why Lollypop gain"])
        #expect(why.contains { $0.contains("ducking.duck-others") })
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("live-\(UUID().uuidString).yaml").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let saved = h.turn(at: 3, ["save \(file)"])
        #expect(saved.contains { $0.hasPrefix("saved ") })
        // The saved session replays to the same state: Lollypop ducked.
        let scenario = try ScenarioParser.parse(try String(contentsOfFile: file, encoding: .utf8), file: file).get()
        let report = Replayer.replay(scenario, recordStates: true)
        #expect(report.passed)
        #expect(report.states.last?.app(AppID("Lollypop"))?.gain.to == Profile().duckLevel)
    }

    @Test func aModemCallRingsThenIsAnsweredThenEnds() throws {
        let h = try LiveHarness()
        h.players.add(pid: 100, name: "lollypop")
        h.players.onPause = { _ in h.graph.set(10, running: false) }
        h.players.onPlay = { _ in h.graph.set(10, running: true) }
        h.graph.stream(10, name: "Lollypop", role: "Music", pid: 100)
        h.turn(at: 0)
        h.live.backend.phoneStack(.ringing)
        #expect(h.turn(at: 1).contains { $0.contains("system: incomingCall") })
        h.live.backend.phoneStack(.active)
        #expect(h.turn(at: 3).contains { $0.contains("system: answerCall") })
        #expect(h.players.calls == ["Pause org.mpris.MediaPlayer2.lollypop"])
        // A call stream while the modem's call is under way changes nothing; the call ends with both.
        h.graph.stream(20, name: "Calls", role: "Communication", pid: 300)
        #expect(!h.turn(at: 4).contains { $0.contains("system:") })
        h.live.backend.phoneStack(.idle)
        #expect(!h.turn(at: 5).contains { $0.contains("system: endCall") })
        h.graph.remove(20)
        #expect(h.turn(at: 6).contains { $0.contains("system: endCall") })
        #expect(h.players.calls.last == "Play org.mpris.MediaPlayer2.lollypop")
    }

    @Test func theSilentSwitchTypedAsASettingSilencesAGame() throws {
        let h = try LiveHarness()
        h.graph.stream(10, name: "Game", role: "Game", pid: 100)
        h.turn(at: 0)
        #expect(h.graph.factor(10) == -1 || h.graph.factor(10) == 1)
        let printed = h.turn(at: 1, ["device ringer silent"])
        #expect(printed.contains { $0.contains("Game: not audible") })
        #expect(h.graph.nodes[10]?.softVolumes == [0, 0])
        h.turn(at: 2, ["device ringer ring"])
        #expect(h.graph.factor(10) == 1)
    }

    @Test func aTypedPlugIsRefusedForRealDevicesAreFollowedNotDriven() throws {
        let h = try LiveHarness()
        h.graph.stream(10, name: "Music", role: "Music", pid: 100)
        h.turn(at: 0)
        let printed = h.turn(at: 1, ["device connect wiredHeadphones"])
        #expect(printed.contains { $0.contains("is a real device here; plug or unplug it") }, "\(printed)")
        #expect(!printed.contains { $0.contains("route change") }, "the model plugged nothing: \(printed)")
    }

    @Test func jsonLinesCarryEveryDecisionWithItsRuleAndSource() throws {
        let graph = FakeGraph()
        let printed = LogLines()
        let rules = ProgramRules(file: "test")
        let backend = LiveBackend(graph: graph, players: nil, rules: rules, logger: Logger(label: "test"))
        let clock = TestClock()
        let live = try LiveSession(rules: rules, backend: backend, json: true, clock: { clock.time }) {
            printed.lines.append($0)
        }
        graph.stream(10, name: "Lollypop", role: "Music", pid: 100)
        _ = live.turn()
        clock.time = .ms(1000)
        graph.stream(11, name: "Maps", role: "Navigation", pid: 200)
        _ = live.turn(lines: ["why Lollypop gain"])
        let objects = try printed.lines.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "not JSON: \(line)")
        }
        let duck = try #require(objects.first { ($0["step"] as? String) == "Maps: play" })
        let decisions = try #require(duck["decisions"] as? [[String: Any]])
        #expect(
            decisions.contains {
                $0["rule"] as? String == "ducking.duck-others" && ($0["source"] as? String)?.isEmpty == false
            })
        #expect(duck["time_ms"] as? Int == 1000)
        #expect(
            objects.contains {
                $0["type"] as? String == "program" && ($0["line"] as? String)?.contains("live.soft-volume") == true
            })
        #expect(
            objects.contains {
                $0["type"] as? String == "reply" && ($0["text"] as? String)?.contains("ducking.duck-others") == true
            })
    }

    @Test func aRecorderMixesButACallTakesTheMicrophone() throws {
        let h = try LiveHarness(withPlayers: false)
        h.graph.stream(10, name: "Lollypop", role: "Music", pid: 100)
        h.turn(at: 0)
        h.graph.stream(11, name: "Recorder", role: nil, pid: 101, capture: true)
        h.turn(at: 1)
        #expect(h.engine.app(AppID("Recorder"))?.isRecording == true)
        #expect(h.engine.app(AppID("Lollypop"))?.isPlaying == true)  // it mixes: the music goes on
        h.graph.stream(20, name: "Calls", role: "Communication", pid: 300)
        h.turn(at: 2)
        #expect(h.graph.calls.contains("pause 11"))
        #expect(h.graph.calls.contains("pause 10"))
    }

    @Test func aLongSessionKeepsItsLatestStepsOnly() throws {
        let graph = FakeGraph()
        let rules = ProgramRules(file: "test")
        let backend = LiveBackend(graph: graph, players: nil, rules: rules, logger: Logger(label: "test"))
        let clock = TestClock()
        let printed = LogLines()
        let live = try LiveSession(rules: rules, backend: backend, json: false, clock: { clock.time }, stepsKept: 4) {
            printed.lines.append($0)
        }
        graph.stream(10, name: "Lollypop", role: "Music", pid: 100)
        _ = live.turn()
        // A prompt comes and goes, longer than the hold: declare once, then play, stop, deactivate each time.
        for round in 1...5 {
            clock.time = .ms(Int64(round) * 2000)
            graph.stream(11, name: "Maps", role: "Navigation", pid: 200)
            _ = live.turn()
            clock.time = .ms(Int64(round) * 2000 + 1200)
            graph.remove(11)
            _ = live.turn()
        }
        #expect(live.session.entries.count == 4)
        #expect(live.session.entriesDropped > 10)
        _ = live.turn(lines: ["why Lollypop gain", "history"])
        #expect(printed.lines.contains { $0.contains("└─ step ") })
        #expect(printed.lines.contains { $0.hasPrefix("\(live.session.entriesDropped + 1)  ") })
        #expect(live.session.savedText.contains("Saved session (its latest 4 steps of "))
    }

    @Test func goingBackIsRefusedInALiveSession() throws {
        let h = try LiveHarness()
        h.graph.stream(10, name: "Lollypop", role: "Music", pid: 100)
        h.turn(at: 0)
        let printed = h.turn(at: 1, ["undo"])
        #expect(printed.contains { $0.contains("a live session keeps no history") })
        let clock = h.turn(at: 2, ["after 5s"])
        #expect(clock.contains { $0.contains("a live session's time is the real time") })
        #expect(h.live.session.time == .ms(2000))
        // Its help lists what it takes, and none of what it refuses.
        let help = h.turn(at: 3, ["help"])
        #expect(help.contains { $0.contains("why APP [PROPERTY]") })
        for refused in ["undo", "goto N", "after DURATION", "timeline FILE.svg"] {
            #expect(!help.contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix(refused + "  ") }, "\(refused)")
        }
    }
}
