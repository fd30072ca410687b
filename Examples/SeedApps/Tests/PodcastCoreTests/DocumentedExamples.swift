// swift-format-ignore-file
// (This file holds Swift blocks of the docs line for line, as DocumentedSwiftTests checks: it keeps their layout.)
// The examples of docs/app-code.md, README.md and ArbiterKit's DocC catalog, as they are written there: each block
// of those pages is held here line for line (DocumentedSwiftTests checks it), so each one compiles and runs.
import ArbiterKit
import ArbiterScenario
import ArbiterTesting
import PodcastCore
import Testing

/// docs/app-code.md, "A test" (and ArbiterKit's "Running an app's code on a simulated phone").
@Test func aCallPausesTheEpisodeAndStopsTheLockScreen() throws {
    let phone = try SimulatedPhone(ios: 17)
    phone.media["episode12.mp3"] = SimulatedMedia(duration: 1800)
    let app = try phone.install("Podcast", backgroundModes: [.audio]) {
        try EpisodePlayer(url: URL(fileURLWithPath: "/media/episode12.mp3"))
    }
    phone.run(in: "Podcast") { app.play() }                    // a tap on Play
    phone.send(.app("Podcast", .background))                    // the user goes home
    phone.advance(by: .seconds(60))

    phone.send(.system(.incomingCall))
    #expect(phone.engine.player("episode12", of: "Podcast")?.state == .paused)
    #expect(phone.engine.nowPlayingView(at: phone.now)?.rate == 0)   // the handler republished rate 0

    phone.advance(by: .seconds(10))
    phone.send(.system(.declineCall))                           // shouldResume: the handler plays again
    #expect(app.player.timeControlStatus == .playing)
    #expect(app.player.currentTime().seconds == 60)

    phone.send(.system(.remote(.pause)))                        // from the lock screen
    #expect(phone.app("Podcast")?.remoteCommandResults.map(\.statuses) == [[.success]])
    #expect(phone.diagnostics.isEmpty)
}

/// README.md, "Run your app's own audio code".
@Test func readmePhoneExample() throws {
    let phone = try SimulatedPhone(ios: 17)
    phone.media["episode12.mp3"] = SimulatedMedia(duration: 1800)
    let app = try phone.install("Podcast", backgroundModes: [.audio]) {
        try EpisodePlayer(url: URL(fileURLWithPath: "/media/episode12.mp3"))   // the app's iOS code, unchanged
    }
    phone.run(in: "Podcast") { app.play() }                      // a tap on Play
    phone.send(.app("Podcast", .background))
    phone.advance(by: .seconds(60))
    phone.send(.system(.incomingCall))                            // its interruption handler runs now
    #expect(phone.engine.nowPlayingView(at: phone.now)?.rate == 0)
}

/// ArbiterKit's DocC landing page.
@Test func catalogPhoneExample() throws {
    let phone = try SimulatedPhone(ios: 17)
    phone.media["episode12.mp3"] = SimulatedMedia(duration: 1800)
    let app = try phone.install("Podcast", backgroundModes: [.audio]) {
        try EpisodePlayer(url: URL(fileURLWithPath: "/media/episode12.mp3"))
    }
    phone.run(in: "Podcast") { app.play() }
    phone.send(.system(.incomingCall))
    #expect(phone.engine.player("episode12", of: "Podcast")?.state == .paused)
}

/// docs/app-code.md: ArbiterTesting's store drives the phone.
@Test func storeDrivesThePhone() throws {
    let phone = try SimulatedPhone(ios: 17)
    phone.media["episode12.mp3"] = SimulatedMedia(duration: 1800)
    let app = try phone.install("Podcast", backgroundModes: [.audio]) {
        try EpisodePlayer(url: URL(fileURLWithPath: "/media/episode12.mp3"))
    }
    let store = PolicyTestStore(phone: phone, exhaustivity: .off)
    store.run(in: "Podcast", { app.play() }) {
        $0.apps["Podcast"].active = true
        $0.apps["Podcast"].players["episode12"] = .playing
        $0.nowPlaying = "Podcast"
    }
    store.send(.system(.incomingCall)) { $0.apps["Podcast"].players["episode12"] = .paused }
    store.receive("Podcast", .interruptionBegan(reason: .default))
    store.finish()
}

/// docs/app-code.md: a YAML scenario beside the code (run from the package's folder, as `swift test` is).
@Test func scenarioBesideTheCode() throws {
    let episode = URL(fileURLWithPath: "/media/episode12.mp3")
    let path = "Tests/PodcastCoreTests/Scenarios/maps-prompt-over-podcast.yaml"
    let phone = try SimulatedPhone(try ScenarioFiles.load(path).get(), codeApps: ["Podcast"])   // import ArbiterScenario
    let app = try phone.install("Podcast", backgroundModes: [.audio]) { try EpisodePlayer(url: episode) }
    phone.run(in: "Podcast") { app.play() }
    #expect(assertScenario(path, on: phone))
}
