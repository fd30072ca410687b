import ArbiterEngine
import ArbiterKit
import Testing

/// An audiobook player's code as written for iOS: it reads its chapter's duration and tags from the asset, marks the
/// chapter breaks with a boundary observer, skips with tolerant seeks and plays at the listener's speed.
final class ChapteredBookPlayer {
    let player: AVPlayer
    let asset: AVURLAsset
    var chapterMarks: [Double] = []
    var seeks: [Bool] = []
    private var boundaryToken: Any?

    init(url: URL) {
        asset = AVURLAsset(url: url)
        player = AVPlayer(playerItem: AVPlayerItem(asset: asset))
    }

    /// What the lock screen shows, as the app reads it (iOS 15 async loading).
    func nowPlayingDetails() async throws -> (
        title: String?, artist: String?, album: String?, artwork: Data?,
        duration: Double
    ) {
        let (duration, common) = try await asset.load(.duration, .commonMetadata)
        let title: String? =
            try await AVMetadataItem.metadataItems(from: common, filteredByIdentifier: .commonIdentifierTitle)
            .first?.load(.stringValue) ?? nil
        let artist = AVMetadataItem.metadataItems(
            from: common, withKey: AVMetadataKey.commonKeyArtist,
            keySpace: .common
        ).first?.stringValue
        let album = AVMetadataItem.metadataItems(from: common, filteredByIdentifier: .commonIdentifierAlbumName)
            .first?.stringValue
        let artwork = AVMetadataItem.metadataItems(from: common, filteredByIdentifier: .commonIdentifierArtwork)
            .first?.dataValue
        return (title, artist, album, artwork, CMTimeGetSeconds(duration))
    }

    func markChapters(at seconds: [Double]) {
        let times = seconds.map { NSValue(time: CMTime(seconds: $0, preferredTimescale: 600)) }
        boundaryToken = player.addBoundaryTimeObserver(forTimes: times, queue: .main) { [unowned self] in
            chapterMarks.append(player.currentTime().seconds)
        }
    }

    func stopMarking() {
        if let boundaryToken { player.removeTimeObserver(boundaryToken) }
    }

    func skipForward(_ seconds: Double) {
        let target = player.currentTime() + CMTime(seconds: seconds, preferredTimescale: 600)
        player.seek(to: target, toleranceBefore: .zero, toleranceAfter: .zero) { [unowned self] in seeks.append($0) }
    }

    func play(at speed: Float) {
        player.defaultRate = speed
        player.play()
    }
}

@Suite struct MediaAPITests {
    let chapter = URL(fileURLWithPath: "/media/chapter1.mp3")
    let cover = Data([0x89, 0x50, 0x4E, 0x47])

    func phone() throws -> SimulatedPhone {
        let phone = try SimulatedPhone(Setup(ios: 17))
        phone.media["chapter1.mp3"] = SimulatedMedia(
            duration: 3600, title: "Chapter One", artist: "A. Narrator",
            album: "The Book", artwork: cover)
        phone.media["old.m4a"] = SimulatedMedia(duration: 90, title: "Old")
        phone.media["broken.mp3"] = SimulatedMedia(duration: 10, fails: true)
        return phone
    }

    // MARK: Assets and metadata

    @Test func theAssetGivesTheMediaDurationAndTags() async throws {
        let phone = try phone()
        let book = try phone.install("Books", backgroundModes: [.audio]) { ChapteredBookPlayer(url: chapter) }
        let details = try await book.nowPlayingDetails()
        #expect(details.title == "Chapter One" && details.artist == "A. Narrator" && details.album == "The Book")
        #expect(details.artwork == cover && details.duration == 3600)
        #expect(book.asset.isPlayable && book.asset.url == chapter)
        #expect(try await book.asset.load(.isPlayable))
    }

    @Test func metadataIsInTheFormatOfTheFile() throws {
        let phone = try phone()
        let (mp3, m4a) = try phone.install("Books") {
            (AVURLAsset(url: chapter), AVAsset(url: URL(fileURLWithPath: "/media/old.m4a")))
        }
        #expect(mp3.availableMetadataFormats == [.id3Metadata])
        let id3 = mp3.metadata(forFormat: .id3Metadata)
        #expect(
            id3.map(\.identifier) == [
                .id3MetadataTitleDescription, .id3MetadataLeadPerformer,
                .id3MetadataAlbumTitle, .id3MetadataAttachedPicture,
            ])
        #expect(id3.first?.keySpace == .id3 && id3.first?.commonKey == .commonKeyTitle)
        #expect((id3.first?.key as? NSString).map { $0 as String } == "TIT2")
        #expect(mp3.metadata(forFormat: .iTunesMetadata).isEmpty)
        #expect(
            AVMetadataItem.metadataItems(
                from: mp3.metadata, withKey: AVMetadataKey.id3MetadataKeyLeadPerformer,
                keySpace: .id3
            ).first?.stringValue == "A. Narrator")

        #expect(m4a.availableMetadataFormats == [.iTunesMetadata])
        let song = try #require(m4a.commonMetadata.first)
        #expect(song.identifier == .iTunesMetadataSongName && song.identifier?.rawValue == "itsk/%A9nam")
        #expect((song.key as? NSString).map { $0 as String } == "©nam" && song.stringValue == "Old")
        #expect(
            AVMetadataItem.identifier(forKey: AVMetadataKey.iTunesMetadataKeySongName, keySpace: .iTunes)
                == .iTunesMetadataSongName)
        #expect(m4a.commonMetadata.count == 1)  // no artist, album or artwork in its media
    }

    @Test func aFileTheMediaDoesNotListHasNoDurationNorTags() throws {
        let phone = try phone()
        let asset = try phone.install("Books") { AVURLAsset(url: URL(fileURLWithPath: "/media/unknown.mp3")) }
        #expect(asset.duration.isIndefinite && asset.commonMetadata.isEmpty && asset.availableMetadataFormats.isEmpty)
        #expect(asset.isPlayable)
        let player = try #require(phone.run(in: "Books") { AVPlayer(playerItem: AVPlayerItem(asset: asset)) })
        let seekable = try #require(player.currentItem?.seekableRanges.first?.timeRangeValue)
        #expect(seekable.start == .zero && seekable.end.isPositiveInfinity)
    }

    @Test func anAssetMadeOutsideAnyAppSaysSoWhenItsMediaIsRead() throws {
        _ = try phone()
        let asset = AVURLAsset(url: chapter)
        withKnownIssue {
            #expect(asset.commonMetadata.isEmpty)
        } matching: {
            $0.description.contains("AVURLAsset(url: chapter1.mp3) was made outside any app's code")
        }
    }

    @Test func keyValueLoadingCompletesAtOnceAndSaysWhatFailed() throws {
        let phone = try phone()
        let (good, broken) = try phone.install("Books") {
            (AVURLAsset(url: chapter), AVURLAsset(url: URL(fileURLWithPath: "/media/broken.mp3")))
        }
        var error: NSError?
        #expect(good.statusOfValue(forKey: "duration", error: &error) == .unknown)
        var done = 0
        good.loadValuesAsynchronously(forKeys: ["duration", "playable"]) { done += 1 }
        broken.loadValuesAsynchronously(forKeys: ["duration"]) { done += 1 }
        #expect(done == 2)
        #expect(good.statusOfValue(forKey: "duration", error: &error) == .loaded && error == nil)
        #expect(good.statusOfValue(forKey: "commonMetadata", error: &error) == .unknown)  // not asked for
        #expect(broken.statusOfValue(forKey: "duration", error: &error) == .failed)
        #expect(error?.domain == "AVFoundationErrorDomain" && error?.code == -11800)
        #expect(!broken.isPlayable && CMTIME_IS_INVALID(broken.duration))
        if case .loaded(let duration) = good.status(of: .duration) {
            #expect(duration.seconds == 3600)
        } else {
            Issue.record("duration not loaded")
        }
    }

    @Test func aStreamsAssetLoadsOnlyOnline() async throws {
        let phone = try phone()
        let live = try phone.install("Radio") { AVURLAsset(url: URL(string: "https://radio.example/live.m3u8")!) }
        phone.send(.device(.network(down: true)))
        await #expect(throws: NSError.self) { try await live.load(.duration) }
        do {
            _ = try await live.load(.duration)
        } catch let error as NSError {
            #expect(error.domain == NSURLErrorDomain && error.code == -1009)
        }
        #expect(!live.isPlayable)
        phone.send(.device(.network(down: false)))
        #expect(try await live.load(.duration).isIndefinite)  // a live stream: the media gives no duration
    }

    @Test func mutableMetadataItemsKeepWhatTheAppSets() throws {
        let phone = try phone()
        let item = try phone.install("Books") { AVPlayerItem(url: chapter) }
        let title = AVMutableMetadataItem()
        title.identifier = .commonIdentifierTitle
        title.value = "Chapter One (abridged)" as NSString
        title.extendedLanguageTag = "und"
        let artwork = AVMutableMetadataItem()
        artwork.keySpace = .iTunes
        artwork.key = AVMetadataKey.iTunesMetadataKeyCoverArt.rawValue as NSString
        artwork.value = cover as NSData
        item.externalMetadata = [title, artwork]

        #expect(item.externalMetadata.count == 2)
        #expect(title.keySpace == .common && (title.key as? NSString).map { $0 as String } == "title")
        #expect(title.commonKey == .commonKeyTitle)
        #expect(title.stringValue == "Chapter One (abridged)" && title.extendedLanguageTag == "und")
        #expect(artwork.identifier == .iTunesMetadataCoverArt && artwork.commonKey == .commonKeyArtwork)
        #expect(artwork.dataValue == cover && artwork.stringValue == nil)
        #expect(
            AVMetadataItem.metadataItems(
                from: item.externalMetadata,
                filteredByIdentifier: .commonIdentifierArtwork) == [artwork])

        item.preferredForwardBufferDuration = 30
        item.canUseNetworkResourcesForLiveStreamingWhilePaused = true
        item.audioTimePitchAlgorithm = .spectral
        #expect(item.preferredForwardBufferDuration == 30 && item.canUseNetworkResourcesForLiveStreamingWhilePaused)
        #expect(item.audioTimePitchAlgorithm == .spectral)
    }

    // MARK: Seeking

    @Test func tolerantSeeksLandExactlyAndCompleteAtOnce() async throws {
        let phone = try phone()
        let book = try phone.install("Books", backgroundModes: [.audio]) { ChapteredBookPlayer(url: chapter) }
        phone.run(in: "Books") { book.play(at: 1) }
        phone.advance(by: .seconds(100))
        phone.run(in: "Books") { book.skipForward(30) }
        #expect(book.seeks == [true])
        #expect(book.player.currentTime().seconds == 130)
        #expect(
            phone.transcript.last?.cause
                == .code(
                    "Books",
                    "AVPlayer(chapter1).seek(to: 130.0s, toleranceBefore:toleranceAfter:)"))

        let finished = await book.player.seek(to: CMTime(value: 5000, timescale: 1))  // past the end
        #expect(finished)
        #expect(book.player.currentTime().seconds == 3600)
    }

    @Test func aSeekToATimeThatIsNotANumberIsReported() throws {
        let phone = try phone()
        let book = try phone.install("Books") { ChapteredBookPlayer(url: chapter) }
        withKnownIssue {
            phone.run(in: "Books") { book.player.seek(to: .indefinite) { book.seeks.append($0) } }
        } matching: {
            $0.description.contains("iOS raises an exception for a time that is not a number")
        }
        #expect(book.seeks == [false])
        #expect(phone.diagnostics.count == 1)
    }

    // MARK: Rates

    @Test func playPlaysAtTheDefaultRateAndNotAtTheLastRate() throws {
        let phone = try phone()
        let book = try phone.install("Books", backgroundModes: [.audio]) { ChapteredBookPlayer(url: chapter) }
        phone.run(in: "Books") { book.play(at: 1.5) }
        #expect(book.player.rate == 1.5 && book.player.defaultRate == 1.5)
        phone.advance(by: .seconds(10))
        #expect(book.player.currentTime().seconds == 15)
        phone.run(in: "Books") {
            book.player.rate = 2
            book.player.pause()
            book.player.defaultRate = 1
            book.player.play()
        }
        #expect(book.player.rate == 1)
        #expect(
            phone.transcript.contains { $0.cause == .code("Books", "AVPlayer(chapter1).play() at defaultRate 1.0") })
        phone.run(in: "Books") { book.player.playImmediately(atRate: 0.5) }
        #expect(book.player.rate == 0.5 && book.player.timeControlStatus == .playing)
    }

    @Test func aWaitingPlayerSaysWhy() throws {
        let phone = try phone()
        let radio = try phone.install("Radio", backgroundModes: [.audio]) {
            AVPlayer(url: URL(string: "https://radio.example/live.m3u8")!)
        }
        #expect(radio.reasonForWaitingToPlay == nil)
        phone.send(.device(.network(down: true)))
        phone.run(in: "Radio") { radio.play() }
        #expect(radio.timeControlStatus == .waitingToPlayAtSpecifiedRate)
        #expect(radio.reasonForWaitingToPlay == .toMinimizeStalls)
        phone.send(.device(.network(down: false)))
        #expect(radio.reasonForWaitingToPlay == nil)
    }

    // MARK: Item ends

    @Test func anItemEndsAsTheActionAtItemEndSays() throws {
        let phone = try phone()
        let (single, queue) = try phone.install("Books", backgroundModes: [.audio]) {
            (
                AVPlayer(url: URL(fileURLWithPath: "/media/old.m4a")),
                AVQueuePlayer(items: [
                    AVPlayerItem(url: URL(fileURLWithPath: "/media/old.m4a")),
                    AVPlayerItem(url: chapter),
                ])
            )
        }
        #expect(single.actionAtItemEnd == .pause && queue.actionAtItemEnd == .advance)
        phone.run(in: "Books") { single.play() }
        phone.advance(by: .seconds(100))
        #expect(single.timeControlStatus == .paused && single.currentTime().seconds == 90)
        phone.run(in: "Books") { queue.play() }
        phone.advance(by: .seconds(100))
        #expect(queue.currentItem === queue.items().first && queue.items().count == 1)
        #expect((queue.currentItem?.asset as? AVURLAsset)?.url == chapter && queue.currentTime().seconds == 10)

        withKnownIssue {
            phone.run(in: "Books") { single.actionAtItemEnd = .none }
        } matching: {
            $0.description.contains("AVPlayer.actionAtItemEnd = .none is not modelled")
        }
        #expect(single.actionAtItemEnd == .none)
    }

    // MARK: Boundary observers

    @Test func boundaryObserversFireWhenPlaybackPassesTheirTimes() throws {
        let phone = try phone()
        let book = try phone.install("Books", backgroundModes: [.audio]) { ChapteredBookPlayer(url: chapter) }
        phone.run(in: "Books") { book.markChapters(at: [10, 20, 600]) }
        phone.run(in: "Books") { book.play(at: 2) }
        phone.advance(by: .seconds(5))
        #expect(book.chapterMarks == [10])  // at rate 2, 10 s of the book in 5 s
        phone.advance(by: .seconds(4))
        #expect(book.chapterMarks == [10])
        phone.advance(by: .seconds(1))
        #expect(book.chapterMarks == [10, 20])
        // A seek past a boundary does not fire it.
        phone.run(in: "Books") { book.player.seek(to: CMTime(value: 700, timescale: 1)) }
        phone.advance(by: .seconds(60))
        #expect(book.chapterMarks == [10, 20])
        phone.run(in: "Books") { book.player.seek(to: CMTime(value: 590, timescale: 1)) }
        phone.run(in: "Books") { book.stopMarking() }
        phone.advance(by: .seconds(60))
        #expect(book.chapterMarks == [10, 20])
        #expect(phone.diagnostics.isEmpty)
    }

    @Test func boundaryObserversDoNotFireWhilePaused() throws {
        let phone = try phone()
        let book = try phone.install("Books", backgroundModes: [.audio]) { ChapteredBookPlayer(url: chapter) }
        phone.run(in: "Books") { book.markChapters(at: [10]) }
        phone.advance(by: .seconds(30))
        #expect(book.chapterMarks.isEmpty)
        phone.run(in: "Books") { book.play(at: 1) }
        phone.advance(by: .seconds(30))
        #expect(book.chapterMarks == [10])
    }

    // MARK: Time ranges

    @Test func aReadyFileIsSeekableAndLoadedWhole() throws {
        let phone = try phone()
        let book = try phone.install("Books") { ChapteredBookPlayer(url: chapter) }
        let item = try #require(book.player.currentItem)
        let seekable = try #require(item.seekableRanges.first?.timeRangeValue)
        #expect(seekable.start == .zero && seekable.end.seconds == 3600)
        #expect(item.loadedTimeRanges.map(\.timeRangeValue) == [CMTimeRange(start: .zero, duration: item.duration)])
    }

    @Test func howMuchOfAStreamIsBufferedIsReportedAsNotModelled() throws {
        let phone = try phone()
        let radio = try phone.install("Radio", backgroundModes: [.audio]) {
            AVPlayer(url: URL(string: "https://radio.example/live.m3u8")!)
        }
        #expect(radio.currentItem?.seekableRanges.isEmpty == true)  // not loaded yet
        phone.run(in: "Radio") { radio.play() }
        var loaded: [NSValue]?
        withKnownIssue {
            loaded = radio.currentItem?.loadedTimeRanges
        } matching: {
            $0.description.contains("loadedTimeRanges of a streamed item is not modelled")
        }
        #expect(loaded?.isEmpty == true)
        #expect(radio.currentItem?.loadedTimeRanges.isEmpty == true)  // reported once
        #expect(radio.currentItem?.seekableRanges.first?.timeRangeValue.duration.isPositiveInfinity == true)
    }
}
