import ArbiterAndroid
import ArbiterEngine
import Testing

@Suite("The phone's focus stack (MediaFocusControl, §10.3, §10.8)")
struct FocusStackTests {
    @Test(
        "a GAIN request takes the top; the holder gets LOSS, leaves the stack and hears nothing when the winner abandons (CTS two-player gain/loss)"
    )
    func twoPlayerGainLoss() throws {
        var phone = try Device([Apps.media("A", uid: 10001), Apps.media("B", uid: 10002)])
        #expect(phone.request("A").result == .granted)
        #expect(phone.request("B").result == .granted)
        #expect(phone.engine.stack == [.app("B")])
        #expect(phone.focus("A") == .loss)
        #expect(phone.events() == ["A: loss"])
        phone.app("B", .abandonFocus)
        #expect(phone.engine.stack.isEmpty)
        #expect(phone.engine.focusOwner == nil)
        #expect(phone.events() == [])
        #expect(phone.focus("A") == .loss)
    }

    @Test("a transient request puts the holder below it, which regains focus and is told GAIN when it abandons")
    func transientLossThenGain() throws {
        var phone = try Device([Apps.media("A", uid: 10001), Apps.media("B", uid: 10002, gain: .gainTransient)])
        phone.request("A")
        phone.request("B")
        #expect(phone.engine.stack == [.app("B"), .app("A")])
        #expect(phone.focus("A") == .lossTransient)
        #expect(phone.engine.focusOwner == .app("B"))
        #expect(phone.engine.holders == [.app("B")])
        phone.app("B", .abandonFocus)
        #expect(phone.events() == ["A: lossTransient", "A: gain"])
        #expect(phone.focus("A") == .gain)
        #expect(phone.focus("B") == .none)
        #expect(phone.engine.stack == [.app("A")])
        #expect(phone.decisions.last?.rule.id == "focus.stack-top-regains")
    }

    @Test("the top repeating the same gain and flags is GRANTED and changes nothing")
    func sameRequestIsNoOp() throws {
        var phone = try Device([Apps.media("A", uid: 10001), Apps.media("B", uid: 10002, gain: .gainTransient)])
        phone.request("A")
        phone.request("B")
        let again = phone.request("B")
        #expect(again.result == .granted)
        #expect(again.decisions.map(\.rule.id) == ["focus.same-request"])
        #expect(phone.engine.stack == [.app("B"), .app("A")])
        #expect(phone.events() == ["A: lossTransient"])
    }

    @Test("a different gain from the same listener replaces its entry")
    func differentGainReplaces() throws {
        var phone = try Device([Apps.media("A", uid: 10001), Apps.media("B", uid: 10002, gain: .gainTransient)])
        phone.request("A")
        phone.request("B")
        let replaced = phone.request("B", .gainTransientExclusive)
        #expect(replaced.decisions.first?.rule.id == "focus.replaces-own-entry")
        #expect(phone.engine.stack == [.app("B"), .app("A")])
        phone.request("B", .gain)
        #expect(phone.engine.stack == [.app("B")])
        #expect(phone.focus("A") == .loss)
        #expect(phone.events() == ["A: lossTransient", "A: loss"])
    }

    @Test("abandoning with nothing to abandon changes nothing")
    func abandonNothing() throws {
        var phone = try Device([Apps.media("A", uid: 10001)])
        let outcome = phone.app("A", .abandonFocus)
        #expect(outcome.rejection == nil)
        #expect(outcome.decisions.map(\.rule.id) == ["focus.abandon-without-focus"])
        #expect(phone.focus("A") == .none)
    }

    @Test("abandoning an entry below the top tells no one")
    func abandonBelowTop() throws {
        var phone = try Device([Apps.media("A", uid: 10001), Apps.media("B", uid: 10002, gain: .gainTransient)])
        phone.request("A")
        phone.request("B")
        _ = phone.events()
        phone.app("A", .abandonFocus)
        #expect(phone.engine.stack == [.app("B")])
        #expect(phone.events() == [])
    }

    @Test("a dead top hands GAIN to the next, and its players stop")
    func deadTopHandsOver() throws {
        var phone = try Device([Apps.media("A", uid: 10001), Apps.media("B", uid: 10002, gain: .gainTransient)])
        phone.request("A")
        phone.app("B", .play(nil))
        phone.app("B", .terminate)
        #expect(!phone.playing("B"))
        #expect(phone.engine.stack == [.app("A")])
        #expect(phone.events() == ["A: lossTransient", "A: gain"])
        #expect(phone.ruleIDs(.app("B")).contains("focus.dead-owner"))
    }

    @Test("with more than 100 entries in the stack a request FAILS")
    func stackLimit() throws {
        let apps = (0..<103).map { Apps.media(AppID("App\($0)"), uid: 20000 + $0, gain: .gainTransient) }
        var phone = try Device(apps)
        var results: [FocusRequestResult?] = []
        for i in 0..<103 { results.append(phone.request(AppID("App\(i)")).result) }
        #expect(results.prefix(101).allSatisfy { $0 == .granted })
        #expect(results.last == .failed)
        #expect(phone.engine.stack.count == 101)
        #expect(phone.state("App102").lastRequest == .failed)
    }

    @Test("a setup with two apps of one name, or a player named twice, is refused")
    func inconsistentSetup() {
        #expect(throws: AndroidSetupError.self) {
            try AndroidEngine(AndroidSetup(apps: [Apps.media("A", uid: 1), Apps.media("A", uid: 2)]))
        }
        #expect(throws: AndroidSetupError.self) {
            try AndroidEngine(
                AndroidSetup(apps: [
                    Apps.media(
                        "A", uid: 1,
                        players: [
                            AndroidPlayer(name: "p"),
                            AndroidPlayer(name: "p"),
                        ])
                ]))
        }
    }

    @Test("an unknown app or player is a rejection in scenario words")
    func unknownNames() throws {
        var phone = try Device([Apps.media("A", uid: 10001)])
        #expect(phone.app("Nope", .abandonFocus).rejection?.contains("no app is named Nope") == true)
        #expect(
            phone.app("A", .start("voice")).rejection?.contains("no player named voice; expected one of main") == true)
    }
}
