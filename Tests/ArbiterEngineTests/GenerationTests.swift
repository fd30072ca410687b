import Testing

@testable import ArbiterEngine

@Suite("Behaviour generations (reference §5.1)")
struct GenerationTests {
    /// A game (soloAmbient, no background mode) that plays, is sent to the background and suspended, then runs again.
    private func suspendAndReturn(ios: Int, wakeBy comeBack: Event) throws -> [SessionNotification] {
        var engine = try Engine(Setup(ios: ios, apps: [AppConfig("Game", remoteCommands: []), AppConfig("Home")]))
        engine.handle(.app("Game", .play()), at: .zero)
        let suspended = engine.handle(.app("Home", .foreground), at: .seconds(1))
        #expect(engine.app("Game")?.lifecycle == .suspended)
        #expect(suspended.notifications.isEmpty, "the notice is late: nothing is said while the app is suspended")
        let back = engine.handle(comeBack, at: .seconds(2))
        let again = engine.handle(.app("Home", .foreground), at: .seconds(3))
        #expect(again.notifications.isEmpty)
        let twice = engine.handle(comeBack, at: .seconds(4))
        #expect(twice.notifications.filter { $0.app == "Game" }.isEmpty, "told once, for the one deactivation")
        return back.notifications.filter { $0.app == "Game" }
    }

    @Test(
        "iOS 14 and 15: an app suspended with an active session is told (appWasSuspended) when it runs again",
        arguments: [14, 15])
    func appWasSuspended(ios: Int) throws {
        for comeBack in [Event.app("Game", .foreground), .app("Game", .activate)] {
            let told = try suspendAndReturn(ios: ios, wakeBy: comeBack)
            #expect(told.map(\.kind) == [.interruptionBegan(reason: .appWasSuspended)], "\(comeBack)")
            #expect(told.first?.rule == .appWasSuspendedNotice)
        }
    }

    @Test("iOS 16 and later: no appWasSuspended notice", arguments: [16, 17, 26])
    func noNoticeFrom16(ios: Int) throws {
        #expect(try suspendAndReturn(ios: ios, wakeBy: .app("Game", .foreground)).isEmpty)
    }

    @Test("an app suspended without an active session is owed nothing")
    func inactiveOwesNothing() throws {
        var engine = try Engine(Setup(ios: 15, apps: [AppConfig("Game"), AppConfig("Home")]))
        engine.handle(.app("Home", .foreground), at: .zero)
        #expect(engine.app("Game")?.lifecycle == .suspended)
        #expect(engine.handle(.app("Game", .foreground), at: .seconds(1)).notifications.isEmpty)
    }
}
