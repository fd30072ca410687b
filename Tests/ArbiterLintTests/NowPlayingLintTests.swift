import ArbiterEngine
import ArbiterLint
import Testing

@Suite("Lints: Now Playing")
struct NowPlayingLintTests {
    @Test func pausingWithoutPublishingRateZeroLeavesTheLockScreenCounting() throws {
        let findings = try lints(
            Setup(apps: [player("Podcasts")]),
            [
                (0, .app("Podcasts", .play())),
                (0, .app("Podcasts", .nowPlayingInfo(NowPlayingInfo(title: "Ep", elapsed: 0, rate: 1)))),
                (10, .app("Podcasts", .pause())),
                (20, .app("Podcasts", .play())),
            ])
        #expect(ids(findings) == ["nowplaying.stale-rate"])
        let finding = try #require(findings.first)
        #expect(finding.app == "Podcasts")
        #expect(finding.time == .seconds(10))
        #expect(finding.step == 2)
        #expect(finding.message.contains("published rate 1 but none of its players is playing"))
    }

    @Test func publishingRateZeroAtTheSameInstantAsThePauseIsNotStale() throws {
        let findings = try lints(
            Setup(apps: [player("Podcasts")]),
            [
                (0, .app("Podcasts", .play())),
                (0, .app("Podcasts", .nowPlayingInfo(NowPlayingInfo(title: "Ep", elapsed: 0, rate: 1)))),
                (10, .app("Podcasts", .pause())),
                (10, .app("Podcasts", .nowPlayingInfo(NowPlayingInfo(title: "Ep", elapsed: 10, rate: 0)))),
                (30, .app("Podcasts", .play())),
                (30, .app("Podcasts", .nowPlayingInfo(NowPlayingInfo(title: "Ep", elapsed: 10, rate: 1)))),
            ])
        #expect(findings.isEmpty)
    }

    @Test func playingWithRateZeroPublishedStandsTheClockStill() throws {
        let findings = try lints(
            Setup(apps: [player("Podcasts")]),
            [
                (0, .app("Podcasts", .play())),
                (0, .app("Podcasts", .nowPlayingInfo(NowPlayingInfo(title: "Ep", elapsed: 0, rate: 0)))),
            ])
        #expect(ids(findings) == ["nowplaying.stale-rate"])
        #expect(findings.first?.message.contains("stands still") == true)
    }

    @Test func infoFromAnAppWithoutEnabledCommandsIsNeverShown() throws {
        let findings = try lints(
            Setup(apps: [player("Radio", commands: [])]),
            [
                (0, .app("Radio", .play())),
                (0, .app("Radio", .nowPlayingInfo(NowPlayingInfo(title: "Live", rate: 1)))),
                (5, .app("Radio", .nowPlayingInfo(NowPlayingInfo(title: "Live 2", rate: 1)))),
            ])
        #expect(ids(findings) == ["nowplaying.info-never-shown"])
        #expect(findings.first?.declaration == ["remoteCommands"])
    }

    @Test func infoFromAMixableAppIsNeverShown() throws {
        var app = player("Radio")
        app.options = [.mixWithOthers]
        let findings = try lints(
            Setup(apps: [app]),
            [
                (0, .app("Radio", .play())),
                (0, .app("Radio", .nowPlayingInfo(NowPlayingInfo(title: "Live", rate: 1)))),
            ])
        #expect(ids(findings) == ["nowplaying.info-never-shown"])
        #expect(findings.first?.message.contains("mixes with others") == true)
    }

    @Test func aPlayerViewControllerThatPublishesBesideTheAppsOwnInfoIsFound() throws {
        var app = player("Courses")
        app.players.append(PlayerConfig(name: "video", kind: .playerViewController))
        let findings = try lints(
            Setup(apps: [app]),
            [
                (0, .app("Courses", .play(player: "main"))),
                (0, .app("Courses", .nowPlayingInfo(NowPlayingInfo(title: "Lesson", elapsed: 0, rate: 1)))),
                (10, .app("Courses", .pause(player: "main"))),
                (10, .app("Courses", .nowPlayingInfo(NowPlayingInfo(title: "Lesson", elapsed: 10, rate: 0)))),
                (10, .app("Courses", .play(player: "video"))),
            ])
        #expect(ids(findings) == ["nowplaying.player-view-controller-overrides"])
        #expect(findings.first?.declaration == ["players", "video"])
        #expect(findings.first?.step == 4)
    }

    @Test func aPlayerViewControllerThatLeavesNowPlayingToTheAppIsFine() throws {
        var app = player("Courses")
        app.players.append(PlayerConfig(name: "video", kind: .playerViewController, updatesNowPlayingInfoCenter: false))
        let findings = try lints(
            Setup(apps: [app]),
            [
                (0, .app("Courses", .nowPlayingInfo(NowPlayingInfo(title: "Lesson", elapsed: 0, rate: 1)))),
                (0, .app("Courses", .play(player: "video"))),
            ])
        #expect(!ids(findings).contains("nowplaying.player-view-controller-overrides"))
    }
}
