import Testing

@testable import ArbiterEngine

@Suite("What a remote command carries (reference §8.3)")
struct RemoteValueTests {
    @Test("a position is written as before, and the value-less form is the same event as before")
    func sourceCompatible() {
        #expect(
            SystemAction.remote(.changePlaybackPosition, position: 300)
                == .remote(.changePlaybackPosition, value: .position(300)))
        #expect(SystemAction.remote(.pause, position: nil) == .remote(.pause))
        #expect(
            SystemAction.remote(.changePlaybackPosition, position: 300).description
                == "remote changePlaybackPosition 300.0")
        #expect(
            SystemAction.remote(.changePlaybackRate, value: .rate(1.5)).description
                == "remote changePlaybackRate 1.5")
        #expect(
            SystemAction.remote(.changeRepeatMode, value: .repeatType(.all)).description
                == "remote changeRepeatMode all")
        #expect(SystemAction.remote(.seekForward, value: .seek(.begin)).description == "remote seekForward begin")
        #expect(SystemAction.remote(.dislike, value: .negative(true)).description == "remote dislike negative")
        #expect(SystemAction.remote(.togglePlayPause).description == "remote togglePlayPause")
    }

    @Test("each command carries one kind of value, or none")
    func kinds() {
        #expect(RemoteCommand.skipBackward.valueKind == .interval && RemoteCommand.seekBackward.valueKind == .seek)
        #expect(RemoteCommand.bookmark.valueKind == .negative && RemoteCommand.rating.valueKind == .rating)
        #expect(
            [
                RemoteCommand.play, .pause, .stop, .togglePlayPause, .nextTrack, .previousTrack, .enableLanguageOption,
                .disableLanguageOption,
            ].allSatisfy { $0.valueKind == nil })
    }
}
