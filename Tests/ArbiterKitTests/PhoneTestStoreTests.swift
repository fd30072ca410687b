import ArbiterEngine
import ArbiterKit
import ArbiterScenario
import ArbiterTesting
import Testing

/// ArbiterTesting's store drives a phone running an app's own code: what its handlers change is checked with the same
/// diffs, and what it is told is received as any step's notifications.
@Suite struct PhoneTestStoreTests {
    func podcastPhone() throws -> (SimulatedPhone, PodcastPlayer) {
        let phone = try SimulatedPhone(Setup(ios: 17))
        phone.media["episode.mp3"] = SimulatedMedia(duration: 1800)
        let podcast = try phone.install("Podcast", backgroundModes: [.audio]) {
            try PodcastPlayer(episode: URL(fileURLWithPath: "/media/episode.mp3"))
        }
        return (phone, podcast)
    }

    @Test func handlersChangesAreCheckedAndTheirNotificationsReceived() throws {
        let (phone, podcast) = try podcastPhone()
        let store = PolicyTestStore(phone: phone, exhaustivity: .off)
        store.run(in: "Podcast", { podcast.play() }) {
            $0.apps["Podcast"].active = true
            $0.apps["Podcast"].players["episode"] = .playing
            $0.nowPlaying = "Podcast"
        }
        store.advance(by: .seconds(30))
        // The call pauses the player; the code's handler publishes rate 0 at that instant.
        store.send(.system(.incomingCall)) {
            $0.apps["Podcast"].interrupted = true
            $0.apps["Podcast"].players["episode"] = .paused
        }
        store.receive("Podcast", .interruptionBegan(reason: .default))
        #expect(store.engine.app("Podcast")?.published?.info.rate == 0)
        // Declined: the handler sees shouldResume and plays again.
        store.send(.system(.declineCall)) {
            $0.apps["Podcast"].interrupted = false
            $0.apps["Podcast"].players["episode"] = .playing
        }
        store.receive("Podcast", .interruptionEnded(shouldResume: true))
        #expect(store.now == .seconds(30))
        store.finish()
    }

    @Test func aWrongExpectationFailsWithTheRuleBehindTheValue() throws {
        let (phone, podcast) = try podcastPhone()
        let store = PolicyTestStore(phone: phone, exhaustivity: .off)
        store.run(in: "Podcast", { podcast.play() })
        withKnownIssue {
            store.send(.system(.incomingCall)) { $0.apps["Podcast"].players["episode"] = .playing }
        } matching: { issue in
            issue.description.contains("players.episode: [interruption.")
        }
        store.receive("Podcast", .interruptionBegan(reason: .default))
    }

    @Test func anUnreceivedNotificationFromAHandlersCallFails() throws {
        let (phone, podcast) = try podcastPhone()
        let store = PolicyTestStore(phone: phone)
        store.run(
            in: "Podcast", { podcast.play() },
            { state in
                state = PolicyState(store.engine, at: store.now)
            })
        withKnownIssue {
            store.send(.system(.incomingCall)) { state in state = PolicyState(store.engine, at: store.now) }
            store.finish()
        } matching: { issue in
            issue.description.contains("Podcast ← interruptionBegan reason=default")
        }
    }
}

/// A run on the phone draws and explains itself as a replayed scenario does.
@Suite struct PhonePicturesTests {
    @Test func aRunDrawsAndSaysWhy() throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        let podcast = try phone.install("Podcast", backgroundModes: [.audio]) {
            try PodcastPlayer(episode: URL(fileURLWithPath: "/media/episode.mp3"))
        }
        phone.run(in: "Podcast") { podcast.play() }
        phone.send(.system(.incomingCall))
        #expect(phone.why("players.episode", of: "Podcast")?.id == "interruption.pauses-players")
        #expect(phone.why("active", of: "Podcast")?.id == "system.call-interrupts")
        let svg = phone.timelineSVG(title: "podcast and a call")
        #expect(svg.hasPrefix("<svg") || svg.hasPrefix("<?xml"))
        #expect(svg.contains("podcast and a call"))
        #expect(svg.contains("AVAudioSession.setActive(true)"))
        #expect(phone.timelinePicture().frames.count == phone.transcript.count)
        // The same run gives the same picture.
        #expect(svg == phone.timelineSVG(title: "podcast and a call"))
    }
}

/// A YAML scenario's declared apps and steps beside an app's own code.
@Suite struct PhoneScenarioTests {
    let path = "Tests/ArbiterKitTests/Scenarios/maps-prompt-over-podcast.yaml"

    func podcastPhone() throws -> (SimulatedPhone, PodcastPlayer) {
        let scenario = try ScenarioFiles.load(path).get()
        let phone = try SimulatedPhone(scenario, codeApps: ["Podcast"])
        let podcast = try phone.install("Podcast", backgroundModes: [.audio]) {
            try PodcastPlayer(episode: URL(fileURLWithPath: "/media/episode.mp3"))
        }
        return (phone, podcast)
    }

    @Test func theScenarioRunsAgainstTheRealCode() throws {
        let (phone, podcast) = try podcastPhone()
        phone.run(in: "Podcast") { podcast.play() }
        #expect(assertScenario(path, on: phone))
        // (Its item became ready after its launch returned: its status observer heard it, as on iOS.)
        #expect(podcast.told == ["status 1", "began reason 0", "ended shouldResume true"])
    }

    @Test func codeThatDoesNotResumeFailsTheScenarioAtItsLine() throws {
        let (phone, podcast) = try podcastPhone()
        phone.run(in: "Podcast") { podcast.play() }
        podcast.resumesAfterInterruptions = false
        var failed = false
        withKnownIssue {
            failed = !assertScenario(path, on: phone)
        } matching: { issue in
            // Each failed check of the last expect: is an issue at its own line of the YAML file.
            issue.sourceLocation?.fileID.hasSuffix("maps-prompt-over-podcast.yaml") == true
                && [24, 25].contains(issue.sourceLocation?.line)
        }
        #expect(failed)
    }
}
