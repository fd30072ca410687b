import ArbiterKit
import Testing

/// The podcast player's code on a simulated phone beside declared apps: each notification reaches its observers at the
/// instant of the event, and what its handlers call is an event of the app at that instant.
@Suite struct SimulatedPhoneTests {
    let episode = URL(fileURLWithPath: "/media/episode.mp3")

    func phone(_ apps: [SimulatedPhone.AppConfig] = []) throws -> SimulatedPhone {
        let phone = try SimulatedPhone(SimulatedPhone.Setup(ios: 17, apps: apps))
        phone.media["episode.mp3"] = SimulatedMedia(duration: 1800, title: "Episode 1")
        return phone
    }

    @Test func codeMakesItsPlayerAndPlays() throws {
        let phone = try phone()
        let podcast = try phone.install("Podcast", backgroundModes: [.audio]) { try PodcastPlayer(episode: episode) }
        let app = try #require(phone.engine.app("Podcast"))
        #expect(app.session.category == .playback && app.session.mode == .spokenAudio)
        #expect(app.player(named: "episode")?.kind == .avPlayer)
        #expect(app.player(named: "episode")?.currentItem?.duration == 1800)
        phone.run(in: "Podcast") { podcast.play() }
        #expect(phone.engine.app("Podcast")?.session.isActive == true)
        #expect(podcast.player.timeControlStatus == .playing && podcast.player.rate == 1)
        #expect(phone.engine.nowPlaying == "Podcast")
        #expect(phone.engine.app("Podcast")?.published?.info.title == "Episode")
        let causes = phone.transcript.map(\.cause)
        #expect(causes.contains(.code("Podcast", "AVAudioSession.setActive(true)")))
        #expect(causes.contains(.code("Podcast", "AVPlayer(episode).play()")))
    }

    @Test func interruptionHandlersRunAtTheInstantOfTheCall() throws {
        let phone = try phone()
        let podcast = try phone.install("Podcast", backgroundModes: [.audio]) { try PodcastPlayer(episode: episode) }
        phone.run(in: "Podcast") { podcast.play() }
        phone.advance(by: .seconds(60))
        let began = phone.send(.system(.incomingCall))
        #expect(podcast.told.last == "began reason 0")
        #expect(podcast.player.timeControlStatus == .paused)
        // The handler republished Now Playing with rate 0 at the call's instant, as an event of the app.
        let published = try #require(phone.engine.app("Podcast")?.published)
        #expect(published.info.rate == 0 && published.at == .seconds(60))
        #expect(began.count > 1 && began.dropFirst().allSatisfy { $0.outcome.time == .seconds(60) })
        #expect(
            began.dropFirst().contains {
                $0.cause
                    == .code(
                        "Podcast",
                        "MPNowPlayingInfoCenter.nowPlayingInfo = "
                            + "[title Episode, elapsed 60.0, rate 0.0]")
            })

        phone.advance(by: .seconds(5))
        phone.send(.system(.declineCall))
        #expect(podcast.told.last == "ended shouldResume true")
        #expect(podcast.player.timeControlStatus == .playing)
        #expect(podcast.player.currentTime().seconds == 60)
    }

    @Test func anInterruptionThatNeverEndsLeavesItPaused() throws {
        let phone = try phone([SimulatedPhone.AppConfig("Music", backgroundModes: [.audio], category: .playback)])
        let podcast = try phone.install("Podcast", backgroundModes: [.audio]) { try PodcastPlayer(episode: episode) }
        phone.run(in: "Podcast") { podcast.play() }
        phone.send(.app("Music", .foreground))
        phone.send(.app("Music", .play()))
        phone.send(.app("Music", .pause()))
        phone.send(.app("Music", .deactivate(notifyOthers: false)))
        #expect(podcast.told == ["status 1", "began reason 0"])
        #expect(phone.engine.app("Podcast")?.isPlaying == false)
    }

    @Test func headphonesGoingAwayPauses() throws {
        let phone = try phone()
        let podcast = try phone.install("Podcast", backgroundModes: [.audio]) { try PodcastPlayer(episode: episode) }
        phone.send(.device(.connect(SimulatedPhone.AccessorySpec(.wiredHeadphones))))
        phone.run(in: "Podcast") { podcast.play() }
        phone.send(.device(.disconnect(SimulatedPhone.AccessorySpec(.wiredHeadphones))))
        #expect(podcast.told.contains("route 2 from [\"Headphones\"]"))
        #expect(podcast.player.timeControlStatus == .paused)
        #expect(
            phone.run(in: "Podcast") { AVAudioSession.sharedInstance().currentRoute.outputs.map(\.portType) }
                == [.builtInSpeaker])
    }

    @Test func lockScreenCommandsReachTheHandlers() throws {
        let phone = try phone()
        let podcast = try phone.install("Podcast", backgroundModes: [.audio]) { try PodcastPlayer(episode: episode) }
        phone.run(in: "Podcast") { podcast.play() }
        phone.send(.app("Podcast", .background))
        phone.send(.system(.remote(.pause)))
        #expect(podcast.player.timeControlStatus == .paused)
        phone.send(.system(.remote(.changePlaybackPosition, position: 300)))
        #expect(podcast.player.currentTime().seconds == 300)
        phone.send(.system(.remote(.play)))
        #expect(podcast.player.timeControlStatus == .playing)
        let results = try #require(phone.app("Podcast")?.remoteCommandResults)
        #expect(results.map(\.command) == [.pause, .changePlaybackPosition, .play])
        #expect(results.allSatisfy { $0.statuses == [.success] })
        // A command with no handler is not sent.
        phone.send(.system(.remote(.nextTrack)))
        #expect(phone.app("Podcast")?.remoteCommandResults.count == 3)
    }

    @Test func failingCallsThrowTheNSErrorIOSThrows() throws {
        let phone = try phone()
        let podcast = try phone.install("Podcast") { try PodcastPlayer(episode: episode) }
        // Another app comes to the foreground: Podcast, in the background and not Now Playing, may not interrupt it.
        try phone.install("Other") {}
        phone.run(in: "Podcast") { podcast.play() }
        let failure = try #require(
            phone.transcript.last { $0.cause == .code("Podcast", "AVAudioSession.setActive(true)") })
        let code = try #require(failure.outcome.error?.code)
        #expect(podcast.told.last == "setActive failed \(code.osStatus)")
        let thrown = phone.run(in: "Podcast") { () -> NSError? in
            do {
                try AVAudioSession.sharedInstance().setActive(true)
                return nil
            } catch { return error as NSError }
        }
        #expect(thrown?.domain == NSOSStatusErrorDomain)
        #expect(code == .cannotInterruptOthers && thrown?.code == 560_557_684)
        #expect(thrown?.localizedDescription.contains(failure.outcome.error!.rule.id) == true)
    }

    @Test func periodicObserversFireOnTheSimulatedClock() throws {
        let phone = try phone()
        let podcast = try phone.install("Podcast", backgroundModes: [.audio]) { try PodcastPlayer(episode: episode) }
        phone.run(in: "Podcast") { podcast.play() }
        phone.advance(by: .seconds(35))
        #expect(podcast.ticks == [0, 10, 20, 30])
        phone.run(in: "Podcast") { podcast.pause() }
        phone.advance(by: .seconds(30))
        // It runs when playback starts and stops too, as AVPlayer's does when the rate changes.
        #expect(podcast.ticks == [0, 10, 20, 30, 35])
    }

    @Test func keyValueObserversSeeAStreamLoad() throws {
        let phone = try phone()
        let podcast = try phone.install("Podcast", backgroundModes: [.audio]) {
            try PodcastPlayer(episode: URL(string: "https://example.com/live.m3u8")!)
        }
        #expect(podcast.player.currentItem?.status == .unknown)
        phone.send(.device(.network(down: true)))
        phone.run(in: "Podcast") { podcast.play() }
        #expect(podcast.player.timeControlStatus == .waitingToPlayAtSpecifiedRate)
        #expect(podcast.told.isEmpty)
        phone.send(.device(.network(down: false)))
        #expect(podcast.told == ["status 1"])
        #expect(podcast.player.timeControlStatus == .playing)
    }

    @Test func eachAppHearsOnlyWhatItIsTold() throws {
        let phone = try phone()
        let first = try phone.install("Podcast", backgroundModes: [.audio]) { try PodcastPlayer(episode: episode) }
        phone.run(in: "Podcast") { first.play() }
        let second = try phone.install("Radio", backgroundModes: [.audio]) {
            try PodcastPlayer(episode: URL(fileURLWithPath: "/media/news.mp3"))
        }
        phone.run(in: "Radio") { second.play() }
        // Radio's activation interrupted Podcast (both spokenAudio playback, non-mixable); Radio heard nothing.
        #expect(first.told == ["status 1", "began reason 0"])
        #expect(second.told == ["status 1"])  // its item's readyToPlay, after its launch returned
        #expect(phone.engine.app("Radio")?.player(named: "news")?.state == .playing)
    }

    @Test func lifecycleNotificationsComeInUIKitsOrder() throws {
        let phone = try phone()
        let app = try phone.install("Podcast", backgroundModes: [.audio]) { LifecycleLog() }
        phone.send(.app("Podcast", .background))
        phone.send(.app("Podcast", .foreground))
        // Launched into the foreground, it becomes active once its launch code has run.
        #expect(
            app.events == [
                "didBecomeActive", "willResignActive", "didEnterBackground", "willEnterForeground",
                "didBecomeActive",
            ])
        #expect(app.delegateCalls == app.events)
    }

    @Test func audioPlayerDelegateHearsInterruptionsAndTheEnd() throws {
        let phone = try phone()
        phone.media["chime.caf"] = SimulatedMedia(duration: 20)
        let chime = try phone.install("Chime", backgroundModes: [.audio]) { try ChimePlayer() }
        phone.run(in: "Chime") { _ = chime.player.play() }
        phone.advance(by: .seconds(5))
        phone.send(.system(.alarmBegin))
        phone.send(.system(.alarmEnd))
        #expect(chime.events == ["begin", "end 1"])
        phone.run(in: "Chime") { _ = chime.player.play() }
        phone.advance(by: .seconds(20))
        #expect(chime.events == ["begin", "end 1", "finished true"])
        #expect(phone.engine.app("Chime")?.player(named: "chime")?.state == .stopped)
    }

    @Test func aCallOutsideAnyAppSaysWhichContextIsExpected() throws {
        withKnownIssue {
            _ = AVAudioSession.sharedInstance()
        } matching: { issue in
            issue.description.contains("AVAudioSession.sharedInstance() was called outside any app's code")
        }
    }

    @Test func anAPIThePhoneDoesNotModelSaysSoByName() throws {
        let phone = try phone()
        try phone.install("Podcast") {}
        withKnownIssue {
            try? phone.run(in: "Podcast") {
                try AVAudioSession.sharedInstance().setCategory(.playback, mode: .default, policy: .longFormAudio)
            }
        } matching: { issue in
            issue.description.contains(
                "AVAudioSession.setCategory(_:mode:policy:options:) with policy longFormAudio "
                    + "is not modelled")
        }
        #expect(phone.diagnostics.count == 1)
    }

    @Test func installingUnderANameInUseThrows() throws {
        let phone = try phone([SimulatedPhone.AppConfig("Music")])
        #expect(throws: SimulatedPhoneError.self) { try phone.install("Music") {} }
    }
}

/// An app that logs its lifecycle notifications and delegate calls.
final class LifecycleLog: UIApplicationDelegate {
    var events: [String] = []
    var delegateCalls: [String] = []
    private var tokens: [NSObjectProtocol] = []

    init() {
        let names: [(NSNotification.Name, String)] = [
            (UIApplication.willResignActiveNotification, "willResignActive"),
            (UIApplication.didEnterBackgroundNotification, "didEnterBackground"),
            (UIApplication.willEnterForegroundNotification, "willEnterForeground"),
            (UIApplication.didBecomeActiveNotification, "didBecomeActive"),
        ]
        for (name, label) in names {
            tokens.append(
                NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) {
                    [unowned self] _ in events.append(label)
                })
        }
    }

    var stateWhenResigning: UIApplication.State?

    func applicationWillResignActive(_ application: UIApplication) {
        delegateCalls.append("willResignActive")
        stateWhenResigning = application.applicationState
    }
    func applicationDidEnterBackground(_ application: UIApplication) { delegateCalls.append("didEnterBackground") }
    func applicationWillEnterForeground(_ application: UIApplication) { delegateCalls.append("willEnterForeground") }
    func applicationDidBecomeActive(_ application: UIApplication) { delegateCalls.append("didBecomeActive") }
}

/// An AVAudioPlayer with a delegate that logs what it is told.
final class ChimePlayer: AVAudioPlayerDelegate {
    let player: AVAudioPlayer
    var events: [String] = []

    init() throws {
        try AVAudioSession.sharedInstance().setCategory(.playback)
        player = try AVAudioPlayer(contentsOf: URL(fileURLWithPath: "/media/chime.caf"))
        player.delegate = self
    }

    func audioPlayerBeginInterruption(_ player: AVAudioPlayer) { events.append("begin") }
    func audioPlayerEndInterruption(_ player: AVAudioPlayer, withOptions flags: Int) { events.append("end \(flags)") }
    func audioPlayerDidFinishPlaying(_ player: AVAudioPlayer, successfully flag: Bool) {
        events.append("finished \(flag)")
    }
}

/// Terminated and launched again, an app's code starts afresh.
@Suite struct RelaunchTests {
    @Test func aRelaunchRunsTheLaunchCodeAgain() throws {
        let phone = try SimulatedPhone(SimulatedPhone.Setup(ios: 17))
        let first = try phone.install("Podcast", backgroundModes: [.audio]) {
            try PodcastPlayer(episode: URL(fileURLWithPath: "/media/episode.mp3"))
        }
        phone.run(in: "Podcast") { first.play() }
        phone.send(.app("Podcast", .terminate))
        #expect(phone.engine.app("Podcast")?.isPlaying == false)
        phone.send(.app("Podcast", .launch))
        let second = try #require(phone.app("Podcast")?.code as? PodcastPlayer)
        #expect(second !== first)
        #expect(phone.engine.app("Podcast")?.player(named: "episode")?.state == .stopped)
        phone.run(in: "Podcast") { second.play() }
        #expect(second.player.timeControlStatus == .playing)
        // The old instance's observers are gone: an interruption reaches only the new one.
        phone.send(.system(.incomingCall))
        #expect(second.told == ["status 1", "began reason 0"])
        #expect(first.told == ["status 1"])  // its item's readyToPlay, after its launch returned
    }
}

/// Another app coming to the foreground sends the code app to the background in UIKit's order.
@Suite struct ForegroundHandOffTests {
    @Test func anotherAppComingForwardTellsTheCodeAppToResignFirst() throws {
        let phone = try SimulatedPhone(SimulatedPhone.Setup(ios: 17, apps: [SimulatedPhone.AppConfig("Maps")]))
        let app = try phone.install("Podcast", backgroundModes: [.audio]) { LifecycleLog() }
        phone.send(.app("Maps", .foreground))
        #expect(app.events == ["didBecomeActive", "willResignActive", "didEnterBackground"])
        // Told before the engine moved it: it was still active when it resigned.
        #expect(app.stateWhenResigning == .active)
    }
}
