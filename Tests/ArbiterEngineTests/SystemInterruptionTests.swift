import Testing

@testable import ArbiterEngine

@Suite("Calls, Siri and alarms (reference §5.2)")
struct SystemInterruptionTests {
    /// Music (playback) and Game (ambient) both playing, Game in the foreground.
    private func bothPlaying(profile: Profile = Profile()) throws -> Harness {
        var h = try Harness([Apps.game, Apps.music], profile: profile)
        h.app("Music", .foreground)
        h.app("Music", .play())
        h.app("Game", .foreground)
        h.app("Game", .play())
        _ = h.takeNotifications()
        return h
    }

    @Test("an incoming call interrupts the active sessions, mixable ones too by default")
    func callInterruptsAll() throws {
        var h = try bothPlaying()
        let outcome = h.system(.incomingCall)
        #expect(h.engine.device.call == .ringing)
        #expect(
            h.takeNotifications() == [
                Delivered(app: "Game", kind: .interruptionBegan(reason: .default)),
                Delivered(app: "Music", kind: .interruptionBegan(reason: .default)),
            ])
        #expect(!h.playing("Music") && !h.playing("Game"))
        #expect(outcome.rule(for: .interrupted(by: .phoneCall), of: "Music") == .callInterrupts)
    }

    @Test("each end tells the sessions its own interruption left waiting, in declaration order, once")
    func endsTellTheirOwnSessions() throws {
        var h = try bothPlaying()
        h.system(.incomingCall)  // interrupts Game and Music
        h.app("Game", .activate)  // Game reactivates by itself: its interruption is over
        h.system(.siriBegin)  // interrupts Game again, by Siri
        _ = h.takeNotifications()
        h.system(.declineCall)
        #expect(h.takeNotifications() == [Delivered(app: "Music", kind: .interruptionEnded(shouldResume: true))])
        h.system(.siriEnd)
        #expect(
            h.takeNotifications().filter { $0.app == "Game" }.map(\.kind)
                == [.interruptionEnded(shouldResume: Profile().siriEndedShouldResume)])
        h.app("Music", .play())  // both play again
        h.app("Game", .play())
        h.system(.incomingCall)
        _ = h.takeNotifications()
        h.system(.declineCall)
        #expect(h.takeNotifications().map(\.app) == ["Game", "Music"], "in declaration order, each once")
    }

    @Test("the end of a call tells each waiting session once, in declaration order, whatever order the call took")
    func endOrderAndOnce() throws {
        var h = try Harness([Apps.maps, Apps.music])
        h.app("Music", .foreground)
        h.app("Music", .play())
        h.system(.incomingCall)  // interrupts Music
        h.app("Maps", .foreground)
        h.app("Maps", .play())
        h.app("Music", .foreground)
        h.app("Music", .play())  // Music reactivates, ending its interruption; Maps plays on in the background
        h.system(.answerCall)  // interrupts Maps, and Music again
        _ = h.takeNotifications()
        h.system(.endCall)
        #expect(
            h.takeNotifications().filter {
                if case .interruptionEnded = $0.kind { return true } else { return false }
            }.map(\.app) == ["Maps", "Music"])
    }

    @Test("profile mixableInterruptedBySystem off: the call leaves mixable sessions playing")
    func mixableSpared() throws {
        var profile = Profile()
        profile.mixableInterruptedBySystem = false
        var h = try bothPlaying(profile: profile)
        h.system(.incomingCall)
        #expect(
            h.takeNotifications() == [
                Delivered(app: "Music", kind: .interruptionBegan(reason: .default)),
                Delivered(app: "Game", kind: .silenceSecondaryAudioHint(.end)),
            ])
        #expect(h.playing("Game"))
    }

    @Test("a declined call ends the interruption with shouldResume")
    func declinedCall() throws {
        var h = try bothPlaying()
        h.system(.incomingCall)
        _ = h.takeNotifications()
        h.system(.declineCall, after: .seconds(5))
        #expect(h.engine.device.call == nil)
        #expect(
            h.takeNotifications() == [
                Delivered(app: "Game", kind: .interruptionEnded(shouldResume: true)),
                Delivered(app: "Music", kind: .interruptionEnded(shouldResume: true)),
            ])
        #expect(!h.session("Music").isInterrupted)
    }

    @Test("a call that stops ringing unanswered ends like a declined one")
    func missedCall() throws {
        var h = try bothPlaying()
        h.system(.incomingCall)
        _ = h.takeNotifications()
        h.system(.endCall)
        #expect(
            h.takeNotifications().map(\.kind) == [
                .interruptionEnded(shouldResume: true),
                .interruptionEnded(shouldResume: true),
            ])
    }

    @Test(
        "during an answered call record and playAndRecord activation fail with insufficientPriority; playback may activate"
    )
    func answeredCallBlocksRecording() throws {
        var h = try Harness([Apps.voip, Apps.recorder, Apps.music])
        h.system(.incomingCall)
        h.system(.answerCall)
        #expect(h.app("Voip", .activate).failure == .insufficientPriority)
        h.app("Recorder", .foreground)
        #expect(h.app("Recorder", .activate).failure == .insufficientPriority)
        #expect(ErrorCode.insufficientPriority.osStatus == 561_017_449)
        h.app("Music", .foreground)
        #expect(h.app("Music", .activate).result == .succeeded)
    }

    @Test("sessions activated while the call rang are interrupted when it is answered")
    func answerInterruptsLateActivations() throws {
        var h = try Harness([Apps.voip])
        h.system(.incomingCall)
        #expect(h.app("Voip", .activate).result == .succeeded)
        h.system(.answerCall)
        #expect(h.session("Voip").interruption?.by == .phoneCall)
    }

    @Test("an answered call ends with shouldResume by default, without it when the profile says so")
    func answeredCallEnds() throws {
        for resume in [true, false] {
            var profile = Profile()
            profile.callEndedShouldResume = resume
            var h = try bothPlaying(profile: profile)
            h.system(.incomingCall)
            h.system(.answerCall, after: .seconds(2))
            _ = h.takeNotifications()
            h.system(.endCall, after: .seconds(60))
            #expect(
                h.takeNotifications().map(\.kind) == [
                    .interruptionEnded(shouldResume: resume),
                    .interruptionEnded(shouldResume: resume),
                ])
        }
    }

    @Test("Siri interrupts and ends; recording during Siri fails with siriIsRecording")
    func siri() throws {
        var h = try bothPlaying()
        h.system(.siriBegin)
        #expect(h.session("Music").interruption?.by == .siri)
        #expect(h.engine.device.isSiriActive)
        var rec = try Harness([Apps.recorder])
        rec.system(.siriBegin)
        #expect(rec.app("Recorder", .record).failure == .siriIsRecording)
        _ = h.takeNotifications()
        h.system(.siriEnd)
        #expect(
            h.takeNotifications().map(\.kind) == [
                .interruptionEnded(shouldResume: true),
                .interruptionEnded(shouldResume: true),
            ])
    }

    @Test("an alarm interrupts and its dismissal ends the interruption")
    func alarm() throws {
        var profile = Profile()
        profile.alarmEndedShouldResume = false
        var h = try bothPlaying(profile: profile)
        h.system(.alarmBegin)
        #expect(h.session("Game").interruption?.by == .alarm)
        _ = h.takeNotifications()
        h.system(.alarmEnd)
        #expect(
            h.takeNotifications().map(\.kind) == [
                .interruptionEnded(shouldResume: false),
                .interruptionEnded(shouldResume: false),
            ])
    }

    @Test("system events out of order are rejected and change nothing")
    func outOfOrder() throws {
        var h = try Harness([Apps.music])
        for action in [SystemAction.answerCall, .declineCall, .endCall, .siriEnd, .alarmEnd] {
            let before = h.engine
            let outcome = h.system(action)
            #expect(outcome.isRejected, "\(action)")
            #expect(h.engine == before, "\(action)")
        }
        h.system(.incomingCall)
        #expect(h.system(.incomingCall).isRejected)
        h.system(.siriBegin)
        #expect(h.system(.siriBegin).isRejected)
    }

    @Test("a session re-activated during the call is not told the call ended")
    func reactivatedDuringCall() throws {
        var h = try bothPlaying()
        h.system(.incomingCall)
        h.system(.answerCall)
        h.app("Music", .foreground)
        h.app("Music", .play())
        _ = h.takeNotifications()
        h.system(.endCall)
        #expect(h.takeNotifications() == [Delivered(app: "Game", kind: .interruptionEnded(shouldResume: true))])
    }
}
