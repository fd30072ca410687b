import Testing

@testable import ArbiterEngine

@Suite("Streaming: items loaded over the network, waiting and stalls (reference §8.4)")
struct StreamingTests {
    static func radio(waits: Bool = true, fails: Bool = false) -> AppConfig {
        var player = PlayerConfig(
            name: "main", kind: .avPlayer,
            items: [
                PlayerItem(
                    title: "Live", duration: 60,
                    fails: fails)
            ])
        player.streams = true
        player.automaticallyWaitsToMinimizeStalling = waits
        return AppConfig("Radio", backgroundModes: [.audio], category: .playback, players: [player])
    }

    @Test("a stream loads when played online; offline its player waits at its rate, silent, and goes on when back")
    func streamWaits() throws {
        var h = try Harness([Self.radio()])
        #expect(h.engine.player("main", of: "Radio")?.itemStatus == .unknown)
        h.app("Radio", .play())
        #expect(h.engine.player("main", of: "Radio")?.itemStatus == .readyToPlay)
        let down = h.device(.network(down: true), after: .seconds(10))
        #expect(
            down.decisions.contains { $0.change == .playerWaiting("main", true) && $0.rule == .playerWaitsForStream })
        let player = h.engine.player("main", of: "Radio")
        #expect(player?.timeControlStatus == .waitingToPlayAtSpecifiedRate && player?.isBufferEmpty == true)
        #expect(h.playing("Radio") && !h.audible("Radio"))
        #expect(h.engine.audibility(of: "Radio")?.rule == .waitingIsSilent)
        #expect(h.engine.player("main", of: "Radio")?.position(at: .seconds(40)) == 10, "the position holds")
        h.device(.network(down: false), after: .seconds(30))
        #expect(h.audible("Radio"))
        #expect(h.engine.player("main", of: "Radio")?.position(at: .seconds(45)) == 15)
        h.send(.advance, after: .seconds(60))
        #expect(h.takeNotifications().contains(Delivered(app: "Radio", kind: .didPlayToEndTime(player: "main"))))
    }

    @Test("without automatic waiting a stall pauses the player, which stays paused when the network comes back")
    func stallPausesWithoutWaiting() throws {
        var h = try Harness([Self.radio(waits: false)])
        h.app("Radio", .play())
        let down = h.device(.network(down: true))
        #expect(down.rule(for: .player("main", .paused), of: "Radio") == .stallPausesWithoutWaiting)
        h.device(.network(down: false))
        #expect(h.engine.player("main", of: "Radio")?.state == .paused)
        h.app("Radio", .play())
        #expect(h.audible("Radio"))
    }

    @Test("an item that cannot load fails, and its player cannot play it")
    func itemFails() throws {
        var h = try Harness([Self.radio(fails: true)])
        let outcome = h.app("Radio", .play())
        #expect(h.engine.player("main", of: "Radio")?.itemStatus == .failed)
        #expect(outcome.rule(for: .player("main", .paused), of: "Radio") == .itemFails)
        #expect(!h.playing("Radio"))
    }

    @Test("a stream loads only when asked to play: the network coming and going leaves an unplayed item unknown")
    func unplayedStreamStaysUnknown() throws {
        var h = try Harness([Self.radio(fails: true)])
        h.device(.network(down: true))
        h.device(.network(down: false))
        #expect(h.engine.player("main", of: "Radio")?.itemStatus == .unknown)
        #expect(h.engine.player("main", of: "Radio")?.isBufferEmpty == false)
    }
}
