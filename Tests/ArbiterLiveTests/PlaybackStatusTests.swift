import ArbiterAndroid
import ArbiterEngine
import Foundation
import Testing

@testable import ArbiterLive
@testable import ArbiterPipeWire

/// A player told Pause over MPRIS: its own PlaybackStatus is the answer, not its stream. One that writes silence
/// (a browser) and says Paused is left paused; one that says it still plays is corked too, and is resumed both ways.
@Suite struct PlaybackStatusTests {
    @Test func aPlayerThatSaysPausedWhileItsStreamRunsOnIsNotCorked() throws {
        let h = try LiveHarness()
        h.players.add(pid: 100, name: "browser")
        h.players.onPause = { [players = h.players] _ in players.says("Paused", name: "browser") }
        h.graph.stream(10, name: "Browser", role: "Music", pid: 100)
        h.turn(at: 0)
        h.graph.stream(20, name: "Alarm", role: "Alarm", pid: 300)
        h.turn(at: 1)
        let printed = h.turn(at: 2.5)  // its stream still runs (silence), past the grace
        #expect(!h.graph.calls.contains("pause 10"))
        #expect(printed.contains { $0.contains("Browser (node 10): its player says it is paused") })
        h.graph.remove(20)
        h.turn(at: 4)
        #expect(h.players.calls.last == "Play org.mpris.MediaPlayer2.browser")
        #expect(!h.graph.calls.contains("start 10"))
    }

    @Test func aPlayerThatSaysItStillPlaysIsCorkedTooAndResumedBothWays() throws {
        let h = try LiveHarness.stubbornPlayerUnderAnAlarm()
        let printed = h.turn(at: 2.5)
        #expect(h.graph.calls.contains("pause 10"))
        #expect(printed.contains { $0.contains("its player still plays after MPRIS Pause; corked too  [live.cork]") })
        h.graph.remove(20)
        let resumed = h.turn(at: 4)
        #expect(h.graph.calls.last == "start 10")
        #expect(h.players.calls.last == "Play org.mpris.MediaPlayer2.stubborn")
        #expect(resumed.contains { $0.contains("resumed (MPRIS org.mpris.MediaPlayer2.stubborn and corked)") })
    }

    @Test func aPauseMadeBothWaysIsCorkedAgainAsItWasAndResumedBothWays() throws {
        let h = try LiveHarness.stubbornPlayerUnderAnAlarm()
        h.turn(at: 2.5)  // its player still plays: corked too
        h.graph.set(10, running: false)  // unlinked: idle
        h.turn(at: 3)
        h.graph.set(10, running: true)  // relinked: the daemon starts it, which undoes the cork
        let recorked = h.turn(at: 3.5)
        #expect(recorked.contains { $0.contains("started again by the daemon; corked again") })
        #expect(h.graph.calls.filter { $0 == "pause 10" }.count == 2)
        h.graph.remove(20)
        let resumed = h.turn(at: 4)
        // Still told Play: the cork made again did not forget the MPRIS pause.
        #expect(h.players.calls.last == "Play org.mpris.MediaPlayer2.stubborn")
        #expect(resumed.contains { $0.contains("resumed (MPRIS org.mpris.MediaPlayer2.stubborn and corked)") })
    }

    @Test func theGuardUndoesAPauseMadeBothWaysBothWays() throws {
        let path = NSTemporaryDirectory() + "arbiter-both-\(UUID().uuidString)"
        let graph = FakeGraph()
        let players = FakePlayers()
        players.add(pid: 100, name: "stubborn")
        graph.stream(10, name: "Stubborn", role: "Music", pid: 100)
        let ledger = LeaveLedger(path: path)
        ledger.note(node: 10, processID: 100, lowered: false, pausedBy: .mprisAndCork(players.players[0]))
        ledger.flush()
        #expect(LeaveLedger.read(path: path).map(\.pausedBy) == ["cork+org.mpris.MediaPlayer2.stubborn"])
        let undone = LeaveLedger.undo(path: path, graph: graph, players: players)
        #expect(undone == ["node 10: uncorked", "node 10: resumed over MPRIS (org.mpris.MediaPlayer2.stubborn)"])
        #expect(graph.calls == ["start 10"])
        #expect(players.calls == ["Play org.mpris.MediaPlayer2.stubborn"])
    }

    @Test func onAndroidAPlayerThatSaysPausedIsLeftPausedAndPlayedAgain() throws {
        let graph = FakeGraph()
        let players = FakePlayers()
        players.add(pid: 100, name: "browser")
        players.onPause = { _ in players.says("Paused", name: "browser") }
        var lines: [String] = []
        let live = try AndroidLiveSession(graph: graph, platform: .car, players: players) { lines.append($0) }
        graph.stream(10, name: "Browser", role: "Music", pid: 100)
        live.turn(at: .ms(0))
        graph.stream(20, name: "Dialer", role: "Communication", pid: 300)
        live.turn(at: .ms(1000))
        live.turn(at: .ms(2500))
        #expect(!graph.calls.contains("pause 10"))
        #expect(lines.contains("seen: Browser-10's player says it is paused; its stream runs on, silent"))
        graph.remove(20)
        live.turn(at: .ms(3000))
        #expect(players.calls.last == "Play org.mpris.MediaPlayer2.browser")
    }
}
