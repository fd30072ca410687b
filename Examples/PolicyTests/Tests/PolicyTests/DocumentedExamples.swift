// swift-format-ignore-file
// (This file holds Swift blocks of the docs line for line, as DocumentedSwiftTests checks: it keeps their layout.)
// The examples of docs/testing.md, README.md and ArbiterTesting's DocC catalog, as they are written there: each
// block of those pages is held here line for line (DocumentedSwiftTests checks it), so each one compiles and runs;
// the blocks of one section of docs/testing.md follow one another in one test, as a reader would put them.
import ArbiterEngine
import ArbiterLint
import ArbiterTesting
import Testing

/// README.md, "Test your app's audio policy in Swift".
@Test func unplugPausesTheEpisode() {
    let headphones = AccessorySpec(.wiredHeadphones)
    let store = PolicyTestStore(device: DeviceConfig(accessories: [headphones]), apps: [
        AppConfig("Podcasts", backgroundModes: [.audio], category: .playback, mode: .spokenAudio,
                  players: [PlayerConfig(name: "episode", kind: .avPlayer)]),
    ], exhaustivity: .off)
    store.send(.app("Podcasts", .play())) { $0.apps["Podcasts"].playing = true }
    store.send(.device(.disconnect(headphones))) {
        $0.apps["Podcasts"].playing = false
        $0.apps["Podcasts"].players["episode"] = .paused
        $0.route = PolicyState.Route(outputs: [.builtInSpeaker])
    }
    store.receive("Podcasts", .routeChange(reason: .oldDeviceUnavailable,
                                           previous: Route(outputs: [Port(.headphones, accessory: "wiredHeadphones")])))
    store.finish()
}

/// ArbiterTesting's DocC landing page.
@Test func navigationDucksMusic() {
    let store = PolicyTestStore(apps: [
        AppConfig("Music", backgroundModes: [.audio], category: .playback),
        AppConfig("Maps", backgroundModes: [.audio], category: .playback, options: [.duckOthers]),
    ], exhaustivity: .off)
    store.send(.app("Music", .play())) { $0.apps["Music"].playing = true }
    store.send(.app("Maps", .play())) {
        $0.apps["Music"].ducked = true
        $0.apps["Music"].gain = 0.2
    }
    store.finish()
}

/// ArbiterTesting's DocC landing page: the package's YAML scenarios, from the package's folder (where
/// `swift test` runs).
@Test func scenarios() {
    assertScenarios(in: "Tests/PolicyTests/Scenarios")
}

/// docs/testing.md (and the catalog's "Getting started"): declare, send, receive, with every change written.
@Test func declareSendReceive() {
    let store = PolicyTestStore(
        device: DeviceConfig(accessories: [AccessorySpec(.wiredHeadphones)]),
        apps: [AppConfig("Podcasts", backgroundModes: [.audio], category: .playback, mode: .spokenAudio,
                         players: [PlayerConfig(name: "episode", kind: .avPlayer)])]
    )
    store.send(.app("Podcasts", .play())) {
        $0.apps["Podcasts"].active = true
        $0.apps["Podcasts"].playing = true
        $0.apps["Podcasts"].audible = true
        $0.apps["Podcasts"].players["episode"] = .playing
    }
    store.send(.device(.disconnect(AccessorySpec(.wiredHeadphones)))) {
        $0.apps["Podcasts"].playing = false
        $0.apps["Podcasts"].audible = false
        $0.apps["Podcasts"].players["episode"] = .paused
        $0.route = PolicyState.Route(outputs: [.builtInSpeaker])
        $0.device.accessories = []
    }
    store.receive("Podcasts", .routeChange(
        reason: .oldDeviceUnavailable,
        previous: Route(outputs: [Port(.headphones, accessory: "wiredHeadphones")])))
    store.finish()
}

/// docs/testing.md: time moves a ducking ramp.
@Test func advanceMovesTheRamp() {
    var profile = Profile()
    profile.duckRamp = .seconds(1)
    let store = PolicyTestStore(apps: [
        AppConfig("Music", backgroundModes: [.audio], category: .playback),
        AppConfig("Maps", backgroundModes: [.audio], category: .playback, options: [.duckOthers]),
    ], profile: profile, exhaustivity: .off)
    store.send(.app("Music", .play()))
    store.send(.app("Maps", .play()))
    store.advance(by: .ms(500)) { $0.apps["Music"].gain = 0.6 }
    store.finish()
}

/// docs/testing.md: lints as failures; the test fails, as the page says it should.
@Test func lintsAsFailures() {
    withKnownIssue {
        let podcasts = AppConfig("Podcasts", backgroundModes: [.audio], category: .playback, mode: .spokenAudio,
                                 players: [PlayerConfig(name: "episode", kind: .avPlayer)], remoteCommands: [.play, .pause])
        let store = PolicyTestStore(apps: [podcasts], exhaustivity: .off, lints: .failures)
        store.send(.app("Podcasts", .play()))
        store.send(.app("Podcasts", .nowPlayingInfo(NowPlayingInfo(title: "Ep", elapsed: 0))))
        store.advance(by: .seconds(10))
        store.send(.app("Podcasts", .pause()))   // fails here: published no rate (so 1) but none of its players is playing
        store.advance(by: .seconds(10))          // ... once the instant is over  [nowplaying.stale-rate]
    } matching: { issue in
        issue.description.contains("[nowplaying.stale-rate]")
    }
}

/// docs/testing.md: a lint silenced with its reason.
@Test func anAllowedLint() {
    let podcasts = AppConfig("Podcasts", backgroundModes: [.audio], category: .playback, mode: .spokenAudio,
                             players: [PlayerConfig(name: "episode", kind: .avPlayer)], remoteCommands: [.play, .pause])
    let store = PolicyTestStore(apps: [podcasts], exhaustivity: .off, lints: .failures,
                                allowing: LintAllowances(everywhere: ["nowplaying.stale-rate": "why"]))
    store.send(.app("Podcasts", .play()))
    store.send(.app("Podcasts", .nowPlayingInfo(NowPlayingInfo(title: "Ep", elapsed: 0))))
    store.send(.app("Podcasts", .pause()))
    store.finish()
    #expect(store.lints.isEmpty)
}
