import Testing

@testable import ArbiterEngine

@Suite("Deactivation (reference §4.2)")
struct DeactivationTests {
    /// Music plays; Video (foreground) takes over, interrupting Music.
    private func musicInterruptedByVideo(profile: Profile = Profile()) throws -> Harness {
        var h = try Harness([Apps.music, AppConfig("Video", category: .playback)], profile: profile)
        h.app("Music", .play())
        h.app("Video", .foreground)
        h.app("Video", .play())
        _ = h.takeNotifications()
        return h
    }

    @Test("deactivating with running I/O deactivates anyway and reports isBusy")
    func busyDeactivation() throws {
        var h = try Harness([Apps.music])
        h.app("Music", .play())
        let outcome = h.app("Music", .deactivate())
        #expect(outcome.failure == .isBusy)
        #expect(ErrorCode.isBusy.osStatus == 560_030_580)
        #expect(!h.session("Music").isActive)
        #expect(h.appState("Music").players[0].state == .stopped, "the session stops its objects")
    }

    @Test("deactivating after pausing succeeds")
    func cleanDeactivation() throws {
        var h = try Harness([Apps.music])
        h.app("Music", .play())
        h.app("Music", .pause())
        #expect(h.app("Music", .deactivate()).result == .succeeded)
    }

    @Test("notifyOthersOnDeactivation sends interruption ended with shouldResume to the sessions this app interrupted")
    func notifyOthers() throws {
        var h = try musicInterruptedByVideo()
        h.app("Video", .pause())
        let outcome = h.app("Video", .deactivate(notifyOthers: true))
        #expect(outcome.result == .succeeded)
        #expect(h.takeNotifications() == [Delivered(app: "Music", kind: .interruptionEnded(shouldResume: true))])
        #expect(!h.session("Music").isInterrupted)
        #expect(!h.session("Music").isActive, "ended does not reactivate: the app must")
    }

    @Test("without notifyOthersOnDeactivation the interrupted app is told nothing and stays interrupted")
    func noNotify() throws {
        var h = try musicInterruptedByVideo()
        h.app("Video", .pause())
        let outcome = h.app("Video", .deactivate())
        #expect(h.takeNotifications() == [])
        #expect(h.session("Music").isInterrupted)
        #expect(outcome.rule(for: .interruptionOrphaned, of: "Music") == .noNotifyNoEnded)
        // A later deactivation with the option no longer reaches Music.
        h.app("Video", .play())
        h.app("Video", .pause())
        h.app("Video", .deactivate(notifyOthers: true))
        #expect(h.takeNotifications() == [])
    }

    @Test("profile endedWithoutNotify: the interrupted app gets ended without shouldResume")
    func endedWithoutNotifyTunable() throws {
        var profile = Profile()
        profile.endedWithoutNotify = true
        var h = try musicInterruptedByVideo(profile: profile)
        h.app("Video", .pause())
        h.app("Video", .deactivate())
        #expect(h.takeNotifications() == [Delivered(app: "Music", kind: .interruptionEnded(shouldResume: false))])
        #expect(!h.session("Music").isInterrupted)
    }

    /// Video interrupts Music, Radio interrupts Video, and Radio stops and deactivates with notifyOthers.
    private func radioEndsVideosInterruption(profile: Profile = Profile()) throws -> Harness {
        var h = try Harness(
            [
                Apps.music, AppConfig("Video", backgroundModes: [.audio], category: .playback),
                AppConfig("Radio", category: .playback),
            ], profile: profile)
        h.app("Music", .play())
        h.app("Video", .foreground)
        h.app("Video", .play())  // interrupts Music
        h.app("Radio", .foreground)
        h.app("Radio", .play())  // interrupts Video
        _ = h.takeNotifications()
        h.app("Radio", .stop())
        h.app("Radio", .deactivate(notifyOthers: true))
        return h
    }

    @Test("only the sessions this app interrupted are told")
    func onlyOwnInterruptees() throws {
        // Without the late end (§13.1): Video, suspended once its own interruption ended, would end Music's.
        var profile = Profile()
        profile.lateEndWhenInterrupterLeaves = false
        var h = try radioEndsVideosInterruption(profile: profile)
        #expect(h.takeNotifications() == [Delivered(app: "Video", kind: .interruptionEnded(shouldResume: true))])
        #expect(h.session("Music").isInterrupted)
    }

    @Test("§13.1: an interrupter that never notified ends the interruption late, without shouldResume, when it leaves")
    func lateEndWhenTheInterrupterLeaves() throws {
        var h = try radioEndsVideosInterruption()
        // Video's interruption ends; with nothing playing in the background it is suspended, its session gone:
        // Music, which Video interrupted and never told, hears the end now, without shouldResume.
        #expect(
            h.takeNotifications() == [
                Delivered(app: "Video", kind: .interruptionEnded(shouldResume: true)),
                Delivered(app: "Music", kind: .interruptionEnded(shouldResume: false)),
            ])
        #expect(!h.session("Music").isInterrupted)
        #expect(h.engine.app("Music")?.isPlaying == false)
    }
}
