import ArbiterAndroid
import ArbiterEngine
import Testing

@Suite("Notification sounds next to an exclusive request (CTS testAudioFocusExclusive, §10.8)")
struct NotificationSoundTests {
    func memo(_ ringer: RingerMode) throws -> Device {
        let memo = AndroidApp(name: "Memo", uid: 10001, targetSdk: 34, focusGain: .gainTransientExclusive)
        var phone = try Device([memo], ringerMode: ringer)
        phone.request("Memo")
        return phone
    }

    @Test("with GAIN_TRANSIENT_EXCLUSIVE held and the ringer normal, a notification sound plays")
    func normalPlays() throws {
        var phone = try memo(.normal)
        #expect(phone.engine.notificationSoundPlays)
        let outcome = phone.system(.notification)
        #expect(outcome.decisions.map(\.change) == [.notificationSound(plays: true)])
    }

    @Test("with GAIN_TRANSIENT_EXCLUSIVE held and the ringer on vibrate or silent, it does not")
    func vibrateOrSilentHoldsBack() throws {
        for mode in [RingerMode.vibrate, .silent] {
            var phone = try memo(mode)
            #expect(!phone.engine.notificationSoundPlays)
            let outcome = phone.system(.notification)
            #expect(outcome.decisions.first?.rule.id == "notification.exclusive-holds-back")
        }
    }

    @Test("changing the ringer mode, or the exclusive request leaving, changes the answer")
    func changes() throws {
        var phone = try memo(.normal)
        phone.step(.ringerMode(.silent))
        #expect(phone.engine.ringerMode == .silent)
        #expect(!phone.engine.notificationSoundPlays)
        phone.app("Memo", .abandonFocus)
        #expect(phone.engine.notificationSoundPlays)
    }
}
