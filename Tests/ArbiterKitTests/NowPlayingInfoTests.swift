import ArbiterEngine
import ArbiterKit
import Testing

/// Now Playing info as music, podcast and audiobook players and media SDKs' Now Playing managers write it: every key
/// kept and read back as set, the ones the lock screen extrapolates from given to the engine (reference §8.2).
@Suite struct NowPlayingInfoTests {
    func phone() throws -> SimulatedPhone {
        let phone = try SimulatedPhone(Setup(ios: 17))
        phone.media["book.mp3"] = SimulatedMedia(duration: 3600)
        return phone
    }

    @Test func theKeysHaveTheSDKsValues() {
        // Media item keys are the item's property names; Now Playing keys are their own names.
        #expect(MPMediaItemPropertyTitle == "title")
        #expect(MPMediaItemPropertyArtist == "artist")
        #expect(MPMediaItemPropertyAlbumTitle == "albumTitle")
        #expect(MPMediaItemPropertyPlaybackDuration == "playbackDuration")
        #expect(MPMediaItemPropertyArtwork == "artwork")
        #expect(MPMediaItemPropertyPersistentID == "persistentID")
        #expect(MPMediaItemPropertyAlbumPersistentID == "albumPID")
        #expect(MPMediaItemPropertyPodcastTitle == "podcastTitle")
        #expect(MPMediaItemPropertyAlbumTrackNumber == "albumTrackNumber")
        #expect(MPNowPlayingInfoPropertyElapsedPlaybackTime == "MPNowPlayingInfoPropertyElapsedPlaybackTime")
        #expect(MPNowPlayingInfoPropertyMediaType == "MPNowPlayingInfoPropertyMediaType")
        #expect(MPNowPlayingInfoCollectionIdentifier == "MPNowPlayingInfoCollectionIdentifier")
        // The one whose value is not its name.
        #expect(MPNowPlayingInfoPropertyCurrentLanguageOptions == "MPNowPlayingInfoPropertyCurrentLanguageOption")
        #expect(
            MPNowPlayingInfoMediaType.none.rawValue == 0 && MPNowPlayingInfoMediaType.audio.rawValue == 1
                && MPNowPlayingInfoMediaType.video.rawValue == 2)
        #expect(
            MPMediaType.podcast.rawValue == 2 && MPMediaType.audioBook.rawValue == 4
                && MPMediaType.anyAudio.contains(.music))
        #expect(MPNowPlayingPlaybackState.interrupted.rawValue == 4)
    }

    @Test func everyKeyIsKeptAndTheEngineGetsWhatTheLockScreenUses() throws {
        let phone = try phone()
        let english = MPNowPlayingInfoLanguageOption(
            type: .audible, languageTag: "en", characteristics: nil,
            displayName: "English", identifier: "audio-en")
        let group = MPNowPlayingInfoLanguageOptionGroup(
            languageOptions: [english], defaultLanguageOption: english,
            allowEmptySelection: false)
        var asked: [CGSize] = []
        let image = UIImage()
        let artwork = MPMediaItemArtwork(boundsSize: CGSize(width: 600, height: 600)) { size in
            asked.append(size)
            return image
        }
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let url = URL(fileURLWithPath: "/media/book.mp3")
        let info: [String: Any] = [
            MPMediaItemPropertyTitle: "Chapter 3",
            MPMediaItemPropertyArtist: "The Author",
            MPMediaItemPropertyAlbumTitle: "The Book",
            MPMediaItemPropertyAlbumArtist: "The Narrator",
            MPMediaItemPropertyGenre: "Audiobook",
            MPMediaItemPropertyComposer: "Nobody",
            MPMediaItemPropertyPlaybackDuration: NSNumber(value: 3600),
            MPMediaItemPropertyPersistentID: NSNumber(value: UInt64(42)),
            MPMediaItemPropertyMediaType: NSNumber(value: MPMediaType.audioBook.rawValue),
            MPMediaItemPropertyPodcastTitle: "Not a podcast",
            MPMediaItemPropertyAlbumTrackNumber: 3,
            MPMediaItemPropertyArtwork: artwork,
            MPNowPlayingInfoPropertyElapsedPlaybackTime: CMTime(seconds: 12.5, preferredTimescale: 1000),
            MPNowPlayingInfoPropertyPlaybackRate: Float(1.25),
            MPNowPlayingInfoPropertyDefaultPlaybackRate: NSNumber(value: 1.25),
            MPNowPlayingInfoPropertyPlaybackQueueIndex: 2,
            MPNowPlayingInfoPropertyPlaybackQueueCount: 20,
            MPNowPlayingInfoPropertyChapterNumber: 2,
            MPNowPlayingInfoPropertyChapterCount: 12,
            MPNowPlayingInfoPropertyIsLiveStream: false,
            MPNowPlayingInfoPropertyMediaType: MPNowPlayingInfoMediaType.audio.rawValue,
            MPNowPlayingInfoPropertyPlaybackProgress: Float(0.3),
            MPNowPlayingInfoPropertyAssetURL: url,
            MPNowPlayingInfoPropertyCurrentPlaybackDate: date,
            MPNowPlayingInfoPropertyServiceIdentifier: "com.example.books",
            MPNowPlayingInfoPropertyExternalContentIdentifier: "book-1/chapter-3",
            MPNowPlayingInfoCollectionIdentifier: "book-1",
            MPNowPlayingInfoPropertyAvailableLanguageOptions: [group],
            MPNowPlayingInfoPropertyCurrentLanguageOptions: [english],
        ]
        let app = try phone.install("Books", backgroundModes: [.audio]) { () -> MPNowPlayingInfoCenter in
            MPRemoteCommandCenter.shared().playCommand.addTarget { _ in .success }
            return MPNowPlayingInfoCenter.default()
        }
        let steps = phone.run(in: "Books") { () -> [PhoneStep] in
            let before = phone.transcript.count
            app.nowPlayingInfo = info
            return Array(phone.transcript[before...])
        }
        #expect(
            steps.first?.cause
                == .code(
                    "Books",
                    "MPNowPlayingInfoCenter.nowPlayingInfo = "
                        + "[title Chapter 3, elapsed 12.5, rate 1.25, defaultRate 1.25]"))
        let published = try #require(phone.engine.app("Books")?.published?.info)
        #expect(
            published
                == NowPlayingInfo(
                    title: "Chapter 3", artist: "The Author", album: "The Book",
                    duration: 3600, elapsed: 12.5, rate: 1.25, defaultRate: 1.25))

        // Read back as set, by the same keys.
        let back = try #require(phone.run(in: "Books") { MPNowPlayingInfoCenter.default().nowPlayingInfo })
        #expect(Set(back.keys) == Set(info.keys))
        #expect(back[MPMediaItemPropertyAlbumArtist] as? String == "The Narrator")
        #expect(back[MPMediaItemPropertyGenre] as? String == "Audiobook")
        #expect((back[MPMediaItemPropertyPersistentID] as? NSNumber)?.uint64Value == 42)
        #expect((back[MPMediaItemPropertyMediaType] as? NSNumber)?.uintValue == MPMediaType.audioBook.rawValue)
        #expect(back[MPMediaItemPropertyAlbumTrackNumber] as? Int == 3)
        #expect(back[MPNowPlayingInfoPropertyMediaType] as? UInt == MPNowPlayingInfoMediaType.audio.rawValue)
        #expect(back[MPNowPlayingInfoPropertyChapterNumber] as? Int == 2)
        #expect(back[MPNowPlayingInfoPropertyIsLiveStream] as? Bool == false)
        #expect(back[MPNowPlayingInfoPropertyPlaybackProgress] as? Float == 0.3)
        #expect(back[MPNowPlayingInfoPropertyAssetURL] as? URL == url)
        #expect(back[MPNowPlayingInfoPropertyCurrentPlaybackDate] as? Date == date)
        #expect(back[MPNowPlayingInfoPropertyServiceIdentifier] as? String == "com.example.books")
        #expect(back[MPNowPlayingInfoPropertyExternalContentIdentifier] as? String == "book-1/chapter-3")
        #expect(back[MPNowPlayingInfoCollectionIdentifier] as? String == "book-1")
        let current = try #require(
            back[MPNowPlayingInfoPropertyCurrentLanguageOptions] as? [MPNowPlayingInfoLanguageOption])
        #expect(current.first === english && current.first?.languageTag == "en")
        let groups = try #require(
            back[MPNowPlayingInfoPropertyAvailableLanguageOptions] as? [MPNowPlayingInfoLanguageOptionGroup])
        #expect(groups.first?.defaultLanguageOption === english && groups.first?.allowEmptySelection == false)

        // The lock screen never asks for the artwork; the app's own code may.
        let cover = try #require(back[MPMediaItemPropertyArtwork] as? MPMediaItemArtwork)
        #expect(asked.isEmpty && cover.bounds.size == CGSize(width: 600, height: 600))
        #expect(cover.image(at: CGSize(width: 100, height: 100)) === image)
        #expect(asked == [CGSize(width: 100, height: 100)])
        #expect(phone.diagnostics.isEmpty)
    }

    @Test func nilClearsAndPlaybackStateIsKeptWithoutAnEvent() throws {
        let phone = try phone()
        let center = try phone.install("Books", backgroundModes: [.audio]) { MPNowPlayingInfoCenter.default() }
        phone.run(in: "Books") { center.nowPlayingInfo = [MPMediaItemPropertyTitle: "Chapter 3"] }
        #expect(phone.engine.app("Books")?.published?.info.title == "Chapter 3")
        let steps = phone.transcript.count
        phone.run(in: "Books") { center.playbackState = .playing }
        #expect(center.playbackState == .playing)
        #expect(phone.transcript.count == steps, "honoured on macOS only: no event on iOS")
        phone.run(in: "Books") { center.nowPlayingInfo = nil }
        #expect(center.nowPlayingInfo == nil)
        #expect(phone.engine.app("Books")?.published == nil)
    }
}
