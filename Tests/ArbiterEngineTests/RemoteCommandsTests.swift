import Testing

@testable import ArbiterEngine

@Suite(
    "Remote commands: to the Now Playing app, with their values, and kept while Siri holds the session (reference §8.3, §5.2)"
)
struct RemoteCommandsTests {
    static let podcasts = AppConfig(
        "Podcasts", backgroundModes: [.audio], category: .playback, mode: .spokenAudio,
        remoteCommands: [.play, .pause],
        reactions: [.interruptionEnded: .resumeIfShouldResume, .remote(.pause): .pause])

    @Test("a command during Siri is delivered, kept, and applied after the app has reacted to Siri's end")
    func keptUntilSiriEnds() throws {
        var h = try Harness([Self.podcasts])
        h.app("Podcasts", .play())
        h.system(.siriBegin)
        let during = h.system(.remote(.pause))
        #expect(during.decisions.contains { $0.change == .remoteQueued(.pause) && $0.rule == .siriQueuesCommands })
        #expect(!during.decisions.contains { if case .remoteHandled = $0.change { true } else { false } })
        let end = h.system(.siriEnd)
        #expect(!h.playing("Podcasts"), "the kept pause comes after the resume the end caused")
        #expect(end.decisions.contains { $0.change == .remoteApplied(.pause) })
        #expect(
            h.takeNotifications().filter { if case .remoteCommand = $0.kind { true } else { false } }.count == 1,
            "told once, when the command arrived")
        h.system(.siriBegin)
        let again = h.system(.siriEnd)
        #expect(!again.decisions.contains { $0.change == .remoteApplied(.pause) }, "nothing is kept twice")
    }

    @Test("without Siri a command is applied at once")
    func appliedAtOnce() throws {
        var h = try Harness([Self.podcasts])
        h.app("Podcasts", .play())
        let outcome = h.system(.remote(.pause))
        #expect(!h.playing("Podcasts"))
        #expect(outcome.decisions.contains { $0.change == .remoteHandled(.pause, .success) })
    }

    @Test("remote commands go to the Now Playing app, even after it paused")
    func remoteGoesToNowPlaying() throws {
        var h = try Harness([NowPlayingTests.radio, Apps.plain])
        h.app("Radio", .play())
        h.app("Radio", .pause())
        h.app("Plain", .foreground)
        _ = h.takeNotifications()
        let outcome = h.system(.remote(.togglePlayPause))
        #expect(h.takeNotifications().first == Delivered(app: "Radio", kind: .remoteCommand(.togglePlayPause)))
        #expect(h.playing("Radio"), "its togglePlayPause handler resumed it from the background")
        #expect(outcome.decisions(for: "Radio").contains(.remoteHandled(.togglePlayPause, .success)))
        #expect(outcome.reactions.map(\.reaction) == [.togglePlayPause])
    }

    @Test("with no Now Playing app a remote command reaches nobody")
    func noNowPlaying() throws {
        var h = try Harness([Apps.plain])
        let outcome = h.system(.remote(.play))
        #expect(outcome.decisions == [Decision(app: nil, change: .remoteDropped(.play), rule: .remoteNeedsNowPlaying)])
        #expect(outcome.notifications.isEmpty)
    }

    @Test("a handler whose action fails reports commandFailed")
    func commandFailed() throws {
        var voip = try Harness([
            AppConfig(
                "Voip", category: .playAndRecord, remoteCommands: [.play],
                reactions: [.remote(.play): .play])
        ])
        voip.app("Voip", .play())
        voip.app("Voip", .pause())
        voip.system(.incomingCall)
        voip.system(.answerCall)
        let outcome = voip.system(.remote(.play))
        #expect(outcome.decisions(for: "Voip").contains(.remoteHandled(.play, .commandFailed)))
        #expect(
            outcome.reactions.first?.result
                == .failed(SessionError(.insufficientPriority, .callBlocksRecordingActivation)))
    }

    @Test("changePlaybackPosition carries its position")
    func changePlaybackPosition() throws {
        var h = try Harness([AppConfig("Books", category: .playback, remoteCommands: [.changePlaybackPosition])])
        h.app("Books", .play())
        h.system(.remote(.changePlaybackPosition, position: 95), after: .seconds(5))
        #expect(h.appState("Books").players[0].position(at: h.time) == 95)
    }

    static let books = AppConfig(
        "Books", backgroundModes: [.audio], category: .playback, mode: .spokenAudio,
        remoteCommands: [
            .play, .pause, .changePlaybackPosition, .changePlaybackRate,
            .skipForward, .changeRepeatMode, .like,
        ],
        reactions: [.interruptionEnded: .resumeIfShouldResume])

    @Test("a value a command does not carry is refused and changes nothing")
    func mismatchRefused() throws {
        var h = try Harness([Self.books])
        h.app("Books", .play())
        let before = h.engine
        for (action, message) in [
            (
                SystemAction.remote(.pause, value: .rate(2)),
                "remote pause carries no value (found a rate, 2.0); expected the command alone"
            ),
            (.remote(.skipForward, value: .rate(2)), "remote skipForward carries an interval, not a rate (found 2.0)"),
            (
                .remote(.changeRepeatMode, value: .shuffleType(.items)),
                "remote changeRepeatMode carries a repeat type, not a shuffle type (found items)"
            ),
            (
                .remote(.changePlaybackRate, value: .rate(.nan)),
                "remote changePlaybackRate has a rate of nan; expected a finite number"
            ),
        ] {
            let outcome = h.system(action)
            #expect(outcome.result == .rejected(InputError(message)), "\(action)")
            #expect(outcome.decisions.isEmpty && outcome.notifications.isEmpty)
        }
        #expect(h.engine == before)
    }

    @Test("a value goes with the command to the app; the engine acts only on a position")
    func carriedToTheApp() throws {
        var h = try Harness([Self.books])
        h.app("Books", .play())
        let outcome = h.system(.remote(.changePlaybackRate, value: .rate(2)), after: .seconds(10))
        #expect(h.takeNotifications().contains(Delivered(app: "Books", kind: .remoteCommand(.changePlaybackRate))))
        #expect(outcome.decisions(for: "Books") == [.remoteHandled(.changePlaybackRate, .success)])
        #expect(h.appState("Books").players[0].rate == 1, "what the rate does is the app's handler's to do")
        h.system(.remote(.skipForward, value: .interval(30)))
        #expect(h.appState("Books").players[0].position(at: h.time) == 10)
    }

    @Test("a position kept while Siri holds the session is applied with the command")
    func keptThroughSiri() throws {
        var h = try Harness([Self.books])
        h.app("Books", .play())
        h.system(.siriBegin, after: .seconds(10))
        h.system(.remote(.changePlaybackPosition, position: 95), after: .seconds(2))
        #expect(h.appState("Books").players[0].position(at: h.time) == 10)
        h.system(.siriEnd, after: .seconds(3))
        #expect(h.appState("Books").players[0].position(at: h.time) == 95)
    }

    @Test("a handler's failure (play in playAndRecord during an answered call) travels with its remoteCommand")
    func handlerStatusInNotification() throws {
        var h = try Harness([
            AppConfig(
                "Radio", backgroundModes: [.audio], category: .playAndRecord,
                remoteCommands: [.play, .pause], reactions: [.remote(.play): .play])
        ])
        h.app("Radio", .play())
        h.app("Radio", .pause())
        h.system(.incomingCall)
        h.system(.answerCall)
        _ = h.takeNotifications()
        h.system(.remote(.play))
        #expect(h.takeNotifications() == [Delivered(app: "Radio", kind: .remoteCommand(.play, status: .commandFailed))])
        h.system(.endCall)
        _ = h.takeNotifications()
        h.system(.remote(.pause))
        #expect(h.takeNotifications() == [Delivered(app: "Radio", kind: .remoteCommand(.pause, status: .success))])
    }
}
