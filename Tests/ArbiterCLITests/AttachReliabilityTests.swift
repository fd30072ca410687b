import ArbiterPipeWire
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `arbiter attach` when things go wrong around it: the daemon restarts under it, and programs die while it holds
/// them ducked or corked. Every outcome is read from outside: `pw-dump`, the ledger file and attach's own output.
@Suite(.serialized) struct AttachReliabilityTests {
    /// Restarted (SIGTERM) or crashed and started again (SIGKILL).
    @Test(arguments: [false, true])
    func afterTheDaemonRestartsTheNewProgramsAreFollowedAndDuckedAgain(crash: Bool) throws {
        let graph = try LiveGraph()
        let long = graph.tone(seconds: 60, name: "long.wav")
        _ = try graph.play("Music", role: "Music", file: long)
        _ = try graph.runningNode(of: "Music")
        try graph.startAttach()
        _ = try graph.play("Maps", role: "Navigation", file: long)
        try graph.wait("Music to be ducked") {
            try graph.steadyFactor(of: "Music").map { abs($0 - 0.2) < 0.01 } ?? false
        }

        try graph.restartDaemon(crash: crash)
        try graph.wait("attach to reattach") { graph.output.contains("reattached") }
        // New processes on the new daemon: Music plays at its own volume, then a prompt ducks it again.
        _ = try graph.play("Music", role: "Music", file: long)
        let music = try graph.runningNode(of: "Music")
        try graph.wait("the new Music to be followed") { graph.output.contains("(node \(music.id), role Music)") }
        // The app Music may still be coming back up from the old daemon's duck: its new stream ends at full volume.
        try graph.wait("the new Music at full volume") {
            try graph.steadyFactor(of: "Music").map { $0 > 0.99 } ?? false
        }
        _ = try graph.play("Maps", role: "Navigation", file: long)
        try graph.wait("the new Music to be ducked") {
            try graph.steadyFactor(of: "Music").map { abs($0 - 0.2) < 0.01 } ?? false
        }
        // The ledger lists the new Music stream alone: the old daemon's streams went with it.
        try graph.wait("the ledger to list the new Music alone") {
            graph.ledger.count == 1 && graph.ledgerLists(node: music.id)
        }
        #expect(graph.stopAttach())
        #expect(graph.ledger.isEmpty)
    }

    @Test func aPromptKilledMidDuckLetsMusicBackUpAndLeavesNothingInTheLedger() throws {
        let graph = try LiveGraph()
        let long = graph.tone(seconds: 60, name: "long.wav")
        _ = try graph.play("Music", role: "Music", file: long)
        _ = try graph.runningNode(of: "Music")
        try graph.startAttach()
        let maps = try graph.play("Maps", role: "Navigation", file: long)
        let prompt = try graph.runningNode(of: "Maps")
        try graph.wait("Music to be ducked") {
            try graph.steadyFactor(of: "Music").map { abs($0 - 0.2) < 0.01 } ?? false
        }
        #expect(!graph.ledger.isEmpty)

        kill(maps, SIGKILL)
        try graph.wait("Music to come back to its own volume") {
            try graph.steadyFactor(of: "Music").map { $0 > 0.99 } ?? false
        }
        try graph.wait("the ledger to be empty") { graph.ledger.isEmpty }
        #expect(!graph.ledgerLists(node: prompt.id))
        #expect(graph.stopAttach())
    }

    @Test func musicKilledWhileDuckedLeavesNothingInTheLedger() throws {
        let graph = try LiveGraph()
        let long = graph.tone(seconds: 60, name: "long.wav")
        let player = try graph.play("Music", role: "Music", file: long)
        let music = try graph.runningNode(of: "Music")
        try graph.startAttach()
        _ = try graph.play("Maps", role: "Navigation", file: long)
        try graph.wait("Music to be ducked and written down") { graph.ledgerLists(node: music.id) }

        kill(player, SIGKILL)
        try graph.wait("the ledger to forget Music") { !graph.ledgerLists(node: music.id) }
        try graph.wait("attach to see Music go") { graph.output.contains("(node \(music.id)) went away") }
        #expect(graph.ledger.isEmpty)
        #expect(graph.stopAttach())
    }

    @Test func musicKilledWhileCorkedLeavesNothingInTheLedger() throws {
        let graph = try LiveGraph()
        let long = graph.tone(seconds: 60, name: "long.wav")
        // pw-play owns no MPRIS player: a call corks it.
        let player = try graph.play("Music", role: "Music", file: long)
        let music = try graph.runningNode(of: "Music")
        try graph.startAttach()
        let call = try graph.play("Call", role: "Communication", file: long)
        try graph.wait("Music to be corked and written down") {
            graph.ledger.contains { $0.hasPrefix("node \(music.id) ") && $0.hasSuffix("paused cork") }
        }

        kill(player, SIGKILL)
        try graph.wait("the ledger to forget Music") { !graph.ledgerLists(node: music.id) }
        #expect(graph.ledger.isEmpty)
        graph.session.stop(call)
        #expect(graph.stopAttach())
        #expect(graph.ledger.isEmpty)
    }
}
