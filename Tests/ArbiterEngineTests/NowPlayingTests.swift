import Testing

@testable import ArbiterEngine

@Suite("Now Playing: who it is, what the lock screen shows, and the commands it offers (reference §8)")
struct NowPlayingTests {
    static let radio = AppConfig(
        "Radio", backgroundModes: [.audio], category: .playback,
        remoteCommands: [.play, .pause, .togglePlayPause],
        reactions: [
            .remote(.pause): .pause, .remote(.play): .resume,
            .remote(.togglePlayPause): .togglePlayPause,
        ])

    @Test("Now Playing needs a non-mixable session and an enabled remote command, and stays after pausing")
    func eligibility() throws {
        var h = try Harness([
            AppConfig("Silent", category: .playback), Apps.music,
            AppConfig(
                "Mixer", category: .playback, options: [.mixWithOthers],
                remoteCommands: [.play]),
        ])
        h.app("Silent", .play())
        #expect(h.engine.nowPlaying == nil, "no remote command")
        h.app("Music", .foreground)
        h.app("Music", .play())
        #expect(h.engine.nowPlaying == "Music")
        h.app("Mixer", .foreground)
        h.app("Mixer", .play())
        #expect(h.engine.nowPlaying == "Music", "a mixable app never becomes Now Playing")
        h.app("Music", .pause())
        h.app("Music", .deactivate())
        #expect(h.engine.nowPlaying == "Music", "it stays Now Playing after pausing and deactivating")
    }

    @Test("Now Playing goes back to the latest remaining candidate when the current one stops being one")
    func fallsBackToLatestCandidate() throws {
        var h = try Harness([Apps.music, NowPlayingTests.radio, Apps.podcasts])
        let commands = Apps.podcasts.remoteCommands
        for app: AppID in ["Music", "Radio", "Podcasts"] {
            h.app(app, .foreground)
            h.app(app, .play())
            h.app(app, .pause())
        }
        #expect(h.engine.nowPlaying == "Podcasts")
        let disabled = h.app("Podcasts", .disableCommands(commands))
        #expect(h.engine.nowPlaying == "Radio", "the latest of the others, not the first")
        #expect(
            disabled.decisions.contains(
                Decision(
                    app: "Radio", change: .nowPlaying("Radio"),
                    rule: .nowPlayingEligibility)))
        h.app("Podcasts", .enableCommands(commands))
        #expect(h.engine.nowPlaying == "Podcasts", "its play is still the latest")
        h.app("Music", .foreground)
        h.app("Music", .play())
        #expect(h.engine.nowPlaying == "Music")
        h.app("Music", .terminate)
        #expect(h.engine.nowPlaying == "Podcasts")
    }

    @Test("the lock screen's elapsed time is extrapolated from the last info and its rate (1 when omitted)")
    func elapsedExtrapolation() throws {
        var h = try Harness([Apps.music])
        h.app("Music", .play())
        h.app("Music", .nowPlayingInfo(NowPlayingInfo(title: "Song", duration: 240, elapsed: 12)))
        let view = h.engine.nowPlayingView(at: h.time + .seconds(30))
        #expect(view == NowPlayingView(app: "Music", title: "Song", duration: 240, elapsed: 42, rate: 1))
        #expect(h.engine.nowPlayingView(at: h.time + .seconds(600))?.elapsed == 240, "clamped to the duration")
    }

    @Test("pausing without publishing rate 0 leaves the lock-screen clock running; publishing it stops the clock")
    func staleRatePitfall() throws {
        var h = try Harness([Apps.music])
        h.app("Music", .play())
        h.app("Music", .nowPlayingInfo(NowPlayingInfo(title: "Song", duration: 240, elapsed: 0, rate: 1)))
        h.app("Music", .pause(), after: .seconds(10))
        #expect(h.engine.nowPlayingView(at: h.time + .seconds(20))?.elapsed == 30, "the pitfall: still ticking")
        h.app("Music", .nowPlayingInfo(NowPlayingInfo(title: "Song", duration: 240, elapsed: 10, rate: 0)))
        #expect(h.engine.nowPlayingView(at: h.time + .seconds(20))?.elapsed == 10)
        h.app("Music", .nowPlayingInfo(nil))
        #expect(h.engine.nowPlayingView(at: h.time) == NowPlayingView(app: "Music"))
    }

    @Test("a disabled command is not sent")
    func disabledCommand() throws {
        var h = try Harness([NowPlayingTests.radio])
        h.app("Radio", .play())
        h.app("Radio", .disableCommands([.pause, .togglePlayPause]))
        let outcome = h.system(.remote(.pause))
        #expect(outcome.decisions(for: "Radio").contains(.remoteDropped(.pause)))
        #expect(h.playing("Radio"))
        h.app("Radio", .enableCommands([.pause]))
        h.system(.remote(.pause))
        #expect(!h.playing("Radio"))
    }
}
