import ArbiterAndroid
import ArbiterEngine
import Testing

/// CarAudioFocus's delayed request by release, with the AOSP unit test each case follows (CarAudioFocusUnitTest).
@Suite("The car's delayed focus, by release")
struct CarDelayedFocusTests {
    /// A ring holding focus, Nav sharing it (CALL_RING × NAVIGATION: C, MAY_DUCK), and a delayable Music.
    func ringAndNav(sdk: Int = 34, profile: AndroidProfile? = nil) throws -> Device {
        var car = try Device(
            [
                carApp("Nav", uid: 10001, usage: .assistanceNavigationGuidance, gain: .gainTransientMayDuck),
                carApp("Music", uid: 10002, usage: .media, delayOK: true),
            ], platform: .car, sdk: sdk, profile: profile)
        car.system(.incomingCall)
        car.request("Nav")
        #expect(Set(car.engine.holders) == [.call, .app("Nav")])
        return car
    }

    @Test("a delayed GAIN takes focus at once from a holder it displaces: LOSS, though it does not hold focus")
    func displacedHolderLosesAtOnce() throws {
        for sdk in [30, 33, 34] {
            var car = try ringAndNav(sdk: sdk)
            let outcome = car.request("Music")  // CALL_RING × MUSIC: R; NAVIGATION × MUSIC: C, not MAY_DUCK
            #expect(outcome.result == .delayed)
            #expect(car.events() == ["Nav: loss"], "Android \(sdk)")
            #expect(car.engine.holders == [.call])
            #expect(car.focus("Nav") == .loss)
            #expect(outcome.decisions.contains { $0.rule.id == "car.delayed-displaces-at-once" })
            car.system(.declineCall)
            #expect(car.events() == ["Music: gain"])
            #expect(car.engine.holders == [.app("Music")])
        }
    }

    @Test("a delayed GAIN ends a waiting loser it blocks: LOSS (…nonTransientRequestReceivesLoss)")
    func blockedLoserLosesAtOnce() throws {
        var car = try Device(
            [
                carApp("Radio", uid: 10001, usage: .media),
                carApp("Music", uid: 10002, usage: .media, delayOK: true),
            ], platform: .car, sdk: 30)
        car.request("Radio")
        car.system(.incomingCall)  // MUSIC × CALL_RING: E, Radio waits
        #expect(car.request("Music").result == .delayed)
        #expect(car.events() == ["Radio: lossTransient", "Radio: loss"])
        #expect(car.engine.stack == [.call, .app("Music")])
    }

    @Test("Android 14: a delayed request refused when weighed again is told LOSS (…thenCallStop_delayedFocusLost)")
    func refusedRetryLoses() throws {
        var car = try Device(
            [
                carApp("Chime", uid: 10001, usage: .notification, delayOK: true),
                carApp("Nav", uid: 10002, usage: .assistanceNavigationGuidance, gain: .gainTransientExclusive),
            ], platform: .car, sdk: 34)
        car.system(.incomingCall)
        #expect(car.request("Chime").result == .delayed)  // CALL_RING × NOTIFICATION: R
        car.request("Nav")  // CALL_RING × NAVIGATION: C, not MAY_DUCK: the ring waits
        car.system(.declineCall)  // Chime weighed again: a notification during an exclusive request fails
        #expect(car.focus("Chime") == .loss)
        #expect(car.engine.stack == [.app("Nav")])
        #expect(car.events() == ["Chime: loss"])
        #expect(car.decisions.contains { $0.rule.id == "car.delayed-refused" })
    }

    @Test("Android 11 to 13: a delayed request refused when weighed again keeps waiting, untold")
    func refusedRetryWaits() throws {
        var car = try Device(
            [
                carApp("Chime", uid: 10001, usage: .notification, delayOK: true),
                carApp("Nav", uid: 10002, usage: .assistanceNavigationGuidance, gain: .gainTransientExclusive),
            ], platform: .car, sdk: 33)
        car.system(.incomingCall)
        car.request("Chime")
        car.request("Nav")
        car.system(.declineCall)
        #expect(car.focus("Chime") == .delayed)
        #expect(car.events() == [])
        car.app("Nav", .abandonFocus)
        #expect(car.focus("Chime") == .gain)
        #expect(car.events() == ["Chime: gain"])
    }

    @Test("before Android 11 the car has no delayed focus: a rejected request with DELAY_OK fails")
    func noDelayedFocusBeforeAndroid11() throws {
        var car = try ringAndNav(sdk: 29)
        let outcome = car.request("Music")
        #expect(outcome.result == .failed)
        #expect(outcome.decisions.first?.rule.id == "car.no-delayed-focus")
        #expect(car.events() == [])
    }

    @Test("the profile overrides the release: carDelayedFocus, carDelayedLosesWhenRefused")
    func profileChoices() throws {
        #expect(!AndroidProfile(sdk: 29).carDelayedFocus && AndroidProfile(sdk: 30).carDelayedFocus)
        #expect(!AndroidProfile(sdk: 33).carDelayedLosesWhenRefused)
        #expect(AndroidProfile(sdk: 34).carDelayedLosesWhenRefused)
        var profile = AndroidProfile(sdk: 29)
        profile.carDelayedFocus = true
        var car = try ringAndNav(sdk: 29, profile: profile)
        #expect(car.request("Music").result == .delayed)
    }
}
