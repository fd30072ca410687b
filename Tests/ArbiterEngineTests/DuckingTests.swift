import Testing

@testable import ArbiterEngine

@Suite("Ducking (reference §5.3)")
struct DuckingTests {
    private func profile(level: Double = 0.2, ramp: Time = .zero) -> Profile {
        var profile = Profile()
        profile.duckLevel = level
        profile.duckRamp = ramp
        return profile
    }

    @Test("duckOthers lowers every other active session from activation until deactivation")
    func duckFromActivationUntilDeactivation() throws {
        var h = try Harness([Apps.music, Apps.maps, Apps.game], profile: profile(level: 0.3))
        h.app("Music", .play())
        h.app("Maps", .activate, after: .seconds(1))
        #expect(h.gain("Music") == 0.3)
        #expect(h.gain("Game") == 1, "Game's session is not active")
        #expect(!h.engine.isDucked("Game"))
        h.app("Game", .foreground)
        h.app("Game", .activate)
        #expect(h.gain("Game") == 0.3, "an active session is ducked, playing or not")
        #expect(h.engine.isDucked("Game"))
        #expect(h.gain("Maps") == 1)
        #expect(h.audible("Music"), "ducked, not silenced")
        h.app("Maps", .play())
        h.app("Maps", .stop(), after: .seconds(4))
        #expect(h.gain("Music") == 0.3, "others stay ducked after the sound ends, until deactivation")
        let outcome = h.app("Maps", .deactivate(), after: .seconds(10))
        #expect(h.gain("Music") == 1)
        #expect(outcome.rule(for: .gain(to: 1, over: .zero), of: "Music") == .unduck)
        #expect(h.takeNotifications().isEmpty, "ducked apps get no notification")
    }

    @Test("the ramp is a function of time: the gain at any instant follows from the events")
    func rampIsAFunctionOfTime() throws {
        var h = try Harness([Apps.music, Apps.maps], profile: profile(level: 0.2, ramp: .seconds(1)))
        h.app("Music", .play(), after: .seconds(10))
        h.app("Maps", .activate)
        let start = h.time
        #expect(h.gain("Music", at: start) == 1)
        #expect(abs(h.gain("Music", at: start + .ms(500)) - 0.6) < 1e-9)
        #expect(h.gain("Music", at: start + .seconds(1)) == 0.2)
        #expect(h.gain("Music", at: start + .seconds(30)) == 0.2)
        // Unduck half-way through the duck: the ramp back starts from where the gain is.
        h.app("Maps", .deactivate(), after: .ms(250))
        #expect(abs(h.gain("Music") - 0.8) < 1e-9)
        #expect(abs(h.gain("Music", at: h.time + .ms(500)) - 0.9) < 1e-9)
        #expect(h.gain("Music", at: h.time + .seconds(1)) == 1)
    }

    @Test("an interrupted ducking session stops ducking")
    func interruptedDuckerUnducks() throws {
        var h = try Harness([Apps.music, Apps.maps])
        h.app("Music", .play())
        h.app("Maps", .activate)
        #expect(h.engine.isDucked("Music"))
        h.system(.incomingCall)
        #expect(!h.engine.isDucked("Music"))
        #expect(h.gain("Music") == 1)
    }

    @Test("two ducking sessions duck each other and everyone else")
    func twoDuckers() throws {
        var h = try Harness([
            Apps.music, Apps.maps,
            AppConfig(
                "Coach", backgroundModes: [.audio], category: .playback,
                options: [.duckOthers]),
        ])
        h.app("Music", .play())
        h.app("Maps", .activate)
        h.app("Coach", .activate)
        #expect(h.engine.isDucked("Maps") && h.engine.isDucked("Coach") && h.engine.isDucked("Music"))
        h.app("Maps", .deactivate())
        #expect(h.engine.isDucked("Music"))
        #expect(!h.engine.isDucked("Coach"))
    }

    @Test("the profile rejects a duck level outside 0...1")
    func duckLevelRange() {
        #expect(throws: SetupError.self) { try Engine(Setup(profile: profile(level: 1.5))) }
        #expect(throws: SetupError.self) { try Engine(Setup(profile: profile(ramp: .ms(-1)))) }
    }
}
