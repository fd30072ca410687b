// swift-format-ignore-file
// (This file holds Swift blocks of the docs line for line, as DocumentedSwiftTests checks: it keeps their layout.)
import ArbiterEngine
import ArbiterTesting
import Testing

/// The apps most tests use.
enum Apps {
    static let music = AppConfig("Music", backgroundModes: [.audio], category: .playback,
                                 remoteCommands: [.play, .pause],
                                 reactions: [.interruptionEnded: .resumeIfShouldResume])
    static let maps = AppConfig("Maps", backgroundModes: [.audio], category: .playback, options: [.duckOthers])
}

@Suite("PolicyTestStore: passing tests read like the policy")
struct StoreTests {
    @Test("ducking under navigation: each step writes only what it changes")
    func ducking() {
        let store = PolicyTestStore(apps: [Apps.music, Apps.maps])
        store.send(.app("Music", .play())) {
            $0.apps["Music"].active = true
            $0.apps["Music"].playing = true
            $0.apps["Music"].audible = true
            $0.apps["Music"].players["main"] = .playing
            $0.apps["Maps"].otherAudioPlaying = true
            $0.apps["Maps"].secondaryAudioShouldBeSilenced = true
            $0.nowPlaying = "Music"
        }
        store.send(.app("Maps", .play())) {
            $0.apps["Maps"].active = true
            $0.apps["Maps"].playing = true
            $0.apps["Maps"].audible = true
            $0.apps["Maps"].players["main"] = .playing
            $0.apps["Music"].gain = 0.2
            $0.apps["Music"].ducked = true
            $0.apps["Music"].otherAudioPlaying = true
        }
        store.finish()
    }

    @Test("a call interrupts and its end resumes: notifications are received in order")
    func resumeAfterCall() {
        let store = PolicyTestStore(apps: [Apps.music], exhaustivity: .on)
        store.send(.app("Music", .play())) {
            $0.apps["Music"].active = true
            $0.apps["Music"].playing = true
            $0.apps["Music"].audible = true
            $0.apps["Music"].players["main"] = .playing
            $0.nowPlaying = "Music"
        }
        store.send(.system(.incomingCall)) {
            $0.apps["Music"].active = false
            $0.apps["Music"].interrupted = true
            $0.apps["Music"].playing = false
            $0.apps["Music"].audible = false
            $0.apps["Music"].players["main"] = .paused
            $0.device.call = .ringing
        }
        store.receive("Music", .interruptionBegan(reason: .default))
        store.send(.system(.answerCall)) { $0.device.call = .active }
        store.advance(by: .seconds(60))
        store.send(.system(.endCall)) {
            $0.device.call = nil
            $0.apps["Music"].interrupted = false
            $0.apps["Music"].active = true
            $0.apps["Music"].playing = true
            $0.apps["Music"].audible = true
            $0.apps["Music"].players["main"] = .playing
        }
        store.receive("Music", .interruptionEnded(shouldResume: true))
        store.finish()
    }

    @Test("advance(by:) moves time: the gain follows the duck ramp")
    func rampOverTime() {
        var profile = Profile()
        profile.duckRamp = .seconds(1)
        let store = PolicyTestStore(apps: [Apps.music, Apps.maps], profile: profile, exhaustivity: .off)
        store.send(.app("Music", .play()))
        store.send(.app("Maps", .play())) {
            $0.apps["Music"].ducked = true
            $0.apps["Music"].gain = 1
        }
        store.advance(by: .ms(500)) { $0.apps["Music"].gain = 0.6 }
        store.advance(by: .ms(500)) { $0.apps["Music"].gain = 0.2 }
        #expect(store.now == .seconds(1))
    }

    @Test("a remote command with what the user chose reaches the app; a value it does not carry is refused")
    func remoteValues() {
        let books = AppConfig("Books", backgroundModes: [.audio], category: .playback,
                              players: [PlayerConfig(name: "book", kind: .avPlayer)],
                              remoteCommands: [.play, .pause, .changePlaybackRate, .changePlaybackPosition])
        let store = PolicyTestStore(apps: [books], exhaustivity: .on)
        store.send(.app("Books", .play())) {
            $0.apps["Books"].active = true
            $0.apps["Books"].playing = true
            $0.apps["Books"].audible = true
            $0.apps["Books"].players["book"] = .playing
            $0.nowPlaying = "Books"
        }
        store.advance(by: .seconds(10))
        store.send(.system(.remote(.changePlaybackRate, value: .rate(1.5))))
        store.receive("Books", .remoteCommand(.changePlaybackRate))
        store.send(.system(.remote(.changePlaybackPosition, position: 95)))
        store.receive("Books", .remoteCommand(.changePlaybackPosition))
        withKnownIssue {
            store.send(.system(.remote(.pause, value: .rate(2))))
        } matching: { issue in
            text(issue) == "The engine refused system: remote pause 2.0: remote pause carries no value (found a rate, 2.0); "
                + "expected the command alone"
        }
        store.finish()
    }

    @Test("unplugging headphones pauses an AVPlayer and announces the old route")
    func pauseOnUnplug() {
        let video = AppConfig("Video", backgroundModes: [.audio], category: .playback,
                              players: [PlayerConfig(name: "movie", kind: .avPlayer)])
        let store = PolicyTestStore(device: DeviceConfig(accessories: [AccessorySpec(.wiredHeadphones)]),
                                    apps: [video], exhaustivity: .off)
        store.send(.app("Video", .play()))
        store.send(.device(.disconnect(AccessorySpec(.wiredHeadphones)))) {
            $0.apps["Video"].players["movie"] = .paused
            $0.apps["Video"].playing = false
            $0.route = PolicyState.Route(outputs: [.builtInSpeaker])
        }
        store.receive("Video", .routeChange(reason: .oldDeviceUnavailable,
                                            previous: Route(outputs: [Port(.headphones, accessory: "wiredHeadphones")])))
    }

    @Test("a step that must fail: fails: takes the iOS error code")
    func expectedError() {
        let recorder = AppConfig("Memo", category: .playback)
        let store = PolicyTestStore(apps: [recorder], exhaustivity: .off)
        store.send(.app("Memo", .record), fails: .incompatibleCategory)
    }
}
