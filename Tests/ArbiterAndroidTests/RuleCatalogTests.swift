import ArbiterAndroid
import ArbiterEngine
import Testing

@Suite("The Android rule catalog")
struct RuleCatalogTests {
    @Test("every rule has a unique id, a statement and an AOSP (or documented) source")
    func catalogIsWellFormed() {
        let ids = AndroidRules.catalog.map(\.id)
        #expect(Set(ids).count == ids.count)
        for rule in AndroidRules.catalog {
            #expect(!rule.statement.isEmpty && !rule.source.isEmpty, "\(rule.id)")
            #expect(AndroidRules.named(rule.id) == rule)
        }
        #expect(AndroidRules.named("focus.loss-for-gain") != nil)
        #expect(AndroidRules.named("car.interaction-exclusive") != nil)
    }

    @Test("every decision and notification of a busy day cites a rule of the catalog")
    func decisionsCiteCatalogRules() throws {
        let music = Apps.media(
            "Music", uid: 10001, delayOK: true,
            reactions: [.lossTransient: [.pause], .gain: [.resume], .loss: [.stop]])
        var phone = try Device([music, Apps.prompt("Maps", uid: 10002), Apps.media("Video", uid: 10003)])
        phone.app("Music", .play(nil))
        phone.request("Maps")
        phone.app("Maps", .abandonFocus, after: .seconds(2))
        phone.system(.incomingCall)
        phone.system(.answerCall, after: .seconds(1))
        phone.request("Music")
        phone.system(.endCall, after: .seconds(10))
        phone.system(.assistantBegin(.gainTransientMayDuck))
        phone.system(.assistantEnd)
        phone.app("Video", .play(nil))
        phone.advance(.seconds(5))
        phone.system(.notification)
        phone.app("Video", .terminate)
        var car = try Device([Apps.media("Music", uid: 10001), Apps.prompt("Maps", uid: 10002)], platform: .car)
        car.app("Music", .play(nil))
        car.app("Maps", .play(nil))
        car.system(.incomingCall)
        car.system(.answerCall)
        car.system(.endCall)
        let rules = (phone.decisions + car.decisions).map(\.rule) + (phone.delivered + car.delivered).map(\.rule)
        for rule in rules { #expect(AndroidRules.named(rule.id) == rule, "\(rule.id)") }
        #expect(Set(rules.map(\.id)).count > 20)
    }
}
