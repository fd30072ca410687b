import Foundation
import Testing

@testable import ArbiterLive

/// Matching a stream's process to a player up the process tree, over a table of parents and over the real /proc.
@Suite("Matching a process to its MPRIS player")
struct BusPlayerMatchTests {
    let players = [
        MediaPlayer(busName: "org.mpris.MediaPlayer2.browser", processID: 100),
        MediaPlayer(busName: "org.mpris.MediaPlayer2.music", processID: 200),
    ]
    /// 300 and 301 are children of 100 (a browser's audio process); 400 descends from nothing with a player.
    let parents: [Int32: Int32] = [300: 100, 301: 300, 100: 1, 200: 1, 400: 1, 1: 0]

    func match(_ pid: Int32) -> String? {
        PlayerMatch.player(forProcess: pid, among: players) { parents[$0].flatMap { $0 > 0 ? $0 : nil } }?.busName
    }

    @Test("the process's own player, else its nearest ancestor's, else none")
    func walksUp() {
        #expect(match(200) == "org.mpris.MediaPlayer2.music")
        #expect(match(300) == "org.mpris.MediaPlayer2.browser")
        #expect(match(301) == "org.mpris.MediaPlayer2.browser")
        #expect(match(400) == nil)
        #expect(match(999) == nil)
    }

    @Test("a cycle in the table ends the walk")
    func cycleEnds() {
        let player = PlayerMatch.player(forProcess: 5, among: players) { $0 == 5 ? 6 : 5 }
        #expect(player == nil)
    }

    @Test("the parent pid is read after the command name, which may hold spaces and parentheses")
    func parsesStat() {
        #expect(PlayerMatch.parseParent(fromStat: "1234 (Web Content) S 77 1234 1234 0 -1") == 77)
        #expect(PlayerMatch.parseParent(fromStat: "1234 (a) b) (c) R 88 1 1") == 88)
        #expect(PlayerMatch.parseParent(fromStat: "1 (init) S 0 1 1") == nil)
        #expect(PlayerMatch.parseParent(fromStat: "garbage") == nil)
    }

    @Test("a child process of a player's process matches that player, through /proc")
    func childOfThisProcess() throws {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/sleep")
        child.arguments = ["30"]
        try child.run()
        defer {
            kill(child.processIdentifier, SIGKILL)
            child.waitUntilExit()
        }
        let own = [MediaPlayer(busName: "org.mpris.MediaPlayer2.tests", processID: getpid())]
        #expect(PlayerMatch.parentProcess(of: child.processIdentifier) == getpid())
        let matched = PlayerMatch.player(forProcess: child.processIdentifier, among: own)
        #expect(matched?.busName == "org.mpris.MediaPlayer2.tests")
        #expect(PlayerMatch.player(forProcess: 1, among: own) == nil)
    }
}
