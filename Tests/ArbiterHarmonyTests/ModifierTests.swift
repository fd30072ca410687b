import ArbiterEngine
import Testing

@testable import ArbiterHarmony

@Suite("HarmonyOS: interrupt mode and AudioSession strategies (harmonyos §4.4, §9)")
struct ModifierTests {
    static let player = HarmonyAppConfig(
        "Player",
        streams: [
            StreamConfig("song", kind: .avPlayer, usage: .music),
            StreamConfig("clip", kind: .avPlayer, usage: .movie),
        ])

    @Test("one app's streams in SHARE mode play together; INDEPENDENT, the movie stops the song")
    func shareMode() throws {
        var phone = try Phone([ModifierTests.player])
        phone.app("Player", .start("song"))
        phone.app("Player", .start("clip"))
        #expect(phone.takeTold().isEmpty)
        #expect(phone.engine.focusHolders.count == 2)
        #expect(phone.last?.decisions.last?.rule == HarmonyRules.shareMode)

        var independent = try Phone([ModifierTests.player])
        independent.app("Player", .setInterruptMode("clip", .independent))
        independent.app("Player", .start("song"))
        independent.app("Player", .start("clip"))
        #expect(independent.takeTold() == ["Player.song: audioInterrupt begin force stop"])
    }

    @Test("DUCK_OTHERS: the app's movie ducks music instead of stopping it, and unducks it when it stops")
    func duckOthers() throws {
        var phone = try Phone([app("Music", .music), app("Video", .movie)])
        phone.app("Music", .start(nil))
        phone.app("Video", .activateSession(.duckOthers))
        phone.app("Video", .start(nil))
        #expect(phone.takeTold() == ["Music.player: audioInterrupt begin force duck"])
        #expect(phone.last?.decisions.contains { $0.rule == HarmonyRules.sessionDuckOthers } == true)
        phone.app("Video", .deactivateSession)
        phone.app("Video", .stop(nil))
        #expect(phone.takeTold() == ["Music.player: audioInterrupt end force unduck"])
    }

    @Test("PAUSE_OTHERS keeps the focus after the app stops (placeholder) until it deactivates, then RESUME")
    func pauseOthersAndPlaceholder() throws {
        var phone = try Phone([app("Music", .music), app("Video", .movie)])
        phone.app("Music", .start(nil))
        phone.app("Video", .activateSession(.pauseOthers))
        phone.app("Video", .start(nil))
        #expect(phone.takeTold() == ["Music.player: audioInterrupt begin force pause"])
        phone.app("Video", .stop(nil))
        #expect(phone.takeTold().isEmpty, "the session keeps the focus")
        #expect(phone.engine.focusList.map(\.description).contains("Video placeholder"))
        phone.app("Video", .deactivateSession, after: .seconds(5))
        #expect(phone.takeTold() == ["Music.player: audioInterrupt end share resume"])
    }

    @Test("an active session with no stream times out after 60 s: what it paused is stopped, the app told why")
    func sessionTimeout() throws {
        var phone = try Phone([app("Music", .music), app("Video", .movie)])
        phone.app("Music", .start(nil))
        phone.app("Video", .activateSession(.pauseOthers))
        phone.app("Video", .start(nil))
        phone.app("Video", .stop(nil), after: .seconds(10))
        _ = phone.takeTold()
        #expect(phone.engine.nextSessionTimeout == .seconds(70))
        phone.send(.advance, after: .seconds(59))
        #expect(phone.takeTold().isEmpty)
        phone.send(.advance, after: .seconds(1))
        #expect(
            phone.takeTold() == [
                "Music.player: audioInterrupt end force stop", "Video: audioSessionDeactivated timeout",
            ])
        #expect(phone.stream("Music", "player").state == .stopped)
        #expect(phone.engine.session(of: "Video") == nil)
    }

    @Test("MIX_WITH_OTHERS: the app's music mixes with other media, both ways; a VoIP call still pauses it")
    func mixWithOthers() throws {
        var phone = try Phone([app("Music", .music), app("Radio", .music), app("Chat", .voiceCommunication)])
        phone.app("Music", .start(nil))
        phone.app("Radio", .activateSession(.mixWithOthers))
        phone.app("Radio", .start(nil))
        #expect(phone.takeTold().isEmpty)
        phone.app("Chat", .start(nil))
        #expect(
            phone.takeTold() == [
                "Music.player: audioInterrupt begin force pause", "Radio.player: audioInterrupt begin force pause",
            ])
    }

    @Test("a stream stopped by another ends its app's active session: lowerPriority")
    func lowerPriority() throws {
        var phone = try Phone([app("Music", .music), app("Video", .movie)])
        phone.app("Music", .activateSession(.default))
        phone.app("Music", .start(nil))
        phone.app("Video", .start(nil))
        #expect(
            phone.takeTold() == [
                "Music.player: audioInterrupt begin force stop", "Music: audioSessionDeactivated lowerPriority",
            ])
    }

    @Test("a SoundPool's music mixes with everything")
    func soundPool() throws {
        var phone = try Phone([app("Music", .music), app("Clicks", .music, kind: .soundPool)])
        phone.app("Music", .start(nil))
        phone.app("Clicks", .start(nil))
        #expect(phone.takeTold().isEmpty)
        #expect(phone.last?.decisions.last?.rule == HarmonyRules.soundPoolMixes)
    }
}
