import Testing

@testable import ArbiterEngine

@Suite("Idle in the background: an active session alone does not keep an app running (reference §13.4)")
struct IdleSuspensionTests {
    /// Music plays in the background, then pauses and keeps its session active.
    static func pausedInBackground(profile: Profile = Profile(), ios: Int = 17) throws -> Harness {
        var h = try Harness([Apps.music, Apps.plain], profile: profile, ios: ios)
        h.app("Music", .play())
        h.app("Plain", .foreground)
        h.app("Music", .pause(), after: .seconds(5))
        return h
    }

    @Test("an app paused in the background with its session active is suspended 30 s later, and told nothing then")
    func suspendedAfterThirtySeconds() throws {
        var h = try Self.pausedInBackground()
        #expect(h.engine.nextIdleSuspension == .seconds(35))
        h.send(.advance, after: .ms(29_999))
        #expect(h.appState("Music").lifecycle == .background && h.session("Music").isActive)
        let outcome = h.send(.advance, after: .ms(1))
        #expect(h.appState("Music").lifecycle == .suspended && !h.session("Music").isActive)
        #expect(outcome.rule(for: .lifecycle(.suspended), of: "Music") == .idleBackgroundSuspends)
        #expect(h.engine.nextIdleSuspension == nil)
        #expect(h.takeNotifications().isEmpty)
    }

    @Test("playing again before the limit restarts the count; playing keeps the app running however long")
    func playingKeepsItRunning() throws {
        var h = try Self.pausedInBackground()
        h.app("Music", .play(), after: .seconds(20))
        #expect(h.engine.nextIdleSuspension == nil)
        h.send(.advance, after: .seconds(600))
        #expect(h.appState("Music").lifecycle == .background && h.playing("Music"))
        h.app("Music", .pause())
        #expect(h.engine.nextIdleSuspension == h.time + .seconds(30))
    }

    @Test("before iOS 16, the suspension is told when the app next runs: appWasSuspended")
    func toldLateBeforeSixteen() throws {
        var h = try Self.pausedInBackground(ios: 15)
        h.send(.advance, after: .seconds(40))
        #expect(h.takeNotifications().isEmpty)
        h.app("Music", .foreground)
        #expect(h.takeNotifications() == [Delivered(app: "Music", kind: .interruptionBegan(reason: .appWasSuspended))])
    }

    @Test("a ducking session left active while idle ducks until its app is suspended")
    func duckEndsWithSuspension() throws {
        var h = try Harness([Apps.music, Apps.maps])
        h.app("Music", .play())
        h.app("Maps", .play())
        h.app("Maps", .pause(), after: .seconds(2))
        #expect(h.gain("Music") < 1)
        h.send(.advance, after: .ms(29_999))
        #expect(h.gain("Music") < 1)
        let outcome = h.send(.advance, after: .ms(1))
        #expect(h.gain("Music") == 1)
        #expect(outcome.rule(for: .gain(to: 1, over: .zero), of: "Music") == .unduck)
    }

    @Test("the profile's limit is a tunable; never keeps the idle app running")
    func tunable() throws {
        var short = Profile()
        short.idleBackgroundSuspension = .seconds(5)
        var h = try Self.pausedInBackground(profile: short)
        h.send(.advance, after: .seconds(5))
        #expect(h.appState("Music").lifecycle == .suspended)

        var never = Profile()
        never.idleBackgroundSuspension = nil
        h = try Self.pausedInBackground(profile: never)
        #expect(h.engine.nextIdleSuspension == nil)
        h.send(.advance, after: .seconds(3_600))
        #expect(h.appState("Music").lifecycle == .background && h.session("Music").isActive)
        #expect(never.tunables.contains { $0 == ("idleBackgroundSuspension", "never") })
    }

    @Test("apps idle since different times are suspended in that order, each at its own deadline")
    func inOrder() throws {
        var h = try Harness([Apps.music, Apps.maps, Apps.plain])
        h.app("Music", .play())
        h.app("Maps", .play())
        h.app("Plain", .foreground)
        h.app("Maps", .pause(), after: .seconds(1))
        h.app("Music", .pause(), after: .seconds(1))
        #expect(h.engine.nextIdleSuspension == .seconds(31))
        let outcome = h.send(.advance, after: .seconds(60))
        let suspended = outcome.decisions.filter { $0.change == .lifecycle(.suspended) }.compactMap(\.app)
        #expect(suspended == ["Maps", "Music"], "Maps idled first, though declared after Music")
    }
}
