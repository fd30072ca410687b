// swift-format-ignore-file
// (This file holds Swift blocks of the docs line for line, as DocumentedSwiftTests checks: it keeps their layout.)
import ArbiterEngine
import ArbiterTesting
import Foundation
import PodcastPolicy
import Testing

/// The policy tests a podcast team keeps so that audio behaviour does not regress.
@Suite("Podcast audio policy")
struct PodcastPolicyTests {
    static let headphones = AccessorySpec(.wiredHeadphones)

    @Test("unplugging the headphones pauses the episode, and the route goes back to the speaker")
    func pauseOnUnplug() {
        let store = PolicyTestStore(device: DeviceConfig(accessories: [Self.headphones]),
                                    apps: [PodcastApp.config], exhaustivity: .off)
        store.send(.app("Podcasts", .play())) {
            $0.apps["Podcasts"].playing = true
            $0.route = PolicyState.Route(outputs: [.headphones])
        }
        store.send(.device(.disconnect(Self.headphones))) {
            $0.apps["Podcasts"].playing = false
            $0.apps["Podcasts"].players["episode"] = .paused
            $0.route = PolicyState.Route(outputs: [.builtInSpeaker])
        }
        store.receive("Podcasts", .routeChange(
            reason: .oldDeviceUnavailable, previous: Route(outputs: [Port(.headphones, accessory: "wiredHeadphones")])))
        store.finish()
    }

    @Test("a phone call interrupts the episode; hanging up resumes it")
    func resumeAfterCall() {
        let store = PolicyTestStore(apps: [PodcastApp.config], exhaustivity: .off)
        store.send(.app("Podcasts", .play()))
        store.send(.system(.incomingCall)) {
            $0.apps["Podcasts"].interrupted = true
            $0.apps["Podcasts"].playing = false
        }
        store.receive("Podcasts", .interruptionBegan(reason: .default))
        store.send(.system(.answerCall))
        store.advance(by: .seconds(120))
        store.send(.system(.endCall)) {
            $0.apps["Podcasts"].interrupted = false
            $0.apps["Podcasts"].playing = true
        }
        store.receive("Podcasts", .interruptionEnded(shouldResume: true))
        store.finish()
    }

    @Test("a navigation prompt interrupts spoken audio instead of ducking it, then gives it back")
    func navigationPrompt() {
        let store = PolicyTestStore(apps: [PodcastApp.config, PodcastApp.maps], exhaustivity: .off)
        store.send(.app("Podcasts", .play()))
        store.send(.app("Maps", .play())) {
            $0.apps["Podcasts"].interrupted = true
            $0.apps["Podcasts"].playing = false
            $0.apps["Podcasts"].ducked = false
        }
        store.receive("Podcasts", .interruptionBegan(reason: .default))
        store.advance(by: .seconds(3))
        store.send(.app("Maps", .stop()))
        store.send(.app("Maps", .deactivate(notifyOthers: true))) {
            $0.apps["Podcasts"].interrupted = false
            $0.apps["Podcasts"].playing = true
        }
        store.receive("Podcasts", .interruptionEnded(shouldResume: true))
        store.finish()
    }

    @Test("a game's ambient sound effects do not take Now Playing from a video")
    func gameKeepsOffNowPlaying() {
        let store = PolicyTestStore(apps: [PodcastApp.video, PodcastApp.game], exhaustivity: .off)
        store.send(.app("Video", .play())) {
            $0.apps["Video"].playing = true
            $0.nowPlaying = "Video"
        }
        // Switching to the game pauses the on-screen video (iOS does that), but the lock screen keeps it.
        store.send(.app("Game", .foreground)) {
            $0.apps["Video"].playing = false
            $0.apps["Video"].players["movie"] = .paused
            $0.nowPlaying = "Video"
        }
        store.send(.app("Game", .play())) {
            $0.apps["Game"].playing = true
            $0.nowPlaying = "Video"
        }
        store.finish()
    }

    @Test("every scenario the team wrote in YAML still holds")
    func yamlScenarios() throws {
        let folder = try #require(Bundle.module.url(forResource: "Scenarios", withExtension: nil))
        let counts = assertScenarios(in: folder.path)
        #expect(counts.passed == 1 && counts.failed == 0)
    }
}
