import ArbiterAndroid
import ArbiterEngine
import Testing

@Suite("Automatic ducking (PlaybackActivityMonitor, §10.4, §10.8)")
struct AutomaticDuckingTests {
    func musicAndPrompt(
        sdk: Int = 34, music: AndroidApp? = nil, prompt: AndroidApp? = nil,
        profile: AndroidProfile? = nil
    ) throws -> Device {
        var phone = try Device(
            [
                music ?? Apps.media("Music", uid: 10001),
                prompt ?? Apps.prompt("Maps", uid: 10002, usage: .notification),
            ],
            sdk: sdk, profile: profile)
        phone.app("Music", .play(nil))
        phone.request("Maps")
        return phone
    }

    @Test("a MAY_DUCK winner's loser is ducked by the framework, silently, ramping linearly to 0.2 over 500 ms")
    func duckedSilently() throws {
        var phone = try musicAndPrompt()
        #expect(phone.events() == [])
        #expect(phone.focus("Music") == .lossTransientCanDuck)
        #expect(phone.state("Music").ducked)
        #expect(phone.playing("Music"))
        #expect(close(phone.volume("Music"), 1))
        phone.advance(.ms(250))
        #expect(close(phone.volume("Music"), 0.6))
        phone.advance(.ms(250))
        #expect(close(phone.volume("Music"), 0.2))
        #expect(phone.state("Music").rules["ducked"]?.id == "duck.automatic")
    }

    @Test(
        "when the winner abandons, the loser regains focus and is unducked along the duck played backwards, with no GAIN: its loss was never told"
    )
    func unduckOnAbandon() throws {
        var phone = try musicAndPrompt()
        phone.app("Maps", .abandonFocus, after: .seconds(3))
        #expect(phone.focus("Music") == .gain)
        #expect(!phone.state("Music").ducked)
        #expect(close(phone.volume("Music"), 0.2))
        phone.advance(.ms(250))
        #expect(close(phone.volume("Music"), 0.6))
        phone.advance(.ms(250))
        #expect(close(phone.volume("Music"), 1))
        #expect(phone.events() == [])
    }

    @Test("a duck undone halfway down climbs back from where it was, in the time it took to fall")
    func unduckMidRamp() throws {
        var phone = try musicAndPrompt()
        phone.app("Maps", .abandonFocus, after: .ms(250))
        #expect(close(phone.volume("Music"), 0.6))
        phone.advance(.ms(125))
        #expect(close(phone.volume("Music"), 0.8))
        phone.advance(.ms(125))
        #expect(close(phone.volume("Music"), 1))
    }

    @Test("an assistant or navigation prompt ducks to the strong level from Android 14, to 0.2 before")
    func strongDuck() throws {
        let maps = Apps.prompt("Maps", uid: 10002)
        var android14 = try musicAndPrompt(prompt: maps)
        android14.advance(.ms(500))
        #expect(close(android14.volume("Music"), 0.017783))
        #expect(android14.state("Music").rules["ducked"]?.id == "duck.strong")
        var android13 = try musicAndPrompt(sdk: 33, prompt: maps)
        android13.advance(.ms(500))
        #expect(close(android13.volume("Music"), 0.2))
    }

    @Test("the same uid gets the LOSS_TRANSIENT_CAN_DUCK callback instead of a duck (CTS TransientDuck)")
    func sameUidCallback() throws {
        var phone = try musicAndPrompt(prompt: Apps.prompt("Maps", uid: 10001, usage: .notification))
        #expect(phone.events() == ["Music: lossTransientCanDuck"])
        #expect(!phone.state("Music").ducked)
        #expect(phone.delivered.isEmpty)
        phone.app("Maps", .abandonFocus)
        #expect(phone.events() == ["Music: gain"])
    }

    @Test("willPauseWhenDucked and a target SDK of 25 or lower get the callback")
    func flagAndOldTarget() throws {
        var pauses = try musicAndPrompt(music: Apps.media("Music", uid: 10001, willPause: true))
        #expect(pauses.events() == ["Music: lossTransientCanDuck"])
        var old = try musicAndPrompt(music: Apps.media("Music", uid: 10001, targetSdk: 25))
        #expect(old.events() == ["Music: lossTransientCanDuck"])
        #expect(old.delivered.isEmpty && !old.state("Music").ducked)
    }

    @Test("a started speech player or AAudio player means the callback; a SoundPool player never counts")
    func playersDecide() throws {
        var speech = try musicAndPrompt(music: Apps.media("Pod", uid: 10001, contentType: .speech).renamed("Music"))
        #expect(speech.events() == ["Music: lossTransientCanDuck"])
        var aaudio = try musicAndPrompt(
            music: Apps.media(
                "Music", uid: 10001,
                players: [AndroidPlayer(name: "main", kind: .aaudio)]))
        #expect(aaudio.events() == ["Music: lossTransientCanDuck"])
        let pool = Apps.media(
            "Music", uid: 10001,
            players: [
                AndroidPlayer(
                    name: "main", kind: .soundPool,
                    attributes: AudioAttributes(contentType: .speech))
            ])
        var soundPool = try musicAndPrompt(music: pool)
        #expect(soundPool.events() == [])
        #expect(soundPool.state("Music").ducked)
        soundPool.advance(.ms(500))
        #expect(close(soundPool.volume("Music"), 1), "a SoundPool player is never ducked")
    }

    @Test("before Android 8 the loser is always told")
    func beforeOreo() throws {
        var phone = try musicAndPrompt(sdk: 25)
        #expect(phone.events() == ["Music: lossTransientCanDuck"])
    }

    @Test("a player started inside a ducked uid is ducked at once, with no ramp")
    func laterPlayerDuckedAtOnce() throws {
        let music = Apps.media("Music", uid: 10001, players: [AndroidPlayer(name: "main"), AndroidPlayer(name: "fx")])
        var phone = try Device([music, Apps.prompt("Maps", uid: 10002, usage: .notification)])
        phone.app("Music", .play("main"))
        phone.request("Maps")
        phone.app("Music", .start("fx"), after: .ms(100))
        #expect(close(phone.volume("Music", "fx"), 0.2))
        #expect(close(phone.volume("Music", "main"), 0.84))
    }

    @Test("a loser with no started player is ducked too: what it starts later plays ducked")
    func idleLoserDucked() throws {
        var phone = try Device([Apps.media("Music", uid: 10001), Apps.prompt("Maps", uid: 10002, usage: .notification)])
        phone.request("Music")
        phone.request("Maps")
        #expect(phone.state("Music").ducked)
        phone.app("Music", .start(nil))
        #expect(close(phone.volume("Music"), 0.2))
    }
}

extension AndroidApp {
    func renamed(_ name: AppID) -> AndroidApp {
        var app = self
        app.name = name
        return app
    }
}
