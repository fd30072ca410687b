import Testing

@testable import ArbiterEngine

@Suite("Reactions: the apps' own code")
struct ReactionsTests {
    private func music(_ reactions: [ReactionTrigger: Reaction]) -> AppConfig {
        var app = Apps.music
        app.reactions = reactions
        return app
    }

    @Test("resumeIfShouldResume resumes after a declined call, at the same instant, after the notification")
    func resumeAfterDeclinedCall() throws {
        var h = try Harness([music([.interruptionEnded: .resumeIfShouldResume])])
        h.app("Music", .play())
        h.system(.incomingCall)
        let outcome = h.system(.declineCall, after: .seconds(8))
        #expect(h.playing("Music") && h.audible("Music"))
        let changes = outcome.decisions(for: "Music")
        let ended = try #require(changes.firstIndex(of: .interruptionEnded))
        let reacted = try #require(changes.firstIndex(of: .reacted(.interruptionEnded, .resumeIfShouldResume)))
        #expect(ended < reacted)
        #expect(
            outcome.reactions == [
                ReactionRecord(
                    app: "Music", trigger: .interruptionEnded,
                    reaction: .resumeIfShouldResume, result: .succeeded)
            ])
    }

    @Test("an app declared during a run reacts, and so does a relaunched one, among apps that declare no reaction")
    func declaredAndRelaunchedAppsReact() throws {
        var h = try Harness([Apps.podcasts])
        h.send(.declare(music([.interruptionEnded: .resumeIfShouldResume])))
        h.app("Music", .foreground)
        h.app("Music", .play())
        h.system(.incomingCall)
        var outcome = h.system(.declineCall, after: .seconds(8))
        #expect(outcome.reactions.map(\.app) == ["Music"])
        #expect(h.playing("Music"))
        h.app("Music", .terminate)
        h.app("Music", .launch)
        h.app("Music", .play())
        h.system(.incomingCall)
        outcome = h.system(.declineCall, after: .seconds(8))
        #expect(outcome.reactions.map(\.app) == ["Music"])
        #expect(h.playing("Music"))
    }

    @Test("resumeIfShouldResume does nothing when the end comes without shouldResume")
    func noResumeWithoutShouldResume() throws {
        var profile = Profile()
        profile.callEndedShouldResume = false
        var h = try Harness([music([.interruptionEnded: .resumeIfShouldResume])], profile: profile)
        h.app("Music", .play())
        h.system(.incomingCall)
        h.system(.answerCall)
        let outcome = h.system(.endCall, after: .seconds(60))
        #expect(!h.playing("Music"))
        #expect(outcome.reactions.isEmpty)
    }

    @Test("resume resumes whatever the end says (the seed's unconditional play)")
    func unconditionalResume() throws {
        var profile = Profile()
        profile.callEndedShouldResume = false
        var h = try Harness([music([.interruptionEnded: .resume])], profile: profile)
        h.app("Music", .play())
        h.system(.incomingCall)
        h.system(.answerCall)
        h.system(.endCall)
        #expect(h.playing("Music"))
    }

    @Test("reactions to the Silent-switch hint: a game mutes its soundtrack while other audio plays")
    func secondaryAudioHint() throws {
        let game = AppConfig(
            "Game", category: .ambient,
            reactions: [.silenceSecondaryAudioBegan: .pause, .silenceSecondaryAudioEnded: .resume])
        var h = try Harness([game, Apps.music])
        h.app("Music", .foreground)
        h.app("Music", .play())
        h.app("Game", .foreground)
        h.app("Game", .play())
        h.app("Music", .pause())
        #expect(h.playing("Game"))
        h.app("Music", .play())
        #expect(!h.playing("Game"), "paused by its reaction to begin")
        h.app("Music", .pause())
        #expect(h.playing("Game"), "resumed by its reaction to end")
    }

    @Test("apps that keep taking the audio back from each other stop after a bounded number of reactions")
    func reactionLoopIsBounded() throws {
        // A (foreground) and B (Now Playing, so it may activate from the background) both play again
        // whenever they are interrupted.
        let a = AppConfig("A", category: .playback, reactions: [.interruptionBegan: .play])
        let b = AppConfig(
            "B", backgroundModes: [.audio], category: .playback, remoteCommands: [.play],
            reactions: [.interruptionBegan: .play])
        var h = try Harness([a, b])
        h.app("B", .foreground)
        h.app("B", .play())
        h.app("A", .foreground)
        let outcome = h.app("A", .play())
        #expect(outcome.reactions.count == Engine.reactionLimit)
        #expect(h.engine.invariantViolations().isEmpty)
    }

    @Test("restoreSession re-applies the declared configuration after a media services reset")
    func restoreAfterReset() throws {
        var h = try Harness([music([.mediaServicesReset: .restoreSession])])
        h.app("Music", .play())
        h.system(.mediaServicesReset)
        #expect(h.session("Music").category == .playback)
        #expect(!h.session("Music").isActive)
    }
}
