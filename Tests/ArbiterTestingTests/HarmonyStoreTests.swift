import ArbiterEngine
import ArbiterHarmony
import ArbiterTesting
import Testing

/// HarmonyTestStore: HarmonyOS's audio focus in a team's own Swift tests.
@Suite("HarmonyTestStore: HarmonyOS's focus as a test store")
struct HarmonyStoreTests {
    static let music = HarmonyAppConfig(
        "Music", streams: [StreamConfig("player", kind: .avPlayer, usage: .music)], reactions: [.resume: .start])
    static let chat = HarmonyAppConfig(
        "Chat", streams: [StreamConfig("voice", kind: .audioRenderer, usage: .voiceCommunication)])

    @Test("a VoIP call pauses music, which is told PAUSE, then RESUME, and starts again")
    func callPausesAndResumes() {
        let store = HarmonyTestStore(apps: [HarmonyStoreTests.music, HarmonyStoreTests.chat])
        store.send(.app("Music", .start(nil)), returns: .success) {
            $0.streams["Music.player"]?.state = .running
            $0.streams["Music.player"]?.focus = .active
            $0.focusList = ["Music.player active"]
        }
        store.send(.app("Chat", .start(nil))) {
            $0.streams["Music.player"]?.state = .paused
            $0.streams["Music.player"]?.focus = .pause
            $0.streams["Chat.voice"]?.state = .running
            $0.streams["Chat.voice"]?.focus = .active
            $0.focusList = ["Music.player pause", "Chat.voice active"]
        }
        store.receive(StreamOwner("Music", "player"), InterruptEvent(.begin, .force, .pause))
        store.send(.app("Chat", .stop(nil))) {
            $0.streams["Chat.voice"]?.state = .stopped
            $0.streams["Chat.voice"]?.focus = nil
            $0.streams["Music.player"]?.state = .running
            $0.streams["Music.player"]?.focus = .active
            $0.focusList = ["Music.player active"]
        }
        store.receive(StreamOwner("Music", "player"), InterruptEvent(.end, .share, .resume))
        store.finish()
    }

    @Test("silent mode is part of a stream's state: a silent AVPlayer runs beside the call without taking focus")
    func silentModeIsState() {
        let store = HarmonyTestStore(api: 12, apps: [HarmonyStoreTests.music, HarmonyStoreTests.chat])
        store.send(.app("Chat", .start(nil))) {
            $0.streams["Chat.voice"]?.state = .running
            $0.streams["Chat.voice"]?.focus = .active
            $0.focusList = ["Chat.voice active"]
        }
        store.send(.app("Music", .setSilentMode(nil, true))) { $0.streams["Music.player"]?.silent = true }
        store.send(.app("Music", .start(nil))) { $0.streams["Music.player"]?.state = .running }
        store.finish()
    }

    @Test("a wrong return fails with the rule behind the real one")
    func wrongReturn() {
        withKnownIssue {
            let store = HarmonyTestStore(apps: [HarmonyStoreTests.music, HarmonyStoreTests.chat], exhaustivity: .off)
            store.send(.app("Music", .start(nil)), returns: .failed(code: 6_800_301, rule: HarmonyRules.catalog[0]))
        } matching: { issue in
            "\(issue)".contains("returned success, expected failed 6800301")
        }
    }

    @Test("a change the closure does not write fails with a diff naming the stream")
    func unwrittenChange() {
        withKnownIssue {
            let store = HarmonyTestStore(apps: [HarmonyStoreTests.music], exhaustivity: .on)
            store.send(.app("Music", .start(nil))) { $0.focusList = ["Music.player active"] }
        } matching: { issue in
            "\(issue)".contains("\"Music.player\": HarmonyPolicyState.Stream(")
        }
    }

    @Test("an event left unreceived fails at finish")
    func unreceivedEvent() {
        withKnownIssue {
            let store = HarmonyTestStore(apps: [HarmonyStoreTests.music, HarmonyStoreTests.chat], exhaustivity: .on)
            store.send(.app("Music", .start(nil))) {
                $0.streams["Music.player"]?.state = .running
                $0.streams["Music.player"]?.focus = .active
                $0.focusList = ["Music.player active"]
            }
            store.send(.app("Chat", .start(nil))) {
                $0.streams["Music.player"]?.state = .paused
                $0.streams["Music.player"]?.focus = .pause
                $0.streams["Chat.voice"]?.state = .running
                $0.streams["Chat.voice"]?.focus = .active
                $0.focusList = ["Music.player pause", "Chat.voice active"]
            }
            store.finish()
        } matching: { issue in
            "\(issue)".contains("Music.player: audioInterrupt begin force pause")
        }
    }

    @Test("time passing times an AudioSession out, and the store reports its events")
    func sessionTimeout() {
        let store = HarmonyTestStore(apps: [HarmonyStoreTests.music], exhaustivity: .off)
        store.send(.app("Music", .activateSession(.default)))
        store.advance(by: .seconds(61)) { _ in }
        #expect(store.engine.session(of: "Music") == nil)
        store.receive("Music", sessionDeactivated: .timeout)
        store.finish()
    }

    @Test("a scene session's state changes are received like the other events")
    func sceneSessionStateChanged() {
        let game = HarmonyAppConfig(
            "Game", streams: [StreamConfig("sfx", kind: .audioRenderer, usage: .game)], sessionScene: .media)
        let store = HarmonyTestStore(apps: [game], exhaustivity: .off)
        store.send(.app("Game", .activateSession(.default)))
        store.send(.app("Game", .start(nil)))
        store.send(.system(.incomingCall))
        store.receive("Game", sessionStateChanged: .pause)
        store.receive(StreamOwner("Game", "sfx"), InterruptEvent(.begin, .force, .pause))
        store.finish()
    }
}
