import Testing

@testable import ArbiterEngine

@Suite("Media services (reference §6.6)")
struct MediaServicesTests {
    @Test("while media services are lost, activation and setCategory fail with mediaServicesFailed")
    func lost() throws {
        var h = try Harness([Apps.music])
        h.app("Music", .play())
        h.system(.mediaServicesLost)
        #expect(!h.playing("Music") && !h.session("Music").isActive)
        #expect(h.app("Music", .activate).failure == .mediaServicesFailed)
        #expect(h.app("Music", .setCategory(.ambient)).failure == .mediaServicesFailed)
        #expect(ErrorCode.mediaServicesFailed.osStatus == 1_836_282_486)
        h.system(.mediaServicesReset)
        #expect(h.app("Music", .activate).result == .succeeded)
    }

    @Test("a reset wipes every session and tells every app")
    func reset() throws {
        var h = try Harness([Apps.music, Apps.maps])
        h.app("Music", .play())
        h.app("Maps", .activate)
        _ = h.takeNotifications()
        h.system(.mediaServicesReset)
        #expect(h.takeNotifications().map(\.kind) == [.mediaServicesWereReset, .mediaServicesWereReset])
        #expect(h.session("Music") == AudioSession())
        #expect(h.session("Maps").category == .soloAmbient)
        #expect(h.appState("Music").players[0].state == .stopped)
    }
}
