import Testing

@testable import ArbiterEngine

@Suite("Players' own clocks (rate, position, items)")
struct PlayerClocksTests {
    static let viewer = AppConfig(
        "Viewer", backgroundModes: [.audio], category: .playback,
        players: [
            PlayerConfig(name: "video", kind: .playerViewController, items: [PlayerItem(title: "Film", duration: 100)])
        ])

    @Test("at 2x the position advances two seconds a second and the item ends in half the time")
    func doubleSpeed() throws {
        var h = try Harness([Self.viewer])
        h.app("Viewer", .play())
        let outcome = h.app("Viewer", .rate(2), after: .seconds(10))
        #expect(outcome.decisions.contains { $0.change == .playerRate("video", 2) && $0.rule == .playerRateSet })
        #expect(h.engine.player("video", of: "Viewer")?.position(at: .seconds(20)) == 30)
        let view = h.engine.nowPlayingView(at: .seconds(20))
        #expect(view?.rate == 2 && view?.elapsed == 30, "a player that publishes Now Playing shows its own rate")
        h.send(.advance, after: .seconds(44))
        #expect(h.engine.player("video", of: "Viewer")?.state == .playing)
        h.send(.advance, after: .seconds(1))
        #expect(h.engine.player("video", of: "Viewer")?.state == .stopped, "ended at 55s: 10s at 1x, then 45s at 2x")
        #expect(h.engine.player("video", of: "Viewer")?.position(at: h.time) == 100)
    }

    @Test("a rate set while paused applies once the player plays; the position stays put meanwhile")
    func rateWhilePaused() throws {
        var h = try Harness([Self.viewer])
        h.app("Viewer", .rate(1.5))
        #expect(h.engine.player("video", of: "Viewer")?.position(at: .seconds(5)) == 0)
        h.app("Viewer", .play(), after: .seconds(5))
        #expect(h.engine.player("video", of: "Viewer")?.position(at: .seconds(9)) == 6)
    }

    @Test("a rate must be above 0 and at most 32, and name a player when there are several")
    func rateRejected() throws {
        var h = try Harness([
            Self.viewer,
            AppConfig(
                "Two",
                players: [
                    PlayerConfig(name: "a", kind: .avPlayer),
                    PlayerConfig(name: "b", kind: .avPlayer),
                ]),
        ])
        #expect(h.app("Viewer", .rate(0)).isRejected)
        #expect(h.app("Viewer", .rate(40)).isRejected)
        #expect(h.app("Two", .rate(2)).isRejected)
        #expect(!h.app("Two", .rate(player: "b", 2)).isRejected)
        #expect(h.engine.player("b", of: "Two")?.rate == 2 && h.engine.player("a", of: "Two")?.rate == 1)
    }

    @Test("AVPlayer.rate reads the rate asked for while playing (waiting too) and 0 when paused or never played")
    func effectiveRate() throws {
        var h = try Harness([Self.viewer])
        #expect(h.engine.player("video", of: "Viewer")?.effectiveRate == 0)
        h.app("Viewer", .rate(2))
        h.app("Viewer", .play())
        #expect(h.engine.player("video", of: "Viewer")?.effectiveRate == 2)
        h.app("Viewer", .pause())
        #expect(h.engine.player("video", of: "Viewer")?.effectiveRate == 0)
    }

    @Test("items that ended before an event are told in the order they ended, across players and apps")
    func endsInTimeOrder() throws {
        let late = AppConfig(
            "Late", backgroundModes: [.audio], category: .playback, options: [.mixWithOthers],
            players: [PlayerConfig(name: "a", kind: .avPlayer, items: [PlayerItem(duration: 5)])])
        let early = AppConfig(
            "Early", backgroundModes: [.audio], category: .playback, options: [.mixWithOthers],
            players: [
                PlayerConfig(
                    name: "q", kind: .queuePlayer,
                    items: [PlayerItem(duration: 2), PlayerItem(duration: 6)])
            ])
        var h = try Harness([late, early])
        h.app("Late", .play())
        h.app("Early", .play())
        h.send(.advance, after: .seconds(30))
        #expect(
            h.takeNotifications() == [
                Delivered(app: "Early", kind: .didPlayToEndTime(player: "q")),  // at 2s
                Delivered(app: "Late", kind: .didPlayToEndTime(player: "a")),  // at 5s
                Delivered(app: "Early", kind: .didPlayToEndTime(player: "q")),  // at 8s
            ])
    }
}
