import Testing

@testable import ArbiterEngine

@Suite("Playback: players play, pause and record, and playing activates the session (reference §4.1, §7)")
struct PlaybackTests {
    @Test("playing activates the session, as AVFoundation players do")
    func playActivates() throws {
        var h = try Harness([Apps.music])
        let outcome = h.app("Music", .play())
        #expect(h.session("Music").isActive)
        #expect(outcome.rule(for: .activated, of: "Music") == .playingActivates)
        #expect(outcome.decisions(for: "Music").contains(.player("main", .playing)))
    }

    @Test("starting playback in the background without the audio mode fails with cannotStartPlaying")
    func backgroundPlaybackWithoutAudioMode() throws {
        var h = try Harness([AppConfig("Front"), AppConfig("NoMode", category: .playback, options: [.mixWithOthers])])
        let outcome = h.app("NoMode", .play())
        #expect(outcome.failure == .cannotStartPlaying)
        #expect(!h.playing("NoMode"))
        #expect(!h.session("NoMode").isActive)
    }

    @Test(
        "starting playback in the background with ambient or soloAmbient fails with cannotStartPlaying even with the audio mode",
        arguments: [Category.ambient, .soloAmbient])
    func backgroundPlaybackWithAmbient(category: Category) throws {
        var h = try Harness([AppConfig("Front"), AppConfig("Amb", backgroundModes: [.audio], category: category)])
        let outcome = h.app("Amb", .play())
        #expect(outcome.failure == .cannotStartPlaying)
        #expect(outcome.error?.rule == .backgroundPlaybackNeedsAudioMode)
    }

    @Test("a background app cannot start recording without the audio mode")
    func backgroundRecordingNeedsAudioMode() throws {
        var h = try Harness([Apps.plain, AppConfig("Memo", category: .record, options: [])])
        #expect(h.app("Memo", .record).failure == .cannotStartRecording)
    }

    @Test("recording needs a category with input")
    func recordingNeedsInput() throws {
        var h = try Harness([Apps.music])
        #expect(h.app("Music", .record).failure == .incompatibleCategory)
    }

    @Test("a mixable recording cannot start from the background: cannotStartRecording")
    func mixableRecordingFromBackground() throws {
        var h = try Harness([
            Apps.plain,
            AppConfig(
                "Memo", backgroundModes: [.audio], category: .playAndRecord,
                options: [.mixWithOthers]),
        ])
        #expect(h.app("Memo", .record).failure == .cannotStartRecording)
        h.app("Memo", .foreground)
        #expect(h.app("Memo", .record).result == .succeeded)
    }

    @Test("a call that names no player acts on every player but the recorder, and needs one")
    func unnamedCallsSkipTheRecorder() throws {
        var engine = try Engine(Setup(apps: [Apps.recorder, AppConfig("Memo", category: .playAndRecord)]))
        let play = engine.handle(.app("Recorder", .play()), at: .zero)
        guard case .rejected(let error) = play.result else {
            Issue.record("play with only a recorder was not rejected: \(play.result)")
            return
        }
        #expect(error.message == "app 'Recorder' has no player to play; expected a player in its declaration")
        #expect(engine.handle(.app("Recorder", .seek(to: 5)), at: .zero).isRejected)
        // Memo records (iOS adds a recorder beside its player), then plays, seeks and pauses without a name.
        engine.handle(.app("Memo", .foreground), at: .zero)
        engine.handle(.app("Memo", .record), at: .zero)
        let memoPlay = engine.handle(.app("Memo", .play()), at: .seconds(1))
        #expect(playerChanges(memoPlay, of: "Memo") == [.player("main", .playing)])
        #expect(!engine.handle(.app("Memo", .seek(to: 5)), at: .seconds(2)).isRejected)
        let pause = engine.handle(.app("Memo", .pause()), at: .seconds(3))
        #expect(playerChanges(pause, of: "Memo") == [.player("main", .paused)])
        #expect(engine.app("Memo")?.isRecording == true)
    }

    /// The player decisions an outcome holds for `app`, in order.
    private func playerChanges(_ outcome: Outcome, of app: AppID) -> [Change] {
        outcome.decisions(for: app).filter { if case .player = $0 { true } else { false } }
    }
}
