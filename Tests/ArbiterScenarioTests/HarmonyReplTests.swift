import ArbiterEngine
import ArbiterScenario
import Testing

/// The HarmonyOS REPL: typed words and YAML as steps, the session's commands, undo by replaying.
@Suite("HarmonyOS REPL")
struct HarmonyReplTests {
    @Test("declared apps, typed steps, a check, why, undo and a session that times out on the way")
    func session() throws {
        var session = try HarmonyReplSession()
        #expect(session.execute("declare Music music").lines == ["declared Music (music)"])
        _ = session.execute("declare Video movie")
        _ = session.execute("Music start")
        let stop = session.execute("Video start")
        #expect(stop.lines.contains("→ Music.player: audioInterrupt begin force stop  [harmony.focus.stop-existing]"))
        let check = session.execute("expect: { Music: { state: stopped, focus: none } }")
        #expect(!check.failed && check.lines == ["✓ Music.player.state = stopped", "✓ Music.player.focus = none"])
        let failing = session.execute("expect: { Music: { playing: true } }")
        #expect(failing.failed && failing.lines == ["✗ Music.player.playing: expected true, got false"])
        #expect(session.execute("why Music").lines.first == "Music.player: stream running  [harmony.stream.start]")
        #expect(session.execute("undo").lines == ["undid `Video start`; now 0s"])
        #expect(session.engine.focusHolders.map(\.description) == ["Music.player"])

        _ = session.execute("Video activateSession pauseOthers")
        _ = session.execute("Video start")
        _ = session.execute("Video stop")
        let later = session.execute("after 2m")
        #expect(later.lines.first == "1m  time passes")
        #expect(later.lines.contains("→ Video: audioSessionDeactivated timeout  [harmony.session.timeout]"))
        #expect(later.lines.last == "time 2m")
    }

    @Test("setSilentMode typed as words: the stream plays silently beside the music, then stops it when audible")
    func silentMode() throws {
        var session = try HarmonyReplSession()
        _ = session.execute("declare Music music")
        _ = session.execute("declare Video movie")
        _ = session.execute("Music start")
        #expect(
            session.execute("Video setSilentMode true").lines == [
                "Video.player: silent mode on  [harmony.stream.silent-on]"
            ])
        let start = session.execute("Video start")
        #expect(start.lines.contains("Video.player: focus active  [harmony.focus.silent-mixes]"))
        #expect(session.execute("state").lines.contains("  player: running, volume 1, focus active, share, silent"))
        let check = session.execute("expect: { Video: { playing: true, audible: false }, Music: { audible: true } }")
        #expect(!check.failed)
        let audible = session.execute("Video setSilentMode false")
        #expect(
            audible.lines.contains("→ Music.player: audioInterrupt begin force stop  [harmony.focus.stop-existing]"))
    }

    @Test("a mistake is the decoder's error, in the typed line's words, and changes nothing")
    func mistakes() throws {
        var session = try HarmonyReplSession()
        _ = session.execute("declare Music music")
        let reply = session.execute("Music strat")
        #expect(reply.failed)
        #expect(reply.lines.first?.contains("unknown app verb 'strat' (did you mean 'start'?)") == true)
        #expect(session.engine.focusList.isEmpty)
        #expect(session.execute("declare Music game").failed, "declared already")
    }
}
