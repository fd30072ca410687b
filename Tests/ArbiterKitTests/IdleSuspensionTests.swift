import ArbiterKit
import Testing

/// The podcast player paused from the lock screen, its session left active: the phone suspends it about 30 s later
/// (reference §13.4), and its code hears of it only when it next runs.
@Suite struct IdleSuspensionOnThePhoneTests {
    @Test func pausedWithItsSessionActiveItIsSuspendedAndToldWhenTheLockScreenPlays() throws {
        let phone = try SimulatedPhone(
            SimulatedPhone.Setup(ios: 15, apps: [SimulatedPhone.AppConfig("Home", category: .ambient)]))
        phone.media["episode.mp3"] = SimulatedMedia(duration: 1800, title: "Episode 1")
        let podcast = try phone.install("Podcast", backgroundModes: [.audio]) {
            try PodcastPlayer(episode: URL(fileURLWithPath: "/media/episode.mp3"))
        }
        phone.run(in: "Podcast") { podcast.play() }
        phone.send(.app("Home", .foreground))
        phone.send(.system(.remote(.pause)))
        let steps = phone.advance(by: .seconds(60))
        let suspension = try #require(
            steps.first { step in step.outcome.decisions.contains { $0.change == .lifecycle(.suspended) } })
        #expect(suspension.outcome.time == .seconds(30), "at its own time, not at the end of the advance")
        #expect(phone.engine.app("Podcast")?.lifecycle == .suspended)
        #expect(phone.engine.app("Podcast")?.session.isActive == false)
        #expect(!podcast.told.contains { $0.hasPrefix("began") }, "a suspended app runs no code")

        phone.send(.system(.remote(.play)))
        #expect(podcast.told.last == "began reason 1", "appWasSuspended, once it runs again")
    }
}
