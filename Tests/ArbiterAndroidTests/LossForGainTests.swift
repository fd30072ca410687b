import ArbiterAndroid
import ArbiterEngine
import Testing

@Suite("The loss a request gives an entry (FocusRequester.focusLossForGainRequest, §10.2)")
struct LossForGainTests {
    /// The holder's focus after a first request of `first` and then a second of `second` (nil: none).
    func loss(after first: FocusGain, then second: FocusGain? = nil) throws -> FocusStatus {
        var phone = try Device([
            Apps.media("Holder", uid: 10001, willPause: true), Apps.media("W1", uid: 10002),
            Apps.media("W2", uid: 10003),
        ])
        phone.request("Holder")
        phone.request("W1", first)
        if let second { phone.request("W2", second) }
        return phone.focus("Holder")
    }

    @Test("from no loss: GAIN → LOSS, TRANSIENT and EXCLUSIVE → LOSS_TRANSIENT, MAY_DUCK → CAN_DUCK")
    func fromNone() throws {
        #expect(try loss(after: .gain) == .loss)
        #expect(try loss(after: .gainTransient) == .lossTransient)
        #expect(try loss(after: .gainTransientExclusive) == .lossTransient)
        #expect(try loss(after: .gainTransientMayDuck) == .lossTransientCanDuck)
    }

    @Test("from LOSS_TRANSIENT_CAN_DUCK: GAIN → LOSS, TRANSIENT and EXCLUSIVE → LOSS_TRANSIENT, MAY_DUCK → CAN_DUCK")
    func fromCanDuck() throws {
        #expect(try loss(after: .gainTransientMayDuck, then: .gain) == .loss)
        #expect(try loss(after: .gainTransientMayDuck, then: .gainTransient) == .lossTransient)
        #expect(try loss(after: .gainTransientMayDuck, then: .gainTransientExclusive) == .lossTransient)
        #expect(try loss(after: .gainTransientMayDuck, then: .gainTransientMayDuck) == .lossTransientCanDuck)
    }

    @Test("from LOSS_TRANSIENT: GAIN → LOSS, the others keep LOSS_TRANSIENT (a MAY_DUCK does not soften it)")
    func fromTransient() throws {
        #expect(try loss(after: .gainTransient, then: .gain) == .loss)
        #expect(try loss(after: .gainTransient, then: .gainTransient) == .lossTransient)
        #expect(try loss(after: .gainTransient, then: .gainTransientExclusive) == .lossTransient)
        #expect(try loss(after: .gainTransient, then: .gainTransientMayDuck) == .lossTransient)
    }

    @Test("the same loss again is not dispatched again")
    func sameLossOnce() throws {
        var phone = try Device([
            Apps.media("Holder", uid: 10001), Apps.media("W1", uid: 10002, gain: .gainTransient),
            Apps.media("W2", uid: 10003, gain: .gainTransient),
        ])
        phone.request("Holder")
        phone.request("W1")
        phone.request("W2")
        #expect(phone.events() == ["Holder: lossTransient", "W1: lossTransient"])
        #expect(phone.engine.stack == [.app("W2"), .app("W1"), .app("Holder")])
    }

    @Test("a LOSS is a LOSS for good: the entry has left the stack and later requests do not reach it")
    func lossIsForGood() throws {
        var phone = try Device([
            Apps.media("Holder", uid: 10001), Apps.media("W1", uid: 10002),
            Apps.media("W2", uid: 10003, gain: .gainTransient),
        ])
        phone.request("Holder")
        phone.request("W1")
        phone.request("W2")
        phone.app("W2", .abandonFocus)
        #expect(phone.events() == ["Holder: loss", "W1: lossTransient", "W1: gain"])
        #expect(phone.focus("Holder") == .loss)
    }
}
