import ArbiterAndroid
import ArbiterEngine
import Testing

@Suite("Players and play (docs/android.md)")
struct PlayersTests {
    @Test("a player may start without focus; play requests focus first and starts only if granted")
    func startAndPlay() throws {
        var phone = try Device([Apps.media("Music", uid: 10001)])
        phone.app("Music", .start(nil))
        #expect(phone.playing("Music"))
        #expect(phone.focus("Music") == .none)
        phone.app("Music", .stop(nil))
        #expect(phone.app("Music", .play(nil)).result == .granted)
        #expect(phone.playing("Music") && phone.focus("Music") == .gain)
        #expect(phone.app("Music", .play(nil)).result == nil, "held focus is not asked for again")
    }

    @Test("a refused play stays stopped")
    func refusedPlay() throws {
        var phone = try Device([Apps.media("Music", uid: 10001)])
        phone.system(.incomingCall)
        #expect(phone.app("Music", .play(nil)).result == .failed)
        #expect(!phone.playing("Music"))
    }

    @Test("the volume is the app's own × the framework's duck × fade × mute")
    func volumeProduct() throws {
        var phone = try Device([Apps.media("Music", uid: 10001), Apps.prompt("Maps", uid: 10002, usage: .notification)])
        phone.app("Music", .play(nil))
        phone.app("Music", .setVolume(nil, 0.5))
        phone.request("Maps")
        phone.advance(.seconds(1))
        #expect(close(phone.volume("Music"), 0.1))
        #expect(phone.app("Music", .setVolume("main", 2)).rejection != nil)
    }

    @Test("a paused player is not started for the framework: it is neither faded nor counted")
    func pausedNotFaded() throws {
        var phone = try Device([Apps.media("Music", uid: 10001), Apps.media("Video", uid: 10002)])
        phone.app("Music", .play(nil))
        phone.app("Music", .pause(nil))
        phone.request("Video")
        #expect(phone.events() == ["Music: loss"])
        #expect(!phone.state("Music").faded)
    }
}
