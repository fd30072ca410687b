import ArbiterEngine
import ArbiterKit
import ArbiterScenario
import ArbiterTesting
import Testing

/// Remote commands reach an audiobook player's handlers with what the user chose, as the SDK's event subclasses
/// carry it; a command sent without a value carries the SDK's default (reference §8.3).
@Suite struct RemoteCommandEventTests {
    let book = URL(fileURLWithPath: "/media/book.mp3")

    /// The player installed, playing for a minute: Now Playing, so remote commands reach it.
    func playing() throws -> (SimulatedPhone, AudiobookPlayer) {
        let phone = try SimulatedPhone(Setup(ios: 17))
        phone.media["book.mp3"] = SimulatedMedia(duration: 3600, title: "Chapter 3")
        let app = try phone.install("Books", backgroundModes: [.audio]) { try AudiobookPlayer(book: book) }
        phone.run(in: "Books") { app.play() }
        phone.advance(by: .seconds(60))
        return (phone, app)
    }

    @Test func skipIntervalsMoveThePlayerByWhatWasChosenOrTheFirstPreferredInterval() throws {
        let (phone, app) = try playing()
        phone.send(.system(.remote(.skipForward, value: .interval(45))))
        #expect(app.player.currentTime().seconds == 105)
        phone.send(.system(.remote(.skipForward)))  // preferredIntervals [30]
        #expect(app.player.currentTime().seconds == 135)
        phone.send(.system(.remote(.skipBackward)))  // preferredIntervals [10, 30]: the first
        #expect(app.player.currentTime().seconds == 125)
        #expect(app.heard == ["skipForward 45.0 at 60.0", "skipForward 30.0 at 60.0", "skipBackward 10.0"])
        #expect(phone.app("Books")?.remoteCommandResults.map(\.statuses) == [[.success], [.success], [.success]])
        #expect(phone.diagnostics.isEmpty)
    }

    @Test func theTimestampIsThePhonesTime() throws {
        let (phone, app) = try playing()
        phone.advance(by: .ms(2500))
        phone.send(.system(.remote(.skipForward, value: .interval(5))))
        #expect(app.heard == ["skipForward 5.0 at 62.5"])
    }

    @Test func aRateChangeSetsTheSpeedTheHandlerPublishes() throws {
        let (phone, app) = try playing()
        let steps = phone.send(.system(.remote(.changePlaybackRate, value: .rate(1.5))))
        #expect(app.speed == 1.5 && app.player.rate == 1.5)
        #expect(phone.engine.player("book", of: "Books")?.rate == 1.5)
        #expect(phone.engine.app("Books")?.published?.info.rate == 1.5)
        #expect(phone.engine.app("Books")?.published?.info.defaultRate == 1.5)
        // The transcript shows the value with the command, and the code's calls it caused.
        #expect(steps.first?.description.hasPrefix("1m  system: remote changePlaybackRate 1.5") == true)
        #expect(steps.contains { $0.cause == .code("Books", "AVPlayer(book).rate = 1.5") })

        phone.send(.system(.remote(.changePlaybackRate)))  // the first supported rate
        #expect(app.speed == 0.75)
        #expect(app.heard == ["changePlaybackRate 1.5", "changePlaybackRate 0.75"])
    }

    @Test func repeatAndShuffleTakeTheTypeChosenOrTheCommandsCurrentOne() throws {
        let (phone, app) = try playing()
        phone.send(.system(.remote(.changeRepeatMode, value: .repeatType(.all))))
        phone.send(.system(.remote(.changeShuffleMode, value: .shuffleType(.collections))))
        #expect(app.repeatType == .all && app.shuffleType == .collections)
        phone.send(.system(.remote(.changeRepeatMode)))  // currentRepeatType, which the handler set
        phone.send(.system(.remote(.changeShuffleMode, value: .shuffleType(.off))))
        #expect(app.repeatType == .all && app.shuffleType == .off)
        #expect(
            app.heard == [
                "changeRepeatMode 2 preserves false", "changeShuffleMode 2 preserves false",
                "changeRepeatMode 2 preserves false", "changeShuffleMode 0 preserves false",
            ])
    }

    @Test func seekingBeginsAndEnds() throws {
        let (phone, app) = try playing()
        phone.send(.system(.remote(.seekForward, value: .seek(.begin))))
        phone.advance(by: .seconds(2))
        phone.send(.system(.remote(.seekForward, value: .seek(.end))))
        phone.send(.system(.remote(.seekForward)))  // beginSeeking, the first type
        #expect(app.heard == ["seekForward begin", "seekForward end", "seekForward begin"])
    }

    @Test func ratingsAndFeedback() throws {
        let (phone, app) = try playing()
        phone.send(.system(.remote(.rating, value: .rating(4))))
        #expect(app.rating == 4)
        phone.send(.system(.remote(.rating)))  // minimumRating
        #expect(app.rating == 1)
        phone.send(.system(.remote(.bookmark)))  // isNegative false
        #expect(app.bookmarked && MPRemoteCommandCenterOf(phone, "Books").bookmarkCommand.isActive)
        phone.send(.system(.remote(.bookmark, value: .negative(true))))  // the user removes the bookmark
        #expect(!app.bookmarked)
        phone.send(.system(.remote(.like, value: .negative(false))))
        #expect(app.liked)
        #expect(
            app.heard == [
                "rating 4.0", "rating 1.0", "bookmark negative false", "bookmark negative true",
                "like negative false",
            ])
        let bookmark = MPRemoteCommandCenterOf(phone, "Books").bookmarkCommand
        #expect(bookmark.localizedTitle == "Bookmark this chapter" && bookmark.localizedShortTitle == "Bookmark")
    }

    @Test func theCommandsAreTypedAsTheSDKTypesThem() throws {
        let (phone, _) = try playing()
        let center = MPRemoteCommandCenterOf(phone, "Books")
        let repeatMode: MPChangeRepeatModeCommand = center.changeRepeatModeCommand
        let shuffle: MPChangeShuffleModeCommand = center.changeShuffleModeCommand
        let rating: MPRatingCommand = center.ratingCommand
        let rate: MPChangePlaybackRateCommand = center.changePlaybackRateCommand
        let skip: MPSkipIntervalCommand = center.skipForwardCommand
        let like: MPFeedbackCommand = center.likeCommand
        let seek: MPRemoteCommand = center.seekForwardCommand
        #expect(repeatMode.currentRepeatType == .off && shuffle.currentShuffleType == .off)
        #expect(rating.minimumRating == 1 && rating.maximumRating == 5)
        #expect(rate.supportedPlaybackRates.map(\.doubleValue) == [0.75, 1, 1.5, 2])
        #expect(skip.preferredIntervals.map(\.doubleValue) == [30])
        #expect(!like.isActive && seek.isEnabled)
        #expect(MPRepeatType.all.rawValue == 2 && MPShuffleType.collections.rawValue == 2)
        #expect(MPSeekCommandEventType.endSeeking.rawValue == 1)
    }

    @Test func aValueTheCommandDoesNotCarryIsRefusedAndReachesNoHandler() throws {
        let (phone, app) = try playing()
        let steps = phone.send(.system(.remote(.skipForward, value: .rate(2))))
        guard case .rejected(let error)? = steps.first?.outcome.result else {
            Issue.record("expected a refusal, got \(String(describing: steps.first?.outcome.result))")
            return
        }
        #expect(error.message == "remote skipForward carries an interval, not a rate (found 2.0)")
        #expect(app.heard.isEmpty)
    }

    @Test func languageOptionCommandsSayTheirEventIsNotModelled() throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        phone.media["book.mp3"] = SimulatedMedia(duration: 3600)
        let app = try phone.install("Books", backgroundModes: [.audio]) { () -> AudiobookPlayer in
            let app = try AudiobookPlayer(book: book)
            MPRemoteCommandCenter.shared().enableLanguageOptionCommand.addTarget { _ in .noActionableNowPlayingItem }
            return app
        }
        phone.run(in: "Books") { app.play() }
        withKnownIssue {
            phone.send(.system(.remote(.enableLanguageOption)))
        }
        #expect(
            phone.diagnostics.contains {
                $0.contains("MPChangeLanguageOptionCommandEvent") && $0.contains("not modelled")
            })
        #expect(phone.app("Books")?.remoteCommandResults.last?.statuses == [.noActionableNowPlayingItem])
    }

    @Test func aScenarioSendsTheValuesToTheCode() throws {
        let path = "Tests/ArbiterKitTests/Scenarios/audiobook-remote-values.yaml"
        let phone = try SimulatedPhone(try ScenarioFiles.load(path).get(), codeApps: ["Books"])
        phone.media["book.mp3"] = SimulatedMedia(duration: 3600)
        let app = try phone.install("Books", backgroundModes: [.audio]) { try AudiobookPlayer(book: book) }
        phone.run(in: "Books") { app.play() }
        #expect(assertScenario(path, on: phone))
        #expect(
            app.heard == [
                "changePlaybackRate 2.0", "skipForward 30.0 at 20.0", "skipBackward 10.0",
                "changeRepeatMode 1 preserves false", "seekForward end", "bookmark negative true",
            ])
        #expect(app.repeatType == .one)
    }
}

/// The command center of an app on the phone, as its code sees it.
func MPRemoteCommandCenterOf(_ phone: SimulatedPhone, _ app: AppID) -> MPRemoteCommandCenter {
    phone.run(in: app) { MPRemoteCommandCenter.shared() }
}
