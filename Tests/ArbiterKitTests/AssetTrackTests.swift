import ArbiterKit
import Testing

/// What real apps' files met: an asset's tracks (a voice message's duration from its audio track, a video's check
/// for a video track), Picture in Picture offered where supported, an HTTP user agent option, AudioFileStream's
/// error codes.
@Suite struct AssetTrackTests {
    @Test func anAssetHasTheTracksOfItsMedia() async throws {
        let phone = try SimulatedPhone()
        phone.media["voice.m4a"] = SimulatedMedia(duration: 8)
        phone.media["clip.mp4"] = SimulatedMedia(duration: 30)
        phone.media["broken.m4a"] = SimulatedMedia(fails: true)
        try phone.install("Chat") { () }
        let (voice, clip, stream, broken) = phone.run(in: "Chat") {
            (
                AVURLAsset(url: URL(fileURLWithPath: "/media/voice.m4a")),
                AVURLAsset(
                    url: URL(fileURLWithPath: "/media/clip.mp4"),
                    options: [AVURLAssetHTTPUserAgentKey: "Chat/1.0"]),
                AVURLAsset(url: URL(string: "https://example.com/live.m3u8")!),
                AVURLAsset(url: URL(fileURLWithPath: "/media/broken.m4a"))
            )
        }
        let audio = try #require(voice.tracks(withMediaType: .audio).first)
        #expect(voice.tracks.count == 1 && audio.trackID == 1 && audio.timeRange.duration.seconds == 8)
        #expect(audio.hasMediaCharacteristic(.audible) && !audio.hasMediaCharacteristic(.visual))
        #expect(voice.tracks(withMediaType: .video).isEmpty)
        #expect(clip.tracks.map(\.mediaType) == [.audio, .video] && clip.track(withTrackID: 2)?.mediaType == .video)
        #expect(stream.tracks.isEmpty)  // HLS gives no tracks
        let loaded = try await voice.loadTracks(withMediaType: .audio)
        #expect(loaded.count == 1)
        let viaLoad = try await clip.load(.tracks)
        #expect(viaLoad.count == 2)
        await #expect(throws: (any Error).self) { try await broken.loadTracks(withMediaType: .audio) }
        #expect(broken.tracks.isEmpty)
    }

    @Test func pictureInPictureIsNotOfferedAndAppsTakeTheirPathWithoutIt() throws {
        let phone = try SimulatedPhone()
        let player = try phone.install("Video", backgroundModes: [.audio]) {
            AVPlayer(url: URL(fileURLWithPath: "/media/clip.mp4"))
        }
        let layer = phone.run(in: "Video") { AVPlayerLayer(player: player) }
        #expect(!AVPictureInPictureController.isPictureInPictureSupported())
        #expect(AVPictureInPictureController(playerLayer: layer) == nil)
    }

    @Test func audioFileStreamsErrorsHaveTheirCodes() {
        #expect(kAudioFileStreamError_InvalidFile == kAudioFileInvalidFileError)  // both 'dta?'
        #expect(kAudioFileStreamError_InvalidFile == 0x6474_613F)
        #expect(kAudioFileStreamError_DataUnavailable == 0x6D6F_7265)  // 'more'
        #expect(kAudioFileStreamError_UnsupportedDataFormat == kAudioFileUnsupportedDataFormatError)
    }
}
