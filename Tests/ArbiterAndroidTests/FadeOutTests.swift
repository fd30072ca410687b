import ArbiterAndroid
import ArbiterEngine
import Testing

@Suite("The Android 12 fade-out on a permanent loss (FadeOutManager, §10.5, §10.8)")
struct FadeOutTests {
    func fadeScene(sdk: Int = 34, music: AndroidApp? = nil, video: AndroidApp? = nil) throws -> Device {
        var phone = try Device(
            [music ?? Apps.media("Music", uid: 10001), video ?? Apps.media("Video", uid: 10002)],
            sdk: sdk)
        phone.app("Music", .play(nil))
        phone.request("Video")
        return phone
    }

    @Test("no LOSS before the fade's duration, LOSS after it (CTS)")
    func lossAfterFade() throws {
        var phone = try fadeScene()
        #expect(phone.focus("Music") == .loss)
        #expect(phone.state("Music").faded)
        #expect(phone.events() == [])
        phone.advance(.ms(1999))
        #expect(phone.events() == [])
        let outcome = phone.advance(.ms(11))
        #expect(phone.events() == ["Music: loss"])
        #expect(outcome.notifications.first?.time == .ms(2000))
        #expect(outcome.decisions.first { $0.change == .fadedOut }?.time == .ms(2000))
        #expect(close(phone.volume("Music"), 0))
    }

    @Test("the fade follows 1 → 0.65 at a quarter → 0, linear between")
    func curve() throws {
        var phone = try fadeScene()
        phone.advance(.ms(250))
        #expect(close(phone.volume("Music"), 0.825))
        phone.advance(.ms(250))
        #expect(close(phone.volume("Music"), 0.65))
        phone.advance(.ms(750))
        #expect(close(phone.volume("Music"), 0.325))
    }

    @Test("the faded app stays faded out, whatever it starts, until it requests focus again")
    func mutedUntilRequest() throws {
        var phone = try fadeScene()
        phone.app("Music", .pause(nil), after: .seconds(2))
        phone.app("Music", .start(nil), after: .ms(500))
        #expect(phone.state("Music").faded)
        #expect(close(phone.volume("Music"), 0))
        phone.request("Music", after: .ms(500))
        #expect(!phone.state("Music").faded)
        #expect(close(phone.volume("Music"), 0))
        phone.advance(.ms(1500))
        #expect(close(phone.volume("Music"), 0.65), "the fade played backwards: at a quarter from its end at 1.5 s")
        phone.advance(.ms(500))
        #expect(close(phone.volume("Music"), 1))
        #expect(phone.state("Music").rules["faded"]?.id == "fade.fade-in-on-focus")
    }

    @Test("a request during the fade fades the app back in and the LOSS is never told")
    func requestDuringFade() throws {
        var phone = try fadeScene()
        phone.request("Music", after: .seconds(1))
        phone.advance(.seconds(5))
        #expect(phone.events() == ["Video: loss"])
        #expect(phone.focus("Music") == .gain)
    }

    @Test("2 s after its LOSS the framework forgets the faded app: what still plays is faded back in")
    func offenderFadedIn() throws {
        var phone = try fadeScene()
        let outcome = phone.advance(.seconds(5))
        #expect(outcome.decisions.map(\.change).contains(.fadedIn))
        #expect(outcome.decisions.first { $0.change == .fadedIn }?.time == .ms(4000))
        #expect(!phone.state("Music").faded)
        #expect(close(phone.volume("Music"), 0.65 * (1 - 1.0 / 3)), "1 s into the 2 s fade played backwards")
        phone.advance(.seconds(1))
        #expect(close(phone.volume("Music"), 1))
    }

    @Test(
        "no fade when the requester's content is speech, the loser pauses when ducked, a player is speech, or before Android 12"
    )
    func noFade() throws {
        var speechWinner = try fadeScene(video: Apps.media("Video", uid: 10002, contentType: .speech))
        #expect(speechWinner.events() == ["Music: loss"])
        var pauses = try fadeScene(music: Apps.media("Music", uid: 10001, willPause: true))
        #expect(pauses.events() == ["Music: loss"])
        var speech = try fadeScene(music: Apps.media("Music", uid: 10001, contentType: .speech))
        #expect(speech.events() == ["Music: loss"])
        var android11 = try fadeScene(sdk: 30)
        #expect(android11.events() == ["Music: loss"])
        #expect(!android11.state("Music").faded)
    }

    @Test("a loser that plays nothing is told at once")
    func idleLoserToldAtOnce() throws {
        var phone = try Device([Apps.media("Music", uid: 10001), Apps.media("Video", uid: 10002)])
        phone.request("Music")
        phone.request("Video")
        #expect(phone.events() == ["Music: loss"])
    }

    @Test("the LOSS at the fade's end runs the app's reactions then")
    func reactionsAtFadeEnd() throws {
        var phone = try fadeScene(music: Apps.media("Music", uid: 10001, reactions: [.loss: [.stop, .abandonFocus]]))
        let outcome = phone.advance(.seconds(5))
        #expect(!phone.playing("Music"))
        #expect(outcome.decisions.contains { $0.change == .reacted(.loss, .stop) && $0.time == .ms(2000) })
        #expect(outcome.decisions.contains { $0.change == .fadedIn && $0.time == .ms(4000) })
    }
}
