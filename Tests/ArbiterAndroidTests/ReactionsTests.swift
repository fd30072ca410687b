import ArbiterAndroid
import ArbiterEngine
import Testing

@Suite("The apps' listeners (reactions)")
struct ReactionsTests {
    @Test("pause on a transient loss, resume on gain: what was paused starts again")
    func pauseResume() throws {
        let music = Apps.media("Music", uid: 10001, reactions: [.lossTransient: [.pause], .gain: [.resume]])
        var phone = try Device([music, Apps.media("Call", uid: 10002, gain: .gainTransient)])
        phone.app("Music", .play(nil))
        let outcome = phone.request("Call")
        #expect(!phone.playing("Music"))
        #expect(outcome.decisions.contains { $0.change == .reacted(.lossTransient, .pause) })
        phone.app("Call", .abandonFocus)
        #expect(phone.playing("Music"))
    }

    @Test("stop and abandon on a loss: the app leaves focus quietly")
    func stopAndAbandon() throws {
        let music = Apps.media("Music", uid: 10001, reactions: [.loss: [.stop, .abandonFocus]])
        var phone = try Device([music, Apps.media("Video", uid: 10002, contentType: .speech)])
        phone.app("Music", .play(nil))
        phone.request("Video")
        #expect(!phone.playing("Music"))
        #expect(phone.focus("Music") == .loss)
    }

    @Test("duck and unduck set the app's own volume (what apps did before Android 8)")
    func manualDuck() throws {
        let music = Apps.media("Music", uid: 10001, reactions: [.lossTransientCanDuck: [.duck], .gain: [.unduck]])
        var phone = try Device([music, Apps.prompt("Maps", uid: 10002, usage: .notification)], sdk: 25)
        phone.app("Music", .play(nil))
        phone.request("Maps")
        #expect(close(phone.volume("Music"), 0.2))
        #expect(!phone.state("Music").ducked)
        phone.app("Maps", .abandonFocus)
        #expect(close(phone.volume("Music"), 1))
    }

    @Test("a reaction that requests focus causes further losses and reactions")
    func chained() throws {
        let a = Apps.media("A", uid: 10001, gain: .gainTransient, reactions: [.lossTransient: [.requestFocus]])
        let b = Apps.media("B", uid: 10002, gain: .gainTransient)
        var phone = try Device([a, b])
        phone.request("A")
        phone.request("B")
        #expect(phone.events() == ["A: lossTransient", "B: lossTransient"])
        #expect(phone.engine.focusOwner == .app("A"))
    }

    @Test("apps that answer each other forever are stopped, and the outcome says so")
    func loopStops() throws {
        let a = Apps.media("A", uid: 10001, reactions: [.loss: [.play]])
        let b = Apps.media("B", uid: 10002, reactions: [.loss: [.play]])
        var phone = try Device([a, b], sdk: 30)  // no fade: each LOSS is told at once
        phone.app("A", .play(nil))
        let outcome = phone.app("B", .play(nil))
        #expect(outcome.rejection?.contains("kept answering each other") == true)
    }
}
