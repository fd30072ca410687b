import Testing

@testable import ArbiterEngine

@Suite("Interruption: what an interrupted session loses (reference §5.2, §5.4)")
struct InterruptionTests {
    @Test(
        "every player is paused by an interruption",
        arguments: [
            PlayerKind.audioPlayer, .avPlayer, .queuePlayer,
            .playerViewController, .audioEngine,
        ])
    func interruptionPauses(kind: PlayerKind) throws {
        var h = try Harness([Apps.withPlayer(kind)])
        h.app("App", .play())
        h.system(.siriBegin)
        #expect(h.appState("App").players[0].state == .paused)
    }

    @Test("an interruption ends the speaker override")
    func overrideEndsOnInterruption() throws {
        var h = try Harness([Apps.voip])
        h.app("Voip", .activate)
        h.app("Voip", .overrideOutput(speaker: true))
        h.system(.siriBegin)
        #expect(!h.session("Voip").overridesToSpeaker)
    }
}
