import Testing
@testable import ArbiterEngine

@Suite("Players' own clocks (rate, position, items)")
struct PlayerClocksTests {
    static let viewer = AppConfig("Viewer", backgroundModes: [.audio], category: .playback, players: [
        PlayerConfig(name: "video", kind: .playerViewController, items: [PlayerItem(title: "Film", duration: 100)]),
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
        var h = try Harness([Self.viewer, AppConfig("Two", players: [PlayerConfig(name: "a", kind: .avPlayer),
                                                                     PlayerConfig(name: "b", kind: .avPlayer)])])
        #expect(h.app("Viewer", .rate(0)).isRejected)
        #expect(h.app("Viewer", .rate(40)).isRejected)
        #expect(h.app("Two", .rate(2)).isRejected)
        #expect(!h.app("Two", .rate(player: "b", 2)).isRejected)
        #expect(h.engine.player("b", of: "Two")?.rate == 2 && h.engine.player("a", of: "Two")?.rate == 1)
    }

    @Test("a handler's failure (play in playAndRecord during an answered call) travels with its remoteCommand")
    func handlerStatusInNotification() throws {
        var h = try Harness([AppConfig("Radio", backgroundModes: [.audio], category: .playAndRecord,
                                       remoteCommands: [.play, .pause], reactions: [.remote(.play): .play])])
        h.app("Radio", .play())
        h.app("Radio", .pause())
        h.system(.incomingCall)
        h.system(.answerCall)
        _ = h.takeNotifications()
        h.system(.remote(.play))
        #expect(h.takeNotifications() == [Delivered(app: "Radio", kind: .remoteCommand(.play, status: .commandFailed))])
        h.system(.endCall)
        _ = h.takeNotifications()
        h.system(.remote(.pause))
        #expect(h.takeNotifications() == [Delivered(app: "Radio", kind: .remoteCommand(.pause, status: .success))])
    }

    static func radio(waits: Bool = true, fails: Bool = false) -> AppConfig {
        var player = PlayerConfig(name: "main", kind: .avPlayer, items: [PlayerItem(title: "Live", duration: 60,
                                                                                       fails: fails)])
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
        #expect(down.decisions.contains { $0.change == .playerWaiting("main", true) && $0.rule == .playerWaitsForStream })
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
        let late = AppConfig("Late", backgroundModes: [.audio], category: .playback, options: [.mixWithOthers],
                             players: [PlayerConfig(name: "a", kind: .avPlayer, items: [PlayerItem(duration: 5)])])
        let early = AppConfig("Early", backgroundModes: [.audio], category: .playback, options: [.mixWithOthers],
                              players: [PlayerConfig(name: "q", kind: .queuePlayer,
                                                     items: [PlayerItem(duration: 2), PlayerItem(duration: 6)])])
        var h = try Harness([late, early])
        h.app("Late", .play())
        h.app("Early", .play())
        h.send(.advance, after: .seconds(30))
        #expect(h.takeNotifications() == [
            Delivered(app: "Early", kind: .didPlayToEndTime(player: "q")),   // at 2s
            Delivered(app: "Late", kind: .didPlayToEndTime(player: "a")),    // at 5s
            Delivered(app: "Early", kind: .didPlayToEndTime(player: "q")),   // at 8s
        ])
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
