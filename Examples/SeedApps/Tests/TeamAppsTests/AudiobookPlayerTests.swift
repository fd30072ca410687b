import ArbiterKit
import TeamApps
import Testing

/// Where the tests' listener stopped: a store in memory, which remembers every save.
final class PositionsInMemory: ListeningPositionStore {
    var saved: [String: Double] = [:]
    var saves: [Double] = []

    init(_ saved: [String: Double] = [:]) { self.saved = saved }

    func position(forBook id: String) -> Double? { saved[id] }

    func savePosition(_ seconds: Double, forBook id: String) {
        saved[id] = seconds
        saves.append(seconds)
    }
}

/// The audiobook player is main-actor code, so its tests are too: they run on ArbiterKit's main actor, and what the
/// player sends to the main actor (its loading, its seeks) runs on the phone at the instant it was sent.
@MainActor @Suite struct AudiobookPlayerTests {
    static let book = URL(fileURLWithPath: "/media/long-way-home.m4b")
    static let chapters = [
        AudiobookPlayer.Chapter(title: "Departure", startingAt: 0),
        AudiobookPlayer.Chapter(title: "The River", startingAt: 600),
        AudiobookPlayer.Chapter(title: "Crossing", startingAt: 1_500),
    ]

    /// A phone with the book's file (ten hours, tagged), and the app installed with `positions`.
    func install(_ positions: PositionsInMemory = PositionsInMemory()) throws -> (SimulatedPhone, AudiobookPlayer) {
        let phone = try SimulatedPhone(ios: 17)
        phone.media["long-way-home.m4b"] = SimulatedMedia(
            duration: 36_000, title: "The Long Way Home",
            artist: "R. Hale")
        let book = try phone.install("Books", backgroundModes: [.audio]) {
            AudiobookPlayer(bookID: "long-way-home", url: Self.book, chapters: Self.chapters, positions: positions)
        }
        return (phone, book)
    }

    /// What the app last published for the lock screen.
    struct Published: Equatable {
        var title, artist, album: String?
        var duration, elapsed, rate, defaultRate: Double?
    }

    func published(_ phone: SimulatedPhone) -> Published? {
        phone.engine.app("Books")?.published.map {
            Published(
                title: $0.info.title, artist: $0.info.artist, album: $0.info.album, duration: $0.info.duration,
                elapsed: $0.info.elapsed, rate: $0.info.rate, defaultRate: $0.info.defaultRate)
        }
    }

    @Test func theTitleAndLengthReachNowPlayingAtLaunchWhereTheListenerStopped() throws {
        let (phone, book) = try install(PositionsInMemory(["long-way-home": 1_234]))
        #expect(book.title == "The Long Way Home" && book.author == "R. Hale")
        #expect(CMTimeGetSeconds(book.duration) == 36_000)
        #expect(book.player.currentTime().seconds == 1_234)
        #expect(book.currentChapter?.title == "The River")
        let info = try #require(published(phone))
        #expect(info.title == "The Long Way Home" && info.artist == "R. Hale" && info.album == "The River")
        #expect(info.duration == 36_000 && info.elapsed == 1_234 && info.rate == 0 && info.defaultRate == 1)

        phone.run(in: "Books") { book.play() }
        #expect(phone.engine.nowPlayingView(at: phone.now)?.title == "The Long Way Home")
        #expect(published(phone)?.rate == 1)
        #expect(phone.diagnostics.isEmpty)
    }

    @Test func skipsStayInsideTheBookAndRepublish() throws {
        let (phone, book) = try install()
        phone.run(in: "Books") { book.play() }
        phone.advance(by: .seconds(100))

        phone.run(in: "Books") { book.skipForward() }
        #expect(book.player.currentTime().seconds == 130)
        #expect(published(phone)?.elapsed == 130)
        phone.run(in: "Books") {
            book.skipBackward()
            book.skipBackward()
        }
        #expect(book.player.currentTime().seconds == 70)
        #expect(published(phone)?.elapsed == 70)

        phone.advance(by: .seconds(5))
        phone.run(in: "Books") {
            book.skipBackward()
            book.skipBackward()
            book.skipBackward()
        }
        #expect(book.player.currentTime().seconds == 0)  // not before the start

        phone.run(in: "Books") {
            book.pause()
            book.seek(to: CMTime(seconds: 35_990, preferredTimescale: 600))
            book.skipForward()
        }
        #expect(book.player.currentTime().seconds == 36_000)  // not past the end
        #expect(published(phone)?.elapsed == 36_000 && published(phone)?.rate == 0)
    }

    @Test func theLockScreensScrubberMovesThePlayerAndTheChapter() throws {
        let (phone, book) = try install()
        phone.run(in: "Books") { book.play() }
        phone.send(.app("Books", .background))
        phone.advance(by: .seconds(20))

        phone.send(.system(.remote(.changePlaybackPosition, position: 1_600)))
        #expect(phone.app("Books")?.remoteCommandResults.map(\.statuses) == [[.success]])
        #expect(book.player.currentTime().seconds == 1_600)
        #expect(book.currentChapter?.title == "Crossing")
        #expect(published(phone)?.elapsed == 1_600 && published(phone)?.album == "Crossing")
        phone.advance(by: .seconds(10))
        #expect(phone.engine.nowPlayingView(at: phone.now)?.elapsed == 1_610)
    }

    @Test func aCallPausesItAndItResumesWhenTheCallSaysItShould() throws {
        let positions = PositionsInMemory()
        let (phone, book) = try install(positions)
        phone.run(in: "Books") {
            book.setSpeed(1.5)
            book.play()
        }
        phone.send(.app("Books", .background))
        phone.advance(by: .seconds(60))

        phone.send(.system(.incomingCall))
        #expect(book.player.timeControlStatus == .paused && !book.isPlaying)
        #expect(published(phone)?.rate == 0 && published(phone)?.elapsed == 90)
        #expect(positions.saved["long-way-home"] == 90)

        phone.advance(by: .seconds(15))
        phone.send(.system(.declineCall))
        #expect(book.player.timeControlStatus == .playing && book.isPlaying)
        #expect(book.player.rate == 1.5)
        #expect(published(phone)?.rate == 1.5 && published(phone)?.elapsed == 90)
        #expect(phone.diagnostics.isEmpty && phone.lints.isEmpty)
    }

    @Test func theChapterMovesOnAtEachChapterStartOnThePhonesClock() throws {
        let (phone, book) = try install()
        phone.run(in: "Books") { book.play() }
        phone.advance(by: .seconds(599))
        #expect(book.currentChapter?.title == "Departure")
        phone.advance(by: .seconds(1))
        #expect(book.currentChapter?.title == "The River")
        #expect(published(phone)?.album == "The River" && published(phone)?.elapsed == 600)
        let republished = phone.transcript.filter { step in
            guard case .code("Books", let api) = step.cause else { return false }
            return api.hasPrefix("MPNowPlayingInfoCenter.nowPlayingInfo")
        }
        #expect(republished.last?.outcome.time == .seconds(600))

        // At 1.5x the next chapter, 900 s of the book further on, starts 600 s later.
        phone.run(in: "Books") { book.setSpeed(1.5) }
        phone.advance(by: .seconds(599))
        #expect(book.currentChapter?.title == "The River")
        phone.advance(by: .seconds(1))
        #expect(book.currentChapter?.title == "Crossing")
        #expect(published(phone)?.album == "Crossing")
    }

    @Test func theLockScreensSkipButtonsMoveByThirtySeconds() throws {
        let (phone, book) = try install()
        phone.run(in: "Books") { book.play() }
        phone.advance(by: .seconds(200))
        let intervals = phone.run(in: "Books") {
            MPRemoteCommandCenter.shared().skipForwardCommand.preferredIntervals.map(\.doubleValue)
        }
        #expect(intervals == [30])

        phone.send(.system(.remote(.skipForward)))
        #expect(book.player.currentTime().seconds == 230)
        phone.send(.system(.remote(.skipBackward)))
        phone.send(.system(.remote(.skipBackward)))
        #expect(book.player.currentTime().seconds == 170)
        #expect(published(phone)?.elapsed == 170)
        #expect(phone.app("Books")?.remoteCommandResults.map(\.statuses) == [[.success], [.success], [.success]])
    }

    @Test func theLockScreensSpeedIsTheListenersSpeed() throws {
        let (phone, book) = try install()
        let rates = phone.run(in: "Books") {
            MPRemoteCommandCenter.shared().changePlaybackRateCommand.supportedPlaybackRates.map(\.floatValue)
        }
        #expect(rates == [0.75, 1, 1.25, 1.5, 2])
        phone.run(in: "Books") { book.play() }
        phone.send(.app("Books", .background))
        phone.advance(by: .seconds(100))

        phone.send(.system(.remote(.changePlaybackRate, value: .rate(1.5))))
        #expect(book.speed == 1.5 && book.player.rate == 1.5)
        #expect(published(phone)?.rate == 1.5 && published(phone)?.defaultRate == 1.5)
        #expect(published(phone)?.elapsed == 100)
        phone.advance(by: .seconds(60))
        #expect(book.player.currentTime().seconds == 190)
        #expect(phone.engine.nowPlayingView(at: phone.now)?.elapsed == 190)

        // A speed the app does not offer is refused and changes nothing.
        phone.send(.system(.remote(.changePlaybackRate, value: .rate(3))))
        #expect(phone.app("Books")?.remoteCommandResults.map(\.statuses) == [[.success], [.commandFailed]])
        #expect(book.player.rate == 1.5)

        // Paused, a new speed is what play() plays at next.
        phone.send(.system(.remote(.pause)))
        phone.send(.system(.remote(.changePlaybackRate, value: .rate(0.75))))
        #expect(book.player.rate == 0 && published(phone)?.rate == 0 && published(phone)?.defaultRate == 0.75)
        phone.send(.system(.remote(.play)))
        #expect(book.player.rate == 0.75 && published(phone)?.rate == 0.75)
        #expect(phone.diagnostics.isEmpty && phone.lints.isEmpty)
    }

    @Test func thePlayerScreenSeesThePublishedState() throws {
        let (phone, book) = try install()
        var playing: [Bool] = []
        var speeds: [Float] = []
        var chapters: [Int] = []
        let subscriptions = [
            book.$isPlaying.sink { playing.append($0) },
            book.$speed.sink { speeds.append($0) },
            book.$currentChapterIndex.removeDuplicates().sink { chapters.append($0) },
        ]
        phone.run(in: "Books") { book.play() }
        phone.advance(by: .seconds(600))
        phone.send(.system(.incomingCall))
        phone.send(.system(.declineCall))
        phone.send(.system(.remote(.changePlaybackRate, value: .rate(2))))
        // The status publisher's value, received on the main queue, reaches the model after play() has returned
        // and set isPlaying itself, as on iOS: true is published once.
        #expect(playing == [false, true, false, true])
        #expect(speeds == [1, 2])
        #expect(chapters == [0, 1])
        withExtendedLifetime(subscriptions) {}
    }

    @Test func theEndOfTheBookStopsItAndStartsItOverNextTime() throws {
        let positions = PositionsInMemory(["long-way-home": 35_990])
        let (phone, book) = try install(positions)
        phone.run(in: "Books") { book.play() }
        var playing: [Bool] = []
        let subscription = book.$isPlaying.dropFirst().sink { playing.append($0) }
        phone.advance(by: .seconds(10))
        // The item's end pauses the player: the status publisher and the end notification, both received on the
        // main queue, tell the model.
        #expect(book.player.timeControlStatus == .paused && !book.isPlaying)
        #expect(playing == [false])
        #expect(positions.saved["long-way-home"] == 0)
        #expect(published(phone)?.rate == 0)
        withExtendedLifetime(subscription) {}
    }

    @Test func thePositionIsSavedEveryFiveSecondsWhileItPlays() throws {
        let positions = PositionsInMemory()
        let (phone, book) = try install(positions)
        phone.run(in: "Books") { book.play() }
        phone.advance(by: .seconds(12))
        #expect(positions.saved["long-way-home"] == 10)
        #expect(positions.saves.suffix(2) == [5, 10])
        phone.run(in: "Books") { book.pause() }
        #expect(positions.saved["long-way-home"] == 12)
        phone.advance(by: .seconds(30))
        #expect(positions.saved["long-way-home"] == 12)
    }
}
