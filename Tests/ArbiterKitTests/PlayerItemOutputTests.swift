import ArbiterEngine
import ArbiterKit
import Testing

/// A radio library's metadata reader, as written for iOS: it adds a metadata output to each stream's item to read
/// the titles the station sends.
final class StationTitles: NSObject, AVPlayerItemMetadataOutputPushDelegate {
    let player: AVPlayer
    var titles: [String] = []

    init(url: URL) {
        let item = AVPlayerItem(url: url)
        player = AVPlayer(playerItem: item)
        super.init()
        let output = AVPlayerItemMetadataOutput()
        output.setDelegate(self, queue: .main)
        item.add(output)
    }

    func metadataOutput(
        _ output: AVPlayerItemMetadataOutput, didOutputTimedMetadataGroups groups: [AVTimedMetadataGroup],
        from track: AVPlayerItemTrack?
    ) {
        titles += groups.flatMap(\.items).compactMap(\.stringValue)
    }
}

@Suite struct PlayerItemOutputTests {
    @Test func aMetadataOutputIsKeptAndReportedAsNotModelled() throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        var station: StationTitles?
        try withKnownIssue {
            station = try phone.install("Stations", backgroundModes: [.audio]) {
                StationTitles(url: URL(string: "https://radio.example/live.mp3")!)
            }
        } matching: {
            $0.description.contains("AVPlayerItem.add(AVPlayerItemMetadataOutput) (timed metadata)")
        }
        let item = try #require(station?.player.currentItem)
        let output = try #require(item.outputs.first as? AVPlayerItemMetadataOutput)
        #expect(output.identifiers == nil && output.delegate === station && output.delegateQueue === DispatchQueue.main)
        phone.run(in: "Stations") { station?.player.play() }
        phone.advance(by: .seconds(30))
        #expect(station?.titles.isEmpty == true)  // never called
        item.remove(output)
        #expect(item.outputs.isEmpty)
        #expect(phone.diagnostics.count == 1)
    }

    @Test func theMediaHasNoChaptersAndLoadsAtOnce() throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        phone.media["book.m4b"] = SimulatedMedia(duration: 3600, title: "Book")
        let asset = try phone.install("Books") {
            AVURLAsset(
                url: URL(fileURLWithPath: "/media/book.m4b"),
                options: [AVURLAssetPreferPreciseDurationAndTimingKey: true])
        }
        phone.run(in: "Books") {
            #expect(asset.availableChapterLocales.isEmpty)
            #expect(
                asset.chapterMetadataGroups(
                    withTitleLocale: Locale(identifier: "en"),
                    containingItemsWithCommonKeys: nil
                ).isEmpty)
            #expect(asset.chapterMetadataGroups(bestMatchingPreferredLanguages: ["en"]).isEmpty)
            asset.cancelLoading()
            #expect(asset.duration.seconds == 3600)
        }
    }

    @Test func aReadyItemIsSeekableWholeByTheIOSName() throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        phone.media["book.m4b"] = SimulatedMedia(duration: 3600)
        let player = try phone.install("Books") { AVPlayer(url: URL(fileURLWithPath: "/media/book.m4b")) }
        let range = try #require(player.currentItem?.seekableTimeRanges.first?.timeRangeValue)
        #expect(range.start == .zero && range.end.seconds == 3600)
        #expect(player.currentItem?.seekableRanges == player.currentItem?.seekableTimeRanges)
    }

    @Test func externalPlaybackIsKeptAndNeverActive() throws {
        let phone = try SimulatedPhone(Setup(ios: 17))
        let player = try phone.install("Video") { AVPlayer() }
        #expect(player.allowsExternalPlayback)
        player.allowsExternalPlayback = false
        player.usesExternalPlaybackWhileExternalScreenIsActive = true
        #expect(!player.allowsExternalPlayback && player.usesExternalPlaybackWhileExternalScreenIsActive)
        #expect(!player.isExternalPlaybackActive)
        #expect(AVPlayerItemFailedToPlayToEndTimeErrorKey == "AVPlayerItemFailedToPlayToEndTimeErrorKey")
    }
}
