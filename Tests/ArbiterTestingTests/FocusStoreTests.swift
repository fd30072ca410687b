import ArbiterAndroid
import ArbiterEngine
import ArbiterTesting
import Testing

/// FocusTestStore: Android's audio focus in a team's own Swift tests.
@Suite("FocusTestStore: Android's focus as a test store")
struct FocusStoreTests {
    static let music = AndroidApp(
        name: "Music", uid: 10001, targetSdk: 34,
        attributes: AudioAttributes(usage: .media, contentType: .music),
        reactions: [.lossTransient: [.pause], .gain: [.resume]])
    static let maps = AndroidApp(
        name: "Maps", uid: 10002, targetSdk: 34,
        attributes: AudioAttributes(usage: .assistanceNavigationGuidance, contentType: .speech),
        focusGain: .gainTransientMayDuck)

    @Test("a prompt ducks music: each step's change written, the ramp followed, nothing told to Music")
    func promptDucksMusic() {
        let store = FocusTestStore(sdk: 33, apps: [FocusStoreTests.music, FocusStoreTests.maps])
        store.send(.app("Music", .play(nil)), returns: .granted) {
            $0.focus = "Music"
            $0.stack = ["Music"]
            $0.apps["Music"]?.focus = .gain
            $0.apps["Music"]?.request = .granted
            $0.apps["Music"]?.playing = true
            $0.apps["Music"]?.players["main"] = .started
        }
        store.send(.app("Maps", .requestFocus(FocusRequestChange())), returns: .granted) {
            $0.focus = "Maps"
            $0.stack = ["Maps", "Music"]
            $0.apps["Maps"]?.focus = .gain
            $0.apps["Maps"]?.request = .granted
            $0.apps["Music"]?.focus = .lossTransientCanDuck
            $0.apps["Music"]?.ducked = true
        }
        store.advance(by: .ms(250)) {
            $0.apps["Music"]?.volume = 0.6
        }
        store.advance(by: .ms(250)) {
            $0.apps["Music"]?.volume = 0.2
        }
        store.finish()
    }

    @Test("a call: Music is told lossTransient and must be received; its reaction pauses it")
    func callPausesMusic() {
        let store = FocusTestStore(apps: [FocusStoreTests.music], exhaustivity: .off)
        store.send(.app("Music", .play(nil)))
        store.send(.system(.incomingCall)) {
            $0.focus = "call"
            $0.apps["Music"]?.focus = .lossTransient
            $0.apps["Music"]?.playing = false
        }
        store.receive("Music", .lossTransient)
        store.send(.system(.declineCall)) {
            $0.focus = "Music"
            $0.apps["Music"]?.playing = true
        }
        store.receive("Music", .gain)
        store.finish()
    }

    @Test("a wrong expected change: a diff, and the rule behind each value of the app that differs")
    func wrongChange() {
        let store = FocusTestStore(sdk: 33, apps: [FocusStoreTests.music, FocusStoreTests.maps], exhaustivity: .off)
        store.send(.app("Music", .play(nil)))
        withKnownIssue {
            store.send(.app("Maps", .requestFocus(FocusRequestChange()))) { $0.apps["Music"]?.ducked = false }
        } matching: { issue in
            let message = text(issue)
            return message.hasPrefix("A state change does not match expectation after ")
                && message.contains("(Expected: −, Actual: +)")
                && message.contains("Music.ducked: [duck.automatic]")
        }
    }

    @Test("a focus change not received fails at finish(), listed with its rule")
    func unreceived() {
        let store = FocusTestStore(apps: [FocusStoreTests.music], exhaustivity: .on)
        store.send(.app("Music", .play(nil))) {
            $0.focus = "Music"
            $0.stack = ["Music"]
            $0.apps["Music"]?.focus = .gain
            $0.apps["Music"]?.request = .granted
            $0.apps["Music"]?.playing = true
            $0.apps["Music"]?.players["main"] = .started
        }
        store.exhaustivity = .off
        store.send(.system(.incomingCall))
        store.receive("Music", .lossTransient)
        store.send(.system(.endCall))
        store.exhaustivity = .on
        withKnownIssue {
            store.finish()
        } matching: { issue in
            text(issue).hasPrefix("1 focus change was delivered and not received before finishing: …")
                && text(issue).contains("Music ← gain  [focus.stack-top-regains]")
        }
    }

    @Test("a request that returns other than `returns:` says so, with the rule")
    func returnsMismatch() {
        let store = FocusTestStore(apps: [FocusStoreTests.music, FocusStoreTests.maps], exhaustivity: .off)
        store.send(.system(.incomingCall))
        withKnownIssue {
            store.send(.app("Maps", .requestFocus(FocusRequestChange())), returns: .granted)
        } matching: { issue in
            text(issue).contains("returned failed, expected granted")
        }
    }

    @Test("the Android lints are reported as failures when asked, at the step that showed the mistake")
    func lintsAsFailures() {
        let store = FocusTestStore(
            apps: [FocusStoreTests.music, FocusStoreTests.maps], exhaustivity: .off,
            lints: .failures)
        store.send(.app("Maps", .play(nil)))
        store.send(.app("Maps", .stop(nil)))
        withKnownIssue {
            store.advance(by: .seconds(1))
        } matching: { issue in
            text(issue).contains("[focus.kept-after-stopping]")
        }
        #expect(store.lints.map(\.lint.id) == ["focus.kept-after-stopping"])
    }
}
