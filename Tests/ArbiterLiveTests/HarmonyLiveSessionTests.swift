import ArbiterEngine
import ArbiterHarmony
import Foundation
import Testing

@testable import ArbiterLive
@testable import ArbiterPipeWire

/// HarmonyOS's focus over a graph of the tests' own: what streams doing becomes, and what is then done to them.
@Suite struct HarmonyLiveSessionTests {
    final class Lines { var all: [String] = [] }

    func session(api: Int? = nil, players: FakePlayers? = nil) throws -> (HarmonyLiveSession, FakeGraph, Lines) {
        let graph = FakeGraph()
        let lines = Lines()
        let live = try HarmonyLiveSession(graph: graph, api: api, players: players) { lines.all.append($0) }
        return (live, graph, lines)
    }

    func stream(_ live: HarmonyLiveSession, _ app: String) -> StreamStatus? {
        live.state.stream(StreamOwner(AppID(app), "main"))
    }

    @Test func theRoleTableGivesEachRoleItsUsage() {
        let expected: [(String?, StreamUsage)] = [
            ("Music", .music), (nil, .music), ("", .music), ("Production", .music), ("Movie", .movie),
            ("video", .movie), ("Game", .game), ("Audiobook", .audiobook), ("Navigation", .navigation),
            ("Phone", .voiceCommunication), ("communication", .voiceCommunication), ("Ringtone", .ringtone),
            ("Notification", .notification), ("Event", .notification), ("Alarm", .alarm),
            ("Assistant", .voiceAssistant), ("Accessibility", .accessibility), ("A11y", .accessibility),
        ]
        for (role, usage) in expected {
            #expect(HarmonyRoleUsage.forRole(role).usage == usage, "\(role ?? "nil")")
        }
        #expect(!HarmonyRoleUsage.knows("Production"))
        #expect(HarmonyRoleUsage.knows("alarm"))
        // Every usage an app may give a stream at the lowest API level modelled.
        for row in HarmonyRoleUsage.all {
            #expect(
                StreamUsage.forApps.contains(row.usage) && (row.usage.since ?? 99) <= HarmonySetup.apiLevels.lowerBound)
        }
    }

    @Test func aNavigationPromptDucksMusicAtOnceAndMusicIsUnduckedAfterIt() throws {
        let (live, graph, lines) = try session()
        graph.stream(10, name: "Music", role: "Music", pid: 100)
        live.turn(at: .ms(0))
        #expect(lines.all.contains("seen: Music-10 (Music, usage music, focus type MUS)"))
        #expect(lines.all.contains("  Music-10.main: focus active  [harmony.focus.first-stream]"))
        graph.stream(11, name: "Maps", role: "Navigation", pid: 200)
        // HarmonyOS applies the duck factor with no ramp: nothing is left to move after the turn.
        #expect(live.turn(at: .ms(1000)) == false)
        #expect(lines.all.contains("seen: Maps-11 (Navigation, usage navigation) running"))
        #expect(graph.factor(10) == 0.2)
        #expect(lines.all.contains("→ Music-10.main: audioInterrupt begin force duck  [harmony.focus.duck-existing]"))
        #expect(lines.all.contains("⇒ Music-10 softVolumes 0.2  [live.duck]"))
        graph.set(11, running: false)
        live.turn(at: .ms(2000))
        live.turn(at: .ms(2200))
        #expect(lines.all.contains("seen: Maps-11 stopped"))
        #expect(lines.all.contains("→ Music-10.main: audioInterrupt end force unduck  [harmony.release.unduck]"))
        #expect(graph.factor(10) == 1)
        #expect(!graph.calls.contains { $0.hasPrefix("pause") })
    }

    @Test func aVoIPCallCorksMusicAndItsResumeStartsMusicAgain() throws {
        let (live, graph, lines) = try session()
        graph.stream(10, name: "Music", role: "Music", pid: 100)
        live.turn(at: .ms(0))
        graph.stream(20, name: "Chat", role: "Communication", pid: 300)
        live.turn(at: .ms(1000))
        #expect(graph.calls.contains("pause 10"))
        #expect(lines.all.contains("→ Music-10.main: audioInterrupt begin force pause  [harmony.focus.pause-existing]"))
        #expect(lines.all.contains("⇒ Music-10 corked  [live.cork]"))
        graph.set(10, running: false)  // the cork holds it
        live.turn(at: .ms(2000))
        #expect(stream(live, "Music-10")?.state == .paused)
        graph.remove(20)
        live.turn(at: .ms(3000))
        // RESUME is a suggestion: the app's handler starts its stream again, and the session uncorks it.
        #expect(lines.all.contains("→ Music-10.main: audioInterrupt end share resume  [harmony.release.resume]"))
        #expect(lines.all.contains("  Music-10.main: app code: on resume start  [harmony.app.reaction]"))
        #expect(lines.all.contains("⇒ Music-10 started again  [live.uncork]"))
        #expect(graph.calls.last == "start 10")
        graph.set(10, running: true)
        live.turn(at: .ms(3100))
        #expect(stream(live, "Music-10")?.state == .running)
        #expect(stream(live, "Music-10")?.focus == .active)
    }

    @Test func aCallPausesAPlayerOverMPRISAndPlaysItAgainAfterTheCall() throws {
        let players = FakePlayers()
        players.add(pid: 100, name: "Music")
        let (live, graph, lines) = try session(players: players)
        graph.stream(10, name: "Music", role: "Music", pid: 100)
        live.turn(at: .ms(0))
        graph.stream(20, name: "Chat", role: "Phone", pid: 300)
        live.turn(at: .ms(1000))
        #expect(players.calls == ["Pause org.mpris.MediaPlayer2.Music"])
        #expect(lines.all.contains("⇒ Music-10 paused over MPRIS (org.mpris.MediaPlayer2.Music)  [live.pause-mpris]"))
        graph.set(10, running: false)  // the player obeyed
        live.turn(at: .ms(2500))
        #expect(!graph.calls.contains("pause 10"))
        graph.remove(20)
        live.turn(at: .ms(3000))
        #expect(players.calls.last == "Play org.mpris.MediaPlayer2.Music")
        #expect(lines.all.contains { $0.hasPrefix("⇒ Music-10 resumed (MPRIS org.mpris.MediaPlayer2.Music)") })
    }

    @Test func aMovieStopsMusicForGoodAndMusicStaysCorkedUntilItEnds() throws {
        let (live, graph, lines) = try session()
        graph.stream(10, name: "Music", role: "Music", pid: 100)
        live.turn(at: .ms(0))
        graph.stream(11, name: "Video", role: "Movie", pid: 101)
        live.turn(at: .ms(1000))
        #expect(lines.all.contains("→ Music-10.main: audioInterrupt begin force stop  [harmony.focus.stop-existing]"))
        #expect(graph.calls.contains("pause 10"))
        graph.remove(11)
        live.turn(at: .ms(2000))
        live.turn(at: .ms(3000))
        // STOP is a loss for good: no RESUME follows, and the program is not started again.
        #expect(!graph.calls.contains("start 10"))
        #expect(stream(live, "Music-10")?.state == .stopped)
        live.leave()
        #expect(graph.calls.last == "start 10")
    }

    @Test func aPromptRefusedDuringTheModemsCallIsCorkedWithTheFailedStart() throws {
        let (live, graph, lines) = try session()
        graph.stream(10, name: "Music", role: "Music", pid: 100)
        live.turn(at: .ms(0))
        live.phoneStack(.ringing)
        live.turn(at: .ms(500))
        #expect(lines.all.contains("seen: the phone stack's call is ringing"))
        #expect(lines.all.contains("⇒ Music-10 corked  [live.cork]"))
        live.phoneStack(.active)
        live.turn(at: .ms(1000))
        graph.stream(11, name: "Maps", role: "Navigation", pid: 200)
        live.turn(at: .ms(1500))
        #expect(lines.all.contains { $0.hasPrefix("  Maps-11: start main returned failed 6800301  [") })
        #expect(graph.calls.contains("pause 11"))
        live.phoneStack(.idle)
        live.turn(at: .ms(2000))
        #expect(lines.all.contains("→ Music-10.main: audioInterrupt end share resume  [harmony.release.resume]"))
        #expect(graph.calls.contains("start 10"))
        #expect(!graph.calls.contains("start 11"))
    }

    @Test func aProgramAppearingLaterRebuildsTheEngineWithTheFocusAsItWas() throws {
        let (live, graph, _) = try session()
        graph.stream(10, name: "Music", role: "Music", pid: 100)
        live.turn(at: .ms(0))
        graph.stream(11, name: "Maps", role: "Navigation", pid: 200)
        live.turn(at: .ms(500))
        graph.stream(12, name: "Beep", role: "Notification", pid: 300, running: false)
        live.turn(at: .ms(5000))
        #expect(live.state.apps == ["Music-10", "Maps-11", "Beep-12"])
        #expect(live.state.focusList.map(\.description) == ["Music-10.main duck", "Maps-11.main active"])
        #expect(graph.factor(10) == 0.2)
    }

    @Test func leavingPutsVolumesBackAndStartsWhatWasCorked() throws {
        let (live, graph, _) = try session()
        graph.stream(10, name: "Music", role: "Music", pid: 100)
        graph.stream(11, name: "Maps", role: "Navigation", pid: 200)
        live.turn(at: .ms(0))
        graph.stream(12, name: "Chat", role: "Communication", pid: 300)
        live.turn(at: .ms(1000))
        #expect(graph.calls.contains("pause 10"))
        #expect(graph.factor(11) == 1)
        let before = graph.calls.count
        live.leave()
        #expect(graph.factor(10) == 1)
        #expect(graph.calls[before...].contains("start 10"))
    }

    @Test func manyPromptsOverMusicKeepTheEventsBoundedAndTheFocusAsItWas() throws {
        let (live, graph, _) = try session()
        graph.stream(10, name: "Music", role: "Music", pid: 100)
        live.turn(at: .ms(0))
        graph.stream(11, name: "Maps", role: "Navigation", pid: 200, running: false)
        var t: Int64 = 1000
        for _ in 0..<2100 {
            graph.set(11, running: true)
            live.turn(at: .ms(t))
            graph.set(11, running: false)
            live.turn(at: .ms(t + 10))
            live.turn(at: .ms(t + 200))
            t += 300
        }
        #expect(live.events.count <= HarmonyLiveSession.eventsKept)
        #expect(live.state.focusList.map(\.description) == ["Music-10.main active"])
        #expect(graph.factor(10) == 1)
        graph.set(11, running: true)
        live.turn(at: .ms(t))
        #expect(graph.factor(10) == 0.2)
    }

    @Test func aShortStreamGoneIsHeldAndAnotherOfItsProgramCarriesItOn() throws {
        let (live, graph, lines) = try session()
        graph.stream(10, name: "Music", role: "Music", pid: 100)
        live.turn(at: .ms(0))
        graph.stream(11, name: "Maps", role: "Navigation", pid: 200)
        live.turn(at: .ms(1000))
        graph.remove(11)  // it played only a breath: held, Music stays ducked
        live.turn(at: .ms(1050))
        #expect(lines.all.contains { $0.hasPrefix("seen: Maps-11 held for ") })
        #expect(graph.factor(10) == 0.2)
        graph.stream(12, name: "Maps", role: "Navigation", pid: 200)
        live.turn(at: .ms(1200))
        #expect(
            lines.all.contains("seen: Maps-11's program opened another stream (node 12) within the hold: it plays on"))
        #expect(graph.factor(10) == 0.2)
        #expect(!lines.all.contains { $0.contains("Maps-11.main: stream released") })
        graph.remove(12)
        live.turn(at: .ms(5000))
        live.turn(at: .ms(9000))
        #expect(lines.all.contains("  Maps-11.main: stream released  [harmony.stream.stop]"))
        #expect(graph.factor(10) == 1)
    }

    @Test func typedStateSaysTheFocusListAndEachStream() throws {
        let (live, graph, lines) = try session()
        graph.stream(10, name: "Music", role: "Music", pid: 100)
        graph.stream(11, name: "Maps", role: "Navigation", pid: 200)
        #expect(live.turn(lines: ["state"]).quit == false)
        #expect(lines.all.contains("focus list: Music-10.main duck, Maps-11.main active"))
        #expect(lines.all.contains("Music-10 (node 10): focus duck, stream running, volume 0.2"))
        _ = live.turn(lines: ["why Music-10"])
        #expect(lines.all.contains { $0.hasPrefix("error: `why Music-10` is not a command") })
        #expect(live.turn(lines: ["quit"]).quit)
    }

    @Test func theAPILevelIsTheOneAskedForAndOneOutsideTheModelledIsRefused() throws {
        let (live, graph, _) = try session(api: 12)
        graph.stream(10, name: "Music", role: "Music", pid: 100)
        live.turn(at: .ms(0))
        #expect(live.state.setup.api == 12)
        #expect(live.state.setup.profile.pausedStreamsParticipate == false)
        #expect(try session().0.state.setup.api == 20)
        #expect(throws: HarmonySetupError.self) { try session(api: 11) }
    }

    @Test func theRoleTableIsInTheDocs() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let page = try String(contentsOf: root.appendingPathComponent("docs/linux.md"), encoding: .utf8)
        let section = try #require(
            page.components(separatedBy: "## HarmonyOS's focus on a live graph").dropFirst().first)
        for row in HarmonyRoleUsage.all {
            let line = section.split(separator: "\n").first { $0.contains("| `\(row.roles[0])`") }
            #expect(line?.contains("| `\(row.usage)` | `\(row.usage.focusType)` |") == true, "\(row.roles[0])")
        }
    }
}
