import ArbiterAndroid
import ArbiterEngine
import Testing

@Suite("Ring and call (MediaFocusControl, §10.5, §10.8)")
struct RingAndCallTests {
    func musicPlaying(_ reactions: [FocusChange: [FocusReaction]] = [:]) throws -> Device {
        let game = AndroidApp(name: "Game", uid: 10003, targetSdk: 34, attributes: AudioAttributes(usage: .game))
        let nav = Apps.prompt("Nav", uid: 10004)
        var phone = try Device([Apps.media("Music", uid: 10001, reactions: reactions), game, nav])
        phone.app("Music", .play(nil))
        phone.app("Game", .start(nil))
        phone.app("Nav", .start(nil))
        return phone
    }

    @Test("an incoming call takes transient focus, locked: the holder gets LOSS_TRANSIENT")
    func ringTakesFocus() throws {
        var phone = try musicPlaying()
        phone.system(.incomingCall)
        #expect(phone.engine.call == .ringing)
        #expect(phone.engine.focusOwner == .call)
        #expect(phone.events() == ["Music: lossTransient"])
        phone.system(.answerCall)
        #expect(phone.engine.call == .active)
        #expect(phone.engine.stack == [.call, .app("Music")])
        phone.system(.endCall)
        #expect(phone.engine.call == nil)
        #expect(phone.events() == ["Music: gain"])
    }

    @Test(
        "media and game players are muted 100 ms after the ring starts, other usages are not, and unmuted when it ends")
    func muteMediaAndGame() throws {
        var phone = try musicPlaying()
        phone.system(.incomingCall)
        #expect(!phone.state("Music").muted)
        #expect(close(phone.volume("Music"), 1))
        let outcome = phone.advance(.ms(100))
        #expect(outcome.decisions.first?.time == .ms(100))
        #expect(phone.state("Music").muted && phone.state("Game").muted)
        #expect(!phone.state("Nav").muted)
        #expect(close(phone.volume("Game"), 0))
        #expect(phone.state("Music").rules["muted"]?.id == "call.mute-media")
        phone.system(.answerCall, after: .seconds(5))
        #expect(phone.state("Music").muted)
        phone.system(.endCall, after: .seconds(60))
        #expect(!phone.state("Music").muted && !phone.state("Game").muted)
        #expect(close(phone.volume("Game"), 1))
    }

    @Test("a call declined within 100 ms mutes nothing")
    func declinedQuickly() throws {
        var phone = try musicPlaying()
        phone.system(.incomingCall)
        phone.system(.declineCall, after: .ms(50))
        phone.advance(.ms(500))
        #expect(!phone.state("Game").muted)
    }

    @Test("calls out of order are rejections that say what was expected")
    func outOfOrder() throws {
        var phone = try musicPlaying()
        #expect(phone.system(.endCall).rejection == "endCall expects a call, but none rings or is active")
        #expect(phone.system(.answerCall).rejection == "answerCall expects a ringing call, but no call rings")
        #expect(phone.system(.declineCall).rejection?.hasPrefix("declineCall expects a ringing call") == true)
        phone.system(.incomingCall)
        phone.system(.answerCall)
        #expect(
            phone.system(.answerCall).rejection == "answerCall expects a ringing call, but the call is already answered"
        )
        #expect(phone.system(.incomingCall).rejection != nil)
    }

    @Test("the assistant and the alarm take focus with their gains and give it back")
    func assistantAndAlarm() throws {
        var phone = try musicPlaying()
        phone.system(.assistantBegin(.gainTransientMayDuck))
        #expect(phone.engine.focusOwner == .assistant)
        #expect(phone.state("Music").ducked)
        phone.advance(.ms(500))
        #expect(close(phone.volume("Music"), 0.017783), "the assistant ducks hard on Android 14")
        phone.system(.assistantEnd)
        #expect(phone.focus("Music") == .gain && !phone.state("Music").ducked)
        phone.system(.alarmBegin)
        #expect(phone.engine.focusOwner == .alarm)
        #expect(phone.events() == ["Music: lossTransient"])
        phone.system(.alarmEnd)
        #expect(phone.events() == ["Music: gain"])
        #expect(phone.system(.alarmEnd).rejection != nil)
    }

    @Test("work that falls due between two events runs in time order, each at its own time, in the next outcome")
    func dueWorkInTimeOrder() throws {
        var phone = try Device([Apps.media("Music", uid: 10001), Apps.media("Video", uid: 10002)])
        phone.app("Music", .play(nil))
        phone.app("Video", .play(nil))  // Music fades out over 2 s
        phone.system(.incomingCall, after: .ms(1950))
        let outcome = phone.advance(.seconds(1))
        let timed = outcome.decisions.map {
            "\($0.time.map(\.milliseconds) ?? -1) \($0.owner?.description ?? "device") \($0.change)"
        }
        #expect(
            timed == [
                "2000 Music faded out, muted", "2050 Music muted for the ring or call",
                "2050 Video muted for the ring or call",
            ])
        #expect(outcome.notifications.map(\.time) == [.ms(2000)])
        #expect(outcome.time == .ms(2950))
    }
}
