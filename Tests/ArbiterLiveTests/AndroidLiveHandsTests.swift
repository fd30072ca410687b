import ArbiterAndroid
import ArbiterEngine
import Foundation
import Testing

@testable import ArbiterLive
@testable import ArbiterPipeWire

/// Android's live session acting through the same hands as iOS's: MPRIS before a cork, the ledger the guard reads,
/// a daemon restarted, the phone stack's calls and typed lines.
@Suite struct AndroidLiveHandsTests {
    final class Lines { var all: [String] = [] }

    struct Car {
        let live: AndroidLiveSession
        let graph = FakeGraph()
        let players = FakePlayers()
        let lines = Lines()
        let ledgerPath: String

        init(platform: FocusPlatform = .car) throws {
            ledgerPath = NSTemporaryDirectory() + "arbiter-android-ledger-\(UUID().uuidString)"
            let lines = lines
            live = try AndroidLiveSession(
                graph: graph, platform: platform, players: players, ledger: LeaveLedger(path: ledgerPath)
            ) { lines.all.append($0) }
        }

        var ledger: [LeaveLedger.Entry] { LeaveLedger.read(path: ledgerPath) }

        /// Music playing (with an MPRIS player when `player`), then a call's stream at 1 s.
        func callOverMusic(player: Bool = true) {
            if player { players.add(pid: 100, name: "Music") }
            graph.stream(10, name: "Music", role: "Music", pid: 100)
            live.turn(at: .ms(0))
            graph.stream(20, name: "Dialer", role: "Communication", pid: 300)
            live.turn(at: .ms(1000))
        }
    }

    @Test func aCallPausesAPlayerOverMPRISAndPlaysItAgainAfterTheCall() throws {
        let car = try Car()
        car.callOverMusic()
        #expect(car.players.calls == ["Pause org.mpris.MediaPlayer2.Music"])
        #expect(!car.graph.calls.contains("pause 10"))
        #expect(
            car.lines.all.contains("⇒ Music-10 paused over MPRIS (org.mpris.MediaPlayer2.Music)  [live.pause-mpris]"))
        #expect(car.ledger.map(\.pausedBy) == ["org.mpris.MediaPlayer2.Music"])
        car.graph.set(10, running: false)  // the player obeyed
        car.live.turn(at: .ms(2500))
        #expect(!car.graph.calls.contains("pause 10"))
        car.graph.remove(20)
        car.live.turn(at: .ms(3000))
        #expect(car.players.calls.last == "Play org.mpris.MediaPlayer2.Music")
        #expect(car.lines.all.contains { $0.hasPrefix("⇒ Music-10 resumed (MPRIS org.mpris.MediaPlayer2.Music)") })
        #expect(car.ledger.isEmpty)
    }

    @Test func aPlayerThatIgnoresPauseIsCorkedAfterTheGrace() throws {
        let car = try Car()
        car.callOverMusic()
        car.live.turn(at: .ms(1500))
        #expect(!car.graph.calls.contains("pause 10"))
        car.live.turn(at: .ms(2100))
        #expect(car.graph.calls.contains("pause 10"))
        #expect(
            car.lines.all.contains { $0.hasPrefix("⇒ Music-10 ignored MPRIS Pause") && $0.hasSuffix("[live.cork]") })
        #expect(car.ledger.map(\.pausedBy) == ["cork+org.mpris.MediaPlayer2.Music"])
        car.graph.remove(20)
        car.live.turn(at: .ms(3000))
        #expect(car.graph.calls.last == "start 10")
        #expect(car.players.calls.last == "Play org.mpris.MediaPlayer2.Music")
    }

    @Test func aDuckIsWrittenToTheLedgerAndLeavingEmptiesIt() throws {
        let car = try Car()
        car.graph.stream(10, name: "Music", role: "Music", pid: 100)
        car.live.turn(at: .ms(0))
        car.graph.stream(11, name: "Maps", role: "Navigation", pid: 200)
        car.live.turn(at: .ms(1000))
        #expect(car.ledger == [LeaveLedger.Entry(node: 10, processID: 100, lowered: true, pausedBy: nil)])
        car.live.leave()
        #expect(car.graph.factor(10) == 1)
        #expect(!FileManager.default.fileExists(atPath: car.ledgerPath))
    }

    @Test func whatTheLedgerListsTheGuardUndoes() throws {
        let car = try Car()
        car.callOverMusic(player: false)
        #expect(car.graph.calls.contains("pause 10"))
        // Arbiter killed here: the guard reads the ledger and undoes the cork.
        let undone = LeaveLedger.undo(path: car.ledgerPath, graph: car.graph, players: nil)
        #expect(undone == ["node 10: uncorked"])
        #expect(car.graph.calls.last == "start 10")
    }

    @Test func aDaemonRestartedTakesTheOldStreamsAwayAtOnce() throws {
        let car = try Car()
        car.graph.stream(10, name: "Music", role: "Music", pid: 100)
        car.live.turn(at: .ms(0))
        #expect(car.live.state.focusOwner == .app(AppID("Music-10")))
        let fresh = FakeGraph()
        fresh.stream(10, name: "Radio", role: "Music", pid: 400)
        car.live.replaceGraph(fresh)
        car.live.turn(at: .ms(1000))
        #expect(car.lines.all.contains("seen: Music-10 gone"))
        #expect(car.live.state.focusOwner == .app(AppID("Radio-10")))
    }

    @Test func theModemsCallIsTelephonysFocus() throws {
        let car = try Car(platform: .phone)
        car.graph.stream(10, name: "Music", role: "Music", pid: 100)
        car.live.turn(at: .ms(0))
        car.live.phoneStack(.ringing)
        car.live.turn(at: .ms(1000))
        #expect(car.lines.all.contains("seen: the phone stack's call is ringing"))
        #expect(car.lines.all.contains { $0.hasPrefix("→ Music-10: lossTransient") })
        car.live.phoneStack(.active)
        car.live.turn(at: .ms(2000))
        car.live.phoneStack(.idle)
        car.live.turn(at: .ms(3000))
        #expect(car.lines.all.contains { $0.hasPrefix("→ Music-10: gain") })
        #expect(car.live.state.call == nil)
    }

    @Test func typedLinesAreAnsweredOrRefused() throws {
        let car = try Car()
        car.graph.stream(10, name: "Music", role: "Music", pid: 100)
        #expect(car.live.turn(lines: ["state"]).quit == false)
        #expect(car.lines.all.contains { $0.hasPrefix("Music-10 (node 10): focus gain, player started") })
        _ = car.live.turn(lines: ["why Music-10"])
        #expect(car.lines.all.contains { $0.hasPrefix("error: `why Music-10` is not a command") })
        #expect(car.live.turn(lines: ["quit"]).quit)
    }

    @Test func aCorkLapsedByTheDaemonIsCorkedAgain() throws {
        let car = try Car()
        car.callOverMusic(player: false)
        #expect(car.graph.calls.filter { $0 == "pause 10" }.count == 1)
        car.graph.set(10, running: false)  // unlinked: idle
        car.live.turn(at: .ms(1100))
        car.graph.set(10, running: true)  // relinked: the daemon starts it, which undoes the pause
        car.live.turn(at: .ms(1200))
        #expect(car.graph.calls.filter { $0 == "pause 10" }.count == 2)
        #expect(car.lines.all.contains("⇒ Music-10 started again by the daemon; corked again  [live.cork]"))
        car.graph.remove(20)
        car.live.turn(at: .ms(2000))
        #expect(car.graph.calls.last == "start 10")
    }

    @Test func theAPILevelIsTheOneAskedFor() throws {
        let graph = FakeGraph()
        let live = try AndroidLiveSession(graph: graph, platform: .phone, sdk: 30) { _ in }
        #expect(live.state.setup.sdk == 30)
        graph.stream(10, name: "Music", role: "Music", pid: 100)
        live.turn(at: .ms(0))
        #expect(live.state.setup.apps.map(\.targetSdk) == [30])
    }
}
