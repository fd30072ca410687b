import ArbiterAndroid
import ArbiterEngine
import Testing

@Suite("Delayed focus below a locked owner (MediaFocusControl, §10.3, §10.8)")
struct DelayedFocusTests {
    @Test(
        "during a call a request that accepts delayed focus is DELAYED, then gets GAIN when the call ends (CTS testAudioFocusDelayedByCall)"
    )
    func delayedByCall() throws {
        var phone = try Device([Apps.media("Media", uid: 10001, delayOK: true)])
        phone.system(.incomingCall)
        let outcome = phone.request("Media")
        #expect(outcome.result == .delayed)
        #expect(phone.focus("Media") == .delayed)
        #expect(phone.state("Media").lastRequest == .delayed)
        #expect(phone.engine.stack == [.call, .app("Media")])
        #expect(phone.engine.focusOwner == .call)
        phone.system(.declineCall)
        #expect(phone.events() == ["Media: gain"])
        #expect(phone.focus("Media") == .gain)
        #expect(phone.engine.focusOwner == .app("Media"))
    }

    @Test(
        "a transient request delayed by an answered call gets GAIN when the call ends (CTS testAudioFocusTransientDelayedByCall)"
    )
    func transientDelayedByCall() throws {
        var phone = try Device([
            AndroidApp(
                name: "Memo", uid: 10001, targetSdk: 34, focusGain: .gainTransient,
                acceptsDelayedFocusGain: true)
        ])
        phone.system(.incomingCall)
        phone.system(.answerCall)
        #expect(phone.request("Memo").result == .delayed)
        phone.system(.endCall)
        #expect(phone.events() == ["Memo: gain"])
    }

    @Test("a media holder gets LOSS from a GAIN delayed by a call (CTS testAudioMediaFocusDelayedByCall)")
    func mediaDelayedByCallGetsLoss() throws {
        var phone = try Device([Apps.media("Holder", uid: 10001), Apps.media("Media", uid: 10002, delayOK: true)])
        phone.request("Holder")
        phone.system(.incomingCall)
        #expect(phone.focus("Holder") == .lossTransient)
        #expect(phone.request("Media").result == .delayed)
        #expect(phone.events() == ["Holder: lossTransient", "Holder: loss"])
        #expect(phone.engine.stack == [.call, .app("Media")])
        #expect(phone.decisions.contains { $0.owner == .app("Holder") && $0.rule.id == "delay.propagates-loss" })
    }

    @Test("with delayedRequestPropagatesLoss off (older releases) the delayed request is only inserted")
    func olderReleasesOnlyInsert() throws {
        var profile = AndroidProfile(sdk: 30)
        profile.delayedRequestPropagatesLoss = false
        var phone = try Device(
            [Apps.media("Holder", uid: 10001), Apps.media("Media", uid: 10002, delayOK: true)],
            sdk: 30, profile: profile)
        phone.request("Holder")
        phone.system(.incomingCall)
        phone.request("Media")
        #expect(phone.engine.stack == [.call, .app("Media"), .app("Holder")])
        #expect(phone.events() == ["Holder: lossTransient"])
    }

    @Test("during a call a request that does not accept delayed focus FAILS and changes nothing")
    func failsWithoutDelayOK() throws {
        var phone = try Device([Apps.media("Media", uid: 10001)])
        phone.system(.incomingCall)
        let outcome = phone.request("Media")
        #expect(outcome.result == .failed)
        #expect(outcome.decisions.map(\.rule.id) == ["delay.locked-owner-refuses"])
        #expect(phone.focus("Media") == .none)
        #expect(phone.engine.stack == [.call])
    }

    @Test("an owner with AUDIOFOCUS_FLAG_LOCK on top delays requests like a call")
    func lockedOwner() throws {
        let locked = AndroidApp(name: "System", uid: 1000, targetSdk: 34, focusGain: .gainTransient, locksFocus: true)
        var phone = try Device([locked, Apps.media("Media", uid: 10001, delayOK: true)])
        phone.request("System")
        #expect(phone.request("Media").result == .delayed)
        phone.app("System", .abandonFocus)
        #expect(phone.events() == ["Media: gain"])
    }

    @Test("play during a call waits for the delayed grant, then starts")
    func playWaitsForGrant() throws {
        var phone = try Device([Apps.media("Media", uid: 10001, delayOK: true)])
        phone.system(.incomingCall)
        #expect(phone.app("Media", .play(nil)).result == .delayed)
        #expect(!phone.playing("Media"))
        phone.system(.declineCall)
        #expect(phone.playing("Media"))
        #expect(phone.decisions.contains { $0.rule.id == "delay.play-when-granted" })
    }
}
