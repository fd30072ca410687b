import ArbiterEngine
import ArbiterKit
import ArbiterLint
import ArbiterTesting
import Testing

/// A player written with two mistakes: its pause handler says success and does nothing, and its own pause publishes
/// no rate.
final class SloppyPlayer {
    let player: AVPlayer

    init() throws {
        try AVAudioSession.sharedInstance().setCategory(.playback)
        player = AVPlayer(url: URL(fileURLWithPath: "/media/song.mp3"))
        MPRemoteCommandCenter.shared().playCommand.addTarget { [unowned self] _ in
            player.play()
            return .success
        }
        MPRemoteCommandCenter.shared().pauseCommand.addTarget { _ in .success }
    }

    func play() {
        player.play()
        MPNowPlayingInfoCenter.default().nowPlayingInfo = [
            MPMediaItemPropertyTitle: "Song",
            MPNowPlayingInfoPropertyElapsedPlaybackTime: 0,
        ]
    }

    func pause() { player.pause() }
}

/// The lints watch apps' own code on the phone as they watch a scenario.
@Suite struct PhoneLintTests {
    @Test func theLintsFindTheMistakesOfAnAppsOwnCode() throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        let app = try phone.install("Sloppy", backgroundModes: [.audio]) { try SloppyPlayer() }
        phone.run(in: "Sloppy") { app.play() }
        phone.advance(by: .seconds(30))
        phone.send(.system(.remote(.pause)))
        #expect(app.player.timeControlStatus == .playing)
        phone.advance(by: .seconds(30))
        phone.run(in: "Sloppy") { app.pause() }
        phone.advance(by: .seconds(30))

        let lints = phone.lints
        #expect(lints.map(\.lint.id) == ["remote.success-without-acting", "nowplaying.stale-rate"])
        let handler = try #require(lints.first)
        #expect(handler.app == "Sloppy" && handler.time == .seconds(30))
        #expect(handler.message.contains("got pause from the lock screen and returned success: it is still playing"))
        #expect(phone.transcript[try #require(handler.step)].outcome.event == .system(.remote(.pause)))
        let stale = try #require(lints.last)
        #expect(stale.time == .seconds(60))
        #expect(phone.transcript[try #require(stale.step)].cause == .code("Sloppy", "AVPlayer(song).pause()"))
    }

    @Test func aCarefulPlayerHasNoLints() throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        phone.media["episode.mp3"] = SimulatedMedia(duration: 1800)
        let podcast = try phone.install("Podcast", backgroundModes: [.audio]) {
            try PodcastPlayer(episode: URL(fileURLWithPath: "/media/episode.mp3"))
        }
        phone.run(in: "Podcast") { podcast.play() }
        phone.advance(by: .seconds(60))
        phone.send(.system(.incomingCall))
        phone.advance(by: .seconds(10))
        phone.send(.system(.declineCall))
        phone.send(.system(.remote(.pause)))
        phone.advance(by: .seconds(10))
        phone.send(.system(.remote(.play)))
        #expect(podcast.player.timeControlStatus == .playing)
        #expect(phone.lints.isEmpty, "\(phone.lints)")
    }

    @Test func aPhoneSilencesLintsItIsToldToAllow() throws {
        let allowances = LintAllowances(perApp: ["Sloppy": ["remote.success-without-acting": "shown on purpose"]])
        let phone = try SimulatedPhone(Setup(ios: 17), allowing: allowances)
        let app = try phone.install("Sloppy", backgroundModes: [.audio]) { try SloppyPlayer() }
        phone.run(in: "Sloppy") { app.play() }
        phone.send(.system(.remote(.pause)))
        #expect(phone.lints.isEmpty)
    }
}

/// A player that adds its pause handler each time it shows a screen, and begins a background task it never ends.
final class LeakyPlayer {
    let player = AVPlayer(url: URL(fileURLWithPath: "/media/song.mp3"))
    var pauses = 0

    init() throws { try AVAudioSession.sharedInstance().setCategory(.playback) }

    func showPlayerScreen() {
        MPRemoteCommandCenter.shared().pauseCommand.addTarget { [unowned self] _ in
            pauses += 1
            player.pause()
            return .success
        }
    }

    func enterBackground() -> UIBackgroundTaskIdentifier { UIApplication.shared.beginBackgroundTask() }
}

/// Mistakes only code can make: the phone watches for them and its linter reports them.
@Suite struct PhoneCodeLintTests {
    @Test func aHandlerAddedAgainRunsTwiceForOnePress() throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        let app = try phone.install("Leaky", backgroundModes: [.audio]) { try LeakyPlayer() }
        phone.run(in: "Leaky") {
            app.showPlayerScreen()
            app.showPlayerScreen()
            app.player.play()
        }
        phone.send(.system(.remote(.pause)))
        #expect(app.pauses == 2)
        let finding = try #require(phone.lints.first { $0.lint.id == "remote.handler-added-again" })
        #expect(finding.message.hasPrefix("pause ran 2 handlers for one press"))
        #expect(phone.transcript[try #require(finding.step)].outcome.event == .system(.remote(.pause)))
    }

    @Test func oneHandlerIsFine() throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        let app = try phone.install("Leaky", backgroundModes: [.audio]) { try LeakyPlayer() }
        phone.run(in: "Leaky") {
            app.showPlayerScreen()
            app.player.play()
        }
        phone.send(.system(.remote(.pause)))
        #expect(!phone.lints.contains { $0.lint.id == "remote.handler-added-again" })
    }

    @Test func aBackgroundTaskNeverEndedIsFoundAndOneEndedIsNot() throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        let app = try phone.install("Leaky", backgroundModes: [.audio]) { try LeakyPlayer() }
        let task = phone.run(in: "Leaky") { app.enterBackground() }
        phone.send(.app("Leaky", .background))
        let finding = try #require(phone.lints.first { $0.lint.id == "background.task-never-ended" })
        #expect(finding.app == "Leaky")
        #expect(finding.message.hasPrefix("a background task was begun and never ended"))
        phone.run(in: "Leaky") { UIApplication.shared.endBackgroundTask(task) }
        #expect(!phone.lints.contains { $0.lint.id == "background.task-never-ended" })
    }

    @Test func anAllowanceSilencesACodeLint() throws {
        let phone = try SimulatedPhone(
            Setup(ios: 17),
            allowing: LintAllowances(perApp: [
                "Leaky": ["background.task-never-ended": "the test ends before the task would"]
            ]))
        let app = try phone.install("Leaky", backgroundModes: [.audio]) { try LeakyPlayer() }
        _ = phone.run(in: "Leaky") { app.enterBackground() }
        #expect(phone.lints.isEmpty)
    }
}

/// A store over the phone reports what the phone saw in the apps' code, as its own lints.
@Suite struct StoreCodeLintTests {
    @Test func theStoreListsAndReportsTheCodeOnlyLints() throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        let app = try phone.install("Leaky", backgroundModes: [.audio]) { try LeakyPlayer() }
        let store = PolicyTestStore(phone: phone, exhaustivity: .off)
        store.run(
            in: "Leaky",
            {
                app.showPlayerScreen()
                app.showPlayerScreen()
                app.player.play()
                _ = app.enterBackground()
            })
        withKnownIssue {
            store.send(.system(.remote(.pause)))
            store.finish()
        } matching: { issue in
            issue.severity == .warning
                && issue.comments.contains {
                    $0.rawValue.contains("[remote.handler-added-again]")
                        || $0.rawValue.contains("[background.task-never-ended]")
                }
        }
        #expect(
            store.lints.map(\.lint.id).filter {
                ["remote.handler-added-again", "background.task-never-ended"].contains($0)
            }
                == ["remote.handler-added-again", "background.task-never-ended"])
    }
}
