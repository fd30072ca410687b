import Testing
@testable import ArbiterEngine

/// Behaviours pinned after an independent author wrote scenarios from the reference alone.
@Suite("Reference details")
struct ReferenceDetailTests {
    @Test("with the Silent switch on silent and the screen locked, playback needs the audio background mode")
    func silentAndLocked() throws {
        var h = try Harness([AppConfig("Talk", category: .playback), Apps.music],
                            device: DeviceConfig(ringer: .silent))
        h.app("Talk", .play())
        h.device(.lock)
        #expect(!h.audible("Talk"))
        #expect(h.engine.audibility(of: "Talk")?.rule == .silentAndLockedNeedsAudioMode)
        h.device(.ringer(.ring))
        #expect(h.audible("Talk"), "locked with the ringer on: playback is not silenced")
        var music = try Harness([Apps.music], device: DeviceConfig(ringer: .silent, locked: true))
        music.app("Music", .play())
        #expect(music.audible("Music"))
    }

    @Test("an app playing through systemMusicPlayer does not become Now Playing: the Music app does")
    func systemMusicPlayerNotNowPlaying() throws {
        var h = try Harness([AppConfig("Jukebox", category: .playback, players: [PlayerConfig(name: "main", kind: .systemMusicPlayer)],
                                       remoteCommands: [.play])])
        h.app("Jukebox", .play())
        #expect(h.playing("Music"))
        #expect(!h.playing("Jukebox"))
        #expect(h.engine.nowPlaying == "Music")
    }

    @Test("an app interrupted in the foreground and then sent back is suspended (no active session)")
    func interruptedInForegroundThenBackgrounded() throws {
        var h = try Harness([Apps.music, Apps.plain])
        h.app("Music", .play())
        h.system(.incomingCall)
        h.system(.answerCall)
        h.app("Plain", .foreground)
        #expect(h.appState("Music").lifecycle == .suspended)
    }
}
