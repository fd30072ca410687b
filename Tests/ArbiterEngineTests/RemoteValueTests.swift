import Testing
@testable import ArbiterEngine

@Suite("What a remote command carries (reference §8.3)")
struct RemoteValueTests {
    static let books = AppConfig("Books", backgroundModes: [.audio], category: .playback, mode: .spokenAudio,
                                 remoteCommands: [.play, .pause, .changePlaybackPosition, .changePlaybackRate,
                                                  .skipForward, .changeRepeatMode, .like],
                                 reactions: [.interruptionEnded: .resumeIfShouldResume])

    @Test("a position is written as before, and the value-less form is the same event as before")
    func sourceCompatible() {
        #expect(SystemAction.remote(.changePlaybackPosition, position: 300)
            == .remote(.changePlaybackPosition, value: .position(300)))
        #expect(SystemAction.remote(.pause, position: nil) == .remote(.pause))
        #expect(SystemAction.remote(.changePlaybackPosition, position: 300).description
            == "remote changePlaybackPosition 300.0")
        #expect(SystemAction.remote(.changePlaybackRate, value: .rate(1.5)).description
            == "remote changePlaybackRate 1.5")
        #expect(SystemAction.remote(.changeRepeatMode, value: .repeatType(.all)).description
            == "remote changeRepeatMode all")
        #expect(SystemAction.remote(.seekForward, value: .seek(.begin)).description == "remote seekForward begin")
        #expect(SystemAction.remote(.dislike, value: .negative(true)).description == "remote dislike negative")
        #expect(SystemAction.remote(.togglePlayPause).description == "remote togglePlayPause")
    }

    @Test("each command carries one kind of value, or none")
    func kinds() {
        #expect(RemoteCommand.skipBackward.valueKind == .interval && RemoteCommand.seekBackward.valueKind == .seek)
        #expect(RemoteCommand.bookmark.valueKind == .negative && RemoteCommand.rating.valueKind == .rating)
        #expect([RemoteCommand.play, .pause, .stop, .togglePlayPause, .nextTrack, .previousTrack, .enableLanguageOption,
                 .disableLanguageOption].allSatisfy { $0.valueKind == nil })
    }

    @Test("a value a command does not carry is refused and changes nothing")
    func mismatchRefused() throws {
        var h = try Harness([Self.books])
        h.app("Books", .play())
        let before = h.engine
        for (action, message) in [
            (SystemAction.remote(.pause, value: .rate(2)),
             "remote pause carries no value (found a rate, 2.0); expected the command alone"),
            (.remote(.skipForward, value: .rate(2)), "remote skipForward carries an interval, not a rate (found 2.0)"),
            (.remote(.changeRepeatMode, value: .shuffleType(.items)),
             "remote changeRepeatMode carries a repeat type, not a shuffle type (found items)"),
            (.remote(.changePlaybackRate, value: .rate(.nan)),
             "remote changePlaybackRate has a rate of nan; expected a finite number"),
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
}
