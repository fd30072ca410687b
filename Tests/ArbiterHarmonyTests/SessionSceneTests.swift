import ArbiterEngine
import Testing

@testable import ArbiterHarmony

/// AudioSession scenes (API 20, reference §9.4).
@Suite("HarmonyOS session scenes")
struct SessionSceneTests {
    /// An app whose code sets `scene` at launch, with a stream of each usage.
    func sceneApp(_ name: AppID, _ scene: SessionScene?, _ streams: [(String, StreamUsage)]) -> HarmonyAppConfig {
        HarmonyAppConfig(
            name, streams: streams.map { StreamConfig($0.0, kind: .audioRenderer, usage: $0.1) }, sessionScene: scene)
    }

    @Test("activating a media scene takes focus at once: another app's music is stopped, the entry is MUSIC")
    func mediaSceneStopsMusic() throws {
        var phone = try Phone([app("Music", .music), sceneApp("Game", .media, [("sfx", .game)])])
        phone.app("Music", .start(nil))
        phone.app("Game", .activateSession(.default))
        #expect(phone.takeTold() == ["Music.player: audioInterrupt begin force stop"])
        #expect(phone.engine.focusList.map(\.description) == ["Game session active"])
        #expect(phone.engine.focusList.first?.type == .music)
        #expect(phone.engine.sessionScene(of: "Game") == .media)
        #expect(phone.engine.focusHolders.isEmpty, "the synthetic entry is not a stream")
    }

    @Test("a game scene's entry is GAME: it plays beside another app's music")
    func gameSceneMixes() throws {
        var phone = try Phone([app("Music", .music), sceneApp("Game", .game, [("sfx", .game)])])
        phone.app("Music", .start(nil))
        phone.app("Game", .activateSession(.default))
        #expect(phone.takeTold().isEmpty)
        #expect(phone.engine.focusList.map(\.description) == ["Music.player active", "Game session active"])
    }

    @Test("the app's own streams bypass focus; a notification keeps its own entry")
    func streamsBypass() throws {
        var phone = try Phone([
            app("Music", .music), sceneApp("Game", .game, [("sfx", .movie), ("ding", .notification)]),
        ])
        phone.app("Music", .start(nil))
        phone.app("Game", .activateSession(.default))
        phone.app("Game", .start("sfx"))
        #expect(phone.takeTold().isEmpty, "a movie would stop the music; in the session it takes no focus")
        #expect(phone.stream("Game", "sfx").state == .running)
        #expect(phone.stream("Game", "sfx").focus == nil)
        #expect(phone.last?.decisions.last?.rule == HarmonyRules.sceneBypass)
        phone.app("Game", .start("ding"))
        #expect(phone.stream("Game", "ding").focus == .active)
        #expect(phone.engine.focusList.count == 3)
    }

    @Test("a call pauses the session: its streams are told PAUSE; the end of the call resumes the session alone")
    func callPauseFannedOut() throws {
        var phone = try Phone([sceneApp("Game", .media, [("sfx", .game), ("bgm", .music)])])
        phone.app("Game", .activateSession(.default))
        phone.app("Game", .start(nil))
        phone.system(.incomingCall)
        #expect(
            phone.takeTold() == [
                "Game: audioSessionStateChanged pause", "Game.sfx: audioInterrupt begin force pause",
                "Game.bgm: audioInterrupt begin force pause",
            ])
        #expect(phone.stream("Game", "bgm").state == .paused)
        phone.system(.endCall, after: .seconds(30))
        #expect(phone.takeTold() == ["Game: audioSessionStateChanged resume"])
        #expect(phone.engine.session(of: "Game") == nil, "a RESUME deactivates the session")
        #expect(phone.stream("Game", "bgm").state == .paused, "the streams are told nothing")
        #expect(phone.engine.focusList.isEmpty)
    }

    @Test("navigation ducks the session: its running stream is lowered and told DUCK, then UNDUCK")
    func duckFannedOut() throws {
        var phone = try Phone([app("Maps", .navigation), sceneApp("Game", .media, [("bgm", .music)])])
        phone.app("Game", .activateSession(.default))
        phone.app("Game", .start(nil))
        phone.app("Maps", .start(nil))
        #expect(
            phone.takeTold() == ["Game: audioSessionStateChanged duck", "Game.bgm: audioInterrupt begin force duck"])
        #expect(phone.stream("Game", "bgm").volume == 0.2)
        phone.app("Maps", .stop(nil), after: .seconds(3))
        #expect(
            phone.takeTold() == ["Game: audioSessionStateChanged unduck", "Game.bgm: audioInterrupt end force unduck"])
        #expect(phone.stream("Game", "bgm").volume == 1)
    }

    @Test("a stop of the session's entry stops its streams and deactivates it: lowerPriority")
    func stopFannedOut() throws {
        var phone = try Phone([app("Video", .movie), sceneApp("Radio", .media, [("bgm", .music)])])
        phone.app("Radio", .activateSession(.default))
        phone.app("Radio", .start(nil))
        phone.app("Video", .start(nil))
        #expect(
            phone.takeTold() == [
                "Radio: audioSessionStateChanged stop", "Radio.bgm: audioInterrupt begin force stop",
                "Radio: audioSessionDeactivated lowerPriority",
            ])
        #expect(phone.stream("Radio", "bgm").state == .stopped)
        #expect(phone.engine.session(of: "Radio") == nil)
        #expect(phone.engine.focusList.map(\.description) == ["Video.player active"])
    }

    @Test("deactivating with a stream still in the session: STOP after 1 s, the entry released 50 ms later")
    func delayedDeactivation() throws {
        var phone = try Phone([app("Music", .music), sceneApp("Chat", .voiceCommunication, [("voice", .music)])])
        phone.app("Music", .start(nil))
        phone.app("Chat", .activateSession(.default))
        phone.app("Chat", .start(nil))
        #expect(phone.takeTold() == ["Music.player: audioInterrupt begin force pause"])
        phone.app("Chat", .deactivateSession, after: .seconds(10))
        #expect(phone.engine.session(of: "Chat") == nil)
        #expect(phone.stream("Chat", "voice").state == .running)
        #expect(phone.engine.nextSessionTimeout == .seconds(11))
        phone.send(.advance, after: .seconds(1))
        #expect(phone.takeTold() == ["Chat.voice: audioInterrupt begin force stop"])
        #expect(phone.engine.focusList.map(\.description) == ["Music.player pause", "Chat session active"])
        #expect(phone.engine.nextSessionTimeout == .ms(11_050))
        phone.send(.advance, after: .ms(50))
        #expect(phone.takeTold() == ["Music.player: audioInterrupt end share resume"])
        #expect(phone.engine.focusList.isEmpty)
    }

    @Test("deactivating with no stream in the session releases the entry at once")
    func immediateDeactivation() throws {
        var phone = try Phone([app("Music", .music), sceneApp("Chat", .voiceCommunication, [("voice", .music)])])
        phone.app("Music", .start(nil))
        phone.app("Chat", .activateSession(.default))
        phone.app("Chat", .start(nil))
        phone.app("Chat", .stop(nil), after: .seconds(5))
        _ = phone.takeTold()
        phone.app("Chat", .deactivateSession)
        #expect(phone.takeTold() == ["Music.player: audioInterrupt end share resume"])
        #expect(phone.engine.nextSessionTimeout == nil)
    }

    @Test("an empty scene session times out after 10 s in the background only; a session without scene after 60 s")
    func backgroundTimeout() throws {
        var phone = try Phone([app("Music", .music), sceneApp("Game", .game, [("sfx", .game)])])
        #expect(phone.engine.isInBackground("Game") == true, "the first declared app is in the foreground")
        phone.app("Game", .foreground)
        phone.app("Game", .activateSession(.default))
        #expect(phone.engine.nextSessionTimeout == nil, "in the foreground the timeout does not run")
        phone.app("Game", .background, after: .seconds(100))
        #expect(phone.engine.nextSessionTimeout == .seconds(110))
        phone.send(.advance, after: .seconds(10))
        #expect(
            phone.takeTold() == [
                "Game: audioSessionStateChanged timeOutStop", "Game: audioSessionDeactivated timeout",
            ])
        #expect(phone.engine.focusList.isEmpty)
        phone.app("Music", .activateSession(.default))
        #expect(phone.engine.nextSessionTimeout == .seconds(170), "the first app, without scene: 60 s")
    }

    @Test("a stream playing in the session keeps the timeout from running; stopping it starts it")
    func streamHoldsOffTimeout() throws {
        var phone = try Phone([app("Music", .music), sceneApp("Game", .game, [("sfx", .game)])])
        phone.app("Game", .activateSession(.default))
        phone.app("Game", .start(nil))
        #expect(phone.engine.nextSessionTimeout == nil)
        phone.app("Game", .stop(nil), after: .seconds(4))
        #expect(phone.engine.nextSessionTimeout == .seconds(14))
    }

    @Test("the scene is set before activation: refused while the session is active, and not before API 20")
    func sceneSetBeforeActivation() throws {
        var phone = try Phone([app("Game", .game)])
        #expect(phone.app("Game", .setSessionScene(.game)).result == .success)
        phone.app("Game", .activateSession(.default))
        guard case .failed(6_800_103, _)? = phone.app("Game", .setSessionScene(.media)).result else {
            Issue.record("expected 6800103")
            return
        }
        var old = try Phone([app("Game", .game)], api: 18)
        #expect(old.app("Game", .setSessionScene(.game)).rejection?.contains("API 20") == true)
        #expect(throws: HarmonySetupError.self) {
            try HarmonyEngine(HarmonySetup(api: 18, apps: [sceneApp("Game", .game, [("sfx", .game)])]))
        }
    }

    @Test("a voice-communication scene activated during a cellular call waits paused, told pause")
    func sceneQueuedDuringCall() throws {
        var phone = try Phone([sceneApp("Chat", .voiceCommunication, [("voice", .voiceCommunication)])])
        phone.system(.incomingCall)
        phone.system(.answerCall)
        #expect(phone.app("Chat", .activateSession(.default)).result == .success)
        #expect(phone.takeTold() == ["Chat: audioSessionStateChanged pause"])
        #expect(phone.engine.focusList.map(\.description).contains("Chat session pause"))
    }
}
