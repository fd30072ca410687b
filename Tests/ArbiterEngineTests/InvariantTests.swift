import Testing

@testable import ArbiterEngine

@Suite("Invariants")
struct InvariantTests {
    @Test("the checker catches broken states, so its silence means something")
    func checkerCatchesBrokenStates() throws {
        var engine = try Engine(Setup(apps: [Apps.music, AppConfig("Video", category: .playback)]))
        #expect(engine.invariantViolations().isEmpty)

        var twoActive = engine
        twoActive.apps[0].session.isActive = true
        twoActive.apps[1].session.isActive = true
        #expect(twoActive.invariantViolations().contains("several non-mixable sessions active: [Music, Video]"))
        #expect(twoActive.invariantViolations().contains("active sessions share an activation serial: [0, 0]"))

        var interruptedActive = engine
        interruptedActive.apps[0].session.isActive = true
        interruptedActive.apps[0].session.interruption = Interruption(by: .siri, at: .zero, reason: .default)
        #expect(interruptedActive.invariantViolations().contains("Music is interrupted yet active"))

        // An interruption by an app that its deactivation would not look for (the bound says there is none).
        var unseenInterruption = engine
        unseenInterruption.apps[1].session.interruption = Interruption(by: .app("Music"), at: .zero, reason: .default)
        #expect(
            unseenInterruption.invariantViolations()
                .contains("Music interrupted 1 sessions still pending, above its bound 0"))

        var playingInactive = engine
        playingInactive.apps[0].players[0].state = .playing
        #expect(playingInactive.invariantViolations().contains("Music runs I/O with an inactive session"))

        var twoForeground = engine
        twoForeground.apps[1].lifecycle = .foreground
        #expect(twoForeground.invariantViolations().contains { $0.hasPrefix("several foreground apps") })

        engine.apps[0].lifecycle = .suspended
        engine.apps[0].session.isActive = true
        #expect(engine.invariantViolations().contains { $0.hasPrefix("Music is suspended yet") })
    }

    @Test("invariants hold along a long, busy day")
    func busyDay() throws {
        var h = try Harness(
            [Apps.music, Apps.podcasts, Apps.maps, Apps.game, Apps.recorder, Apps.voip],
            profile: {
                var p = Profile()
                p.duckRamp = .ms(300)
                return p
            }())
        h.app("Music", .play())
        h.app("Maps", .play(), after: .seconds(30))
        h.app("Maps", .stop(), after: .seconds(3))
        h.app("Maps", .deactivate(notifyOthers: true))
        h.app("Podcasts", .foreground, after: .seconds(60))
        h.app("Podcasts", .play())
        h.app("Maps", .play(), after: .seconds(10))
        h.system(.incomingCall, after: .seconds(1))
        h.system(.answerCall, after: .seconds(5))
        h.app("Voip", .foreground)
        h.app("Voip", .activate)
        h.system(.endCall, after: .seconds(120))
        h.app("Voip", .activate)
        h.app("Recorder", .foreground)
        h.app("Recorder", .record)
        h.device(.lock)
        h.device(.ringer(.silent))
        h.app("Game", .foreground)
        h.app("Game", .play())
        h.system(.siriBegin)
        h.system(.siriEnd, after: .seconds(4))
        h.system(.alarmBegin, after: .seconds(600))
        h.system(.alarmEnd, after: .seconds(10))
        for app in h.engine.apps { h.app(app.id, .terminate) }
        #expect(h.engine.apps.allSatisfy { $0.lifecycle == .terminated && !$0.session.isActive })
        #expect(h.engine.nowPlaying == nil)
    }
}
